// /api/audio: the signed-in contributor's recordings (uploading arrives with the field-recording work).
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordingSchema } from '../../../core/api/data.ts';
import { RECORDINGS_PAGE_SIZE } from '../../../core/constants.ts';
import { recordings } from '../../db/schema.ts';
import { currentUser } from '../../plugins/auth.ts';

const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(RECORDINGS_PAGE_SIZE),
});

export default function audioRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/recordings',
    {
      schema: {
        querystring: pageQuery,
        response: {
          200: z.object({
            recordings: z.array(recordingSchema),
            total: z.number().int(),
            page: z.number().int(),
          }),
        },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const owner = eq(recordings.ownerId, currentUser(request).id);
      const rows = await db
        .select()
        .from(recordings)
        .where(owner)
        .orderBy(desc(recordings.createdAt))
        .limit(limit)
        .offset((page - 1) * limit);
      const [total] = await db.select({ total: count() }).from(recordings).where(owner);
      return {
        recordings: rows.map((row) => ({
          id: row.id,
          fileName: row.fileName,
          duration: row.durationSeconds,
          createdAt: row.createdAt.toISOString(),
          mimeType: row.mimeType,
        })),
        total: total?.total ?? 0,
        page,
      };
    },
  );
}
