// GET /api/health: is the server up, and can it reach its database? Answered without waiting behind the
// database's queue: phones ask it to learn whether the server is reachable, most of all during a reconnect
// burst, so the database is asked at most once every few seconds and the answer shared (database-health.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { rateLimits } from '../../plugins/security.ts';
import { DatabaseHealth } from './database-health.ts';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), reachable: z.boolean(), latencyMs: z.number() }),
  time: z.string(),
});

export default function healthRoutes(instance: FastifyInstance, { config }: { config: Config }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const health = new DatabaseHealth(app.database.db, (error) =>
    app.log.error({ err: error }, 'database health check failed'),
  );
  app.get(
    '/health',
    {
      schema: {
        summary: 'Is the server up and its database reachable',
        response: { 200: healthSchema, 503: healthSchema },
      },
      config: { rateLimit: rateLimits(config).public, admission: false },
    },
    async (_request, reply) => {
      const { reachable, latencyMs } = await health.current();
      const body = {
        status: reachable ? ('ok' as const) : ('degraded' as const),
        database: { kind: app.database.kind, reachable, latencyMs },
        time: new Date().toISOString(),
      };
      return reply.status(reachable ? 200 : 503).send(body);
    },
  );
}
