// The revision counters of engine_data_revisions (migrations 0005 and 0024): a statement-level trigger bumps a
// table's counter in the same transaction as any change to it, so a reader sees a new revision exactly when it
// sees the new data (a sequence would run ahead of uncommitted data). A process that keeps something made from
// those tables (the translation engine, the pages a phone reads to get ready) reads them in one small query and
// knows whether what it keeps is still current, whichever server made the change.
import type { DbOrTx } from '../db/driver.ts';
import { engineDataRevisions } from '../db/schema.ts';

/** The tables counted: what the engine is built from, and the accounts whose names pages show. */
export const REVISION_SOURCES = [
  'translation_pairs',
  'consent_events',
  'lexicon_entries',
  'model_artifacts',
  'users',
] as const;
export type RevisionSource = (typeof REVISION_SOURCES)[number];
export type DataRevisions = Record<RevisionSource, number>;

/** Every counter (0 for one not there yet). */
export async function readDataRevisions(db: DbOrTx): Promise<DataRevisions> {
  const rows = await db.select().from(engineDataRevisions);
  const revisions = Object.fromEntries(REVISION_SOURCES.map((source) => [source, 0])) as DataRevisions;
  for (const row of rows) {
    if ((REVISION_SOURCES as readonly string[]).includes(row.source))
      revisions[row.source as RevisionSource] = row.revision;
  }
  return revisions;
}
