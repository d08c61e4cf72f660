// The family data, public and rate-limited: GET /api/families (JSON for the /families page, with an ETag) and
// GET /api/families.ged (GEDCOM 5.5.1 for genealogy tools). Both read the current data on each request, so an
// import (`npm run families -- import`, written to the store) shows at the next load without a restart.
import type { FastifyInstance } from 'fastify';
import { familyDataSchema } from '../../../core/families/family-schema.ts';
import { toGedcom } from '../../../core/families/gedcom-export.ts';
import type { Config } from '../../config.ts';
import { emptyAnswer, jsonAnswer, textAnswer } from '../../lib/route-contract.ts';
import { rateLimits } from '../../plugins/security.ts';
import { etagMatches } from '../mt/mt.routes.ts';
import { FamilyStore } from './family-store.ts';
import { storageArea } from '../../lib/blob-store.ts';

export default function familiesRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const store = new FamilyStore(storageArea(config, 'families'));
  // Read from the store, no database: answered at once even while the database is busy.
  const limit = { config: { rateLimit: rateLimits(config).public, admission: false as const } };

  app.get(
    '/families',
    {
      schema: { summary: 'The family tree (JSON)' },
      config: {
        ...limit.config,
        answers: [
          jsonAnswer('The family data: people, marriages and their layout.', familyDataSchema),
          emptyAnswer(304, 'The data the client holds (If-None-Match) is current.'),
        ],
      },
    },
    async (request, reply) => {
      const current = await store.current();
      // no-cache: the browser (and the service worker) keep their copy and ask each time; unchanged costs a 304.
      void reply
        .header('ETag', current.etag)
        .header('Cache-Control', 'no-cache')
        .header('X-Family-Data-Source', current.source);
      if (etagMatches(request.headers['if-none-match'], current.etag)) return reply.status(304).send();
      return reply.header('Content-Type', 'application/json; charset=utf-8').send(current.json);
    },
  );

  app.get(
    '/families.ged',
    {
      schema: { summary: 'The family tree as GEDCOM 5.5.1 (for genealogy tools)' },
      config: {
        ...limit.config,
        answers: [
          textAnswer('The family data as a GEDCOM file (an attachment).', ['text/vnd.familysearch.gedcom']),
        ],
      },
    },
    async (_request, reply) => {
      const { data } = await store.current();
      return reply
        .header('Content-Type', 'text/vnd.familysearch.gedcom; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="families.ged"')
        .send(toGedcom(data));
    },
  );
}
