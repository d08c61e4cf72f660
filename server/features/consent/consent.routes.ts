// /api/consent: grant, read and withdraw consent (signed-in contributors); grants and withdrawals honour
// Idempotency-Key, so the offline outbox can replay them.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CONSENT_FORM_VERSION, consentStatusSchema } from '../../../core/api/consent.ts';
import { idempotent } from '../../lib/idempotency.ts';
import { mutationRoute } from '../../lib/mutation-route.ts';
import { currentUser } from '../../plugins/auth.ts';

export default function consentRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const consents = app.repositories.consent;
  app.guardRoutes('user');

  app.get(
    '/status',
    { schema: { summary: "The signed-in contributor's consent", response: { 200: consentStatusSchema } } },
    (request) => consents.status(currentUser(request).id),
  );

  app.post(
    '/submit',
    {
      ...mutationRoute('consent.submit'),
    },
    (request, reply) =>
      idempotent(request, reply, async ({ consent: ledger }) => {
        const user = currentUser(request);
        return ledger.append(user.id, 'grant', request.body.consent_type, CONSENT_FORM_VERSION);
      }),
  );

  app.post('/withdraw', mutationRoute('consent.withdraw'), (request, reply) =>
    idempotent(request, reply, async ({ consent: ledger }) => {
      const user = currentUser(request);
      return ledger.append(user.id, 'withdraw', 'full', CONSENT_FORM_VERSION);
    }),
  );
}
