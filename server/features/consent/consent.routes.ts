// /api/consent: grant, read and withdraw consent (signed-in contributors); grants and withdrawals honour
// Idempotency-Key, so the offline outbox can replay them.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CONSENT_FORM_VERSION, consentStatusSchema } from '../../../core/api/consent.ts';
import { plausibleRecordedAt } from '../../../core/api/recordings.ts';
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
        // When it was given on the phone (bounded as recordings' times are), beside its arrival.
        const givenAt = plausibleRecordedAt(request.body.givenAt, Date.now());
        return ledger.append(user.id, 'grant', request.body.consent_type, CONSENT_FORM_VERSION, givenAt);
      }),
  );

  app.post('/withdraw', mutationRoute('consent.withdraw'), (request, reply) =>
    idempotent(request, reply, async ({ consent: ledger }) => {
      const user = currentUser(request);
      const withdrawnAt = plausibleRecordedAt(request.body?.withdrawnAt, Date.now());
      return ledger.append(user.id, 'withdraw', 'full', CONSENT_FORM_VERSION, withdrawnAt);
    }),
  );
}
