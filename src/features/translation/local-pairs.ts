// The editor's data on this device: pairs cached from the server, and edits waiting in the outbox.
import type { SaveTranslation, TranslationPair } from '../../../core/api/translation.ts';
import type { TranslationCategory } from '../../../core/constants.ts';
import { toCsv } from '../../../core/csv.ts';
import { localDb, type CachedPair, type OutboxEntry } from '../../offline/local-db.ts';
import { submitChange } from '../sync/sync.ts';
import { translationApi } from './translation-api.ts';

export const pairSubject = (id: number) => `pair:${id}`;

const byCategoryThenId = (a: TranslationPair, b: TranslationPair) =>
  a.category === b.category ? a.id - b.id : a.category < b.category ? -1 : 1;

/** Cached pairs of a category (or all), in the server's order. */
export async function cachedPairs(category: TranslationCategory | 'all'): Promise<CachedPair[]> {
  const db = localDb();
  const rows =
    category === 'all'
      ? await db.pairs.toArray()
      : await db.pairs.where('category').equals(category).toArray();
  return rows.sort(byCategoryThenId);
}

/** Reads pairs from the server into the cache; pairs the server no longer has leave the cache. */
export async function refreshPairs(category: TranslationCategory | 'all'): Promise<void> {
  const { pairs } = await translationApi.pairs(category === 'all' ? undefined : category);
  const db = localDb();
  const now = Date.now();
  await db.transaction('rw', db.pairs, async () => {
    const present = new Set(pairs.map((pair) => pair.id));
    const scope = category === 'all' ? db.pairs.toCollection() : db.pairs.where('category').equals(category);
    await scope.filter((pair) => !present.has(pair.id)).delete();
    await db.pairs.bulkPut(pairs.map((pair) => ({ ...pair, cachedAt: now })));
  });
}

/** Queues a contributor's text for a pair; a second edit before sending replaces the first. */
export function queueTranslation(pair: TranslationPair, userId: string, translation: string) {
  const body: SaveTranslation = { id: pair.id, translation, baseVersion: pair.version };
  return submitChange(
    {
      userId,
      kind: 'translation.save',
      subject: pairSubject(pair.id),
      path: 'translation/save',
      body,
      label: `Translation of “${pair.english}”`,
    },
    { coalesce: true },
  );
}

/** The latest outbox entry of each pair, by pair id. */
export function latestEditByPair(entries: readonly OutboxEntry[] | undefined): Map<number, OutboxEntry> {
  const map = new Map<number, OutboxEntry>();
  for (const entry of entries ?? []) {
    if (entry.kind === 'translation.save') map.set((entry.body as SaveTranslation).id, entry);
  }
  return map;
}

/** The text this device shows for a pair: the latest waiting edit, else the server's. */
export function shownText(pair: TranslationPair, entry: OutboxEntry | undefined): string {
  return entry ? (entry.body as SaveTranslation).translation : pair.lopit;
}

/** translations.csv from this device's copy (with waiting edits), for when the server cannot be reached. */
export function localCsv(pairs: readonly TranslationPair[], edits: Map<number, OutboxEntry>): string {
  return toCsv(
    ['id', 'category', 'english', 'lopit', 'status'],
    pairs.map((pair) => {
      const text = shownText(pair, edits.get(pair.id));
      const status = edits.has(pair.id) ? 'pending' : pair.status;
      return [pair.id, pair.category, pair.english, text, status];
    }),
  );
}
