// GET /api/families.ged: the family data as GEDCOM 5.5.1, for common genealogy tools (public, rate-limited).
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { parseFamilyData } from '../../../core/families/family-schema.ts';
import { toGedcom } from '../../../core/families/gedcom-export.ts';
import type { Config } from '../../config.ts';
import { rateLimits } from '../../plugins/security.ts';

/** The same file the page ships and `npm run families -- import` replaces. */
const FAMILY_DATA_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../content/families/sample-lineage.json',
);

export default function familiesRoutes(app: FastifyInstance, { config }: { config: Config }) {
  app.get('/families.ged', { config: { rateLimit: rateLimits(config).public } }, async (_request, reply) => {
    const data = parseFamilyData(JSON.parse(await fs.readFile(FAMILY_DATA_FILE, 'utf8')) as unknown);
    return reply
      .header('Content-Type', 'text/vnd.familysearch.gedcom; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="families.ged"')
      .send(toGedcom(data));
  });
}
