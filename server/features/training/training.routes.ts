// /api/training: model status, progress, start and stop (product-spec section 7), the tokens of external workers,
// and (under /worker) the HTTP protocol those workers speak. Reading needs a signed-in user; starting,
// stopping and managing worker tokens need an admin (checked before the body is read).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serialIdTextSchema } from '../../../core/api/input.ts';
import {
  TRAINING_ERROR_CODES,
  trainingJobResponseSchema,
  trainingProgressQuerySchema,
  trainingProgressSchema,
  trainingStartSchema,
  trainingStatusListSchema,
  trainingStopSchema,
  workerTokenCreateSchema,
  workerTokenCreatedSchema,
  workerTokenListSchema,
} from '../../../core/api/training.ts';
import { emptyAnswer } from '../../lib/route-contract.ts';
import { currentUser } from '../../plugins/auth.ts';
import { TrainingService } from './training.service.ts';
import workerRoutes from './worker.routes.ts';

export default async function trainingRoutes(instance: FastifyInstance) {
  await instance.register(userRoutes);
  // Its own scope: external workers authenticate with worker tokens, not user sessions.
  await instance.register(workerRoutes, { prefix: '/worker' });
}

function userRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = new TrainingService(app.training);
  app.guardRoutes('user');

  app.get(
    '/status',
    { schema: { summary: 'The state of each model type', response: { 200: trainingStatusListSchema } } },
    () => service.statusList(),
  );

  app.get(
    '/progress',
    {
      schema: {
        summary: "The progress of a model type's training",
        querystring: trainingProgressQuerySchema,
        response: { 200: trainingProgressSchema },
      },
    },
    (request) => service.progress(request.query.model_type),
  );

  app.post(
    '/start',
    {
      onRequest: app.requireAdmin,
      config: { errors: [{ status: 409, code: TRAINING_ERROR_CODES.alreadyActive }] },
      schema: {
        summary: 'Start training a model',
        body: trainingStartSchema,
        response: { 202: trainingJobResponseSchema },
      },
    },
    async (request, reply) => {
      const job = await service.start(request.body, currentUser(request).id);
      return reply.status(202).send({ job });
    },
  );

  app.post(
    '/stop',
    {
      onRequest: app.requireAdmin,
      config: { errors: [{ status: 409, code: TRAINING_ERROR_CODES.notActive }] },
      schema: {
        summary: 'Stop training a model',
        body: trainingStopSchema,
        response: { 200: trainingJobResponseSchema },
      },
    },
    async (request) => ({ job: await service.stop(request.body.model_type) }),
  );

  app.get(
    '/workers',
    {
      onRequest: app.requireAdmin,
      schema: { summary: 'List the worker tokens', response: { 200: workerTokenListSchema } },
    },
    async () => ({ workers: await app.training.tokens.list() }),
  );

  app.post(
    '/workers',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: 'Issue a worker token',
        body: workerTokenCreateSchema,
        response: { 201: workerTokenCreatedSchema },
      },
    },
    async (request, reply) => {
      const created = await app.training.tokens.create({
        name: request.body.name,
        modelTypes: request.body.model_types,
        createdBy: currentUser(request).id,
      });
      return reply.status(201).header('Cache-Control', 'no-store').send(created);
    },
  );

  app.delete(
    '/workers/:id',
    {
      onRequest: app.requireAdmin,
      config: { answers: [emptyAnswer(204, 'The token is revoked.')] },
      schema: { summary: 'Revoke a worker token', params: z.object({ id: serialIdTextSchema() }) },
    },
    async (request, reply) => {
      await service.revokeWorkerToken(request.params.id);
      return reply.status(204).send();
    },
  );
}
