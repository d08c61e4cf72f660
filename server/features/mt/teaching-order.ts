// Which sentence next, on the server: every untranslated sentence ranked by what its translation would teach the
// model (core/mt/selection.ts), for the prompt pack's order and the admins' list. The ranking is kept per
// database and rebuilt only when the translation pairs change (their revision counter, engine_data_revisions,
// is bumped by a trigger in the same transaction as any change: migration 0005), and at most once a minute:
// ranking 10,000 sentences takes about a second of the event loop (scripts/bench-mt.ts times 27,000), and an
// order a minute old asks for sentences just as well.
import { eq } from 'drizzle-orm';
import { rankByNovelty, type RankedSentence } from '../../../core/mt/selection.ts';
import type { DbOrTx } from '../../db/driver.ts';
import { engineDataRevisions, translationPairs } from '../../db/schema.ts';

const cache = new WeakMap<object, { revision: number; at: number; ranks: Map<number, RankedSentence> }>();
/** A ranking is reused this long after the pairs change. */
const REUSE_MS = 60_000;

/** Whether a pair counts as translated: approved with a Lopit text (the model learns from these). */
function translated(pair: { status: string; lopit: string }): boolean {
  return pair.status === 'approved' && pair.lopit.trim() !== '';
}

/** The teaching rank and its reason for every untranslated, unretired sentence (by pair id). */
export async function teachingRanks(db: DbOrTx): Promise<Map<number, RankedSentence>> {
  const [row] = await db
    .select({ revision: engineDataRevisions.revision })
    .from(engineDataRevisions)
    .where(eq(engineDataRevisions.source, 'translation_pairs'));
  const revision = row?.revision ?? 0;
  const kept = cache.get(db);
  if (kept && (kept.revision === revision || Date.now() - kept.at < REUSE_MS)) return kept.ranks;
  const pairs = await db
    .select({
      id: translationPairs.id,
      english: translationPairs.english,
      lopit: translationPairs.lopit,
      status: translationPairs.status,
      retiredAt: translationPairs.retiredAt,
    })
    .from(translationPairs);
  const known = pairs.filter(translated).map((pair) => pair.english);
  const waiting = pairs.filter((pair) => !pair.retiredAt && !translated(pair));
  const ranks = new Map(
    rankByNovelty(
      waiting.map((pair) => ({ id: pair.id, text: pair.english })),
      known,
    ).map((r) => [r.id, r]),
  );
  cache.set(db, { revision, at: Date.now(), ranks });
  return ranks;
}
