// /api/consent: grant, read and withdraw consent (signed-in contributors); grants and withdrawals honour
// Idempotency-Key, so the offline outbox can replay them.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CONSENT_FORM_VERSION, consentStatusSchema, consentSubmitSchema } from '../../../core/api/consent.ts';
import { idempotent, IDEMPOTENT_CONTRACT } from '../../lib/idempotency.ts';
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
      schema: { summary: 'Give consent', body: consentSubmitSchema, response: { 200: consentStatusSchema } },
      config: IDEMPOTENT_CONTRACT,
    },
    (request, reply) =>
      idempotent(request, reply, async ({ consent: ledger }) => {
        const user = currentUser(request);
        return ledger.append(user.id, 'grant', request.body.consent_type, CONSENT_FORM_VERSION);
      }),
  );

  app.post(
    '/withdraw',
    {
      schema: { summary: 'Withdraw all consent', response: { 200: consentStatusSchema } },
      config: IDEMPOTENT_CONTRACT,
    },
    (request, reply) =>
      idempotent(request, reply, async ({ consent: ledger }) => {
        const user = currentUser(request);
        return ledger.append(user.id, 'withdraw', 'full', CONSENT_FORM_VERSION);
      }),
  );
}
