// /api/training: status of the three model types. No model has been trained on this installation until the
// training queue runs one, so the list is empty and the page shows every model as not trained.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { modelStatusSchema } from '../../../core/api/data.ts';

export default function trainingRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireUser);
  app.get('/status', { schema: { response: { 200: z.array(modelStatusSchema) } } }, () => []);
}
