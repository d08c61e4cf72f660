// GET /api/health: is the server up, and can it reach its database?
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { rateLimits } from '../../plugins/security.ts';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), reachable: z.boolean(), latencyMs: z.number() }),
  time: z.string(),
});

export default function healthRoutes(instance: FastifyInstance, { config }: { config: Config }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/health',
    {
      schema: { response: { 200: healthSchema, 503: healthSchema } },
      config: { rateLimit: rateLimits(config).public },
    },
    async (request, reply) => {
      const started = performance.now();
      let reachable = true;
      try {
        await app.database.db.execute(sql`select 1`);
      } catch (error) {
        request.log.error({ err: error }, 'database health check failed');
        reachable = false;
      }
      const body = {
        status: reachable ? ('ok' as const) : ('degraded' as const),
        database: {
          kind: app.database.kind,
          reachable,
          latencyMs: Math.round((performance.now() - started) * 10) / 10,
        },
        time: new Date().toISOString(),
      };
      return reply.status(reachable ? 200 : 503).send(body);
    },
  );
}
