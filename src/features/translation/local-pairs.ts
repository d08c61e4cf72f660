// The editor's data on this device: pairs cached from the server (with their open proposals, as the signed-in
// person sees them), and edits waiting in the outbox.
import {
  PAIRS_PAGE_SIZE,
  type ProposalSummary,
  type ReviewedPair,
  type SaveTranslation,
  type TranslationPair,
} from '../../../core/api/translation.ts';
import type { TranslationCategory } from '../../../core/constants.ts';
import { toCsv } from '../../../core/csv.ts';
import { authStore } from '../../lib/auth-store.ts';
import { localDb, type CachedPair, type OutboxEntry, type OutboxEntryOf } from '../../offline/local-db.ts';
import { enqueue } from '../../offline/outbox.ts';
import { translationApi } from './translation-api.ts';

/** The name of the pairs copy's cursor in syncCursors. */
const PAIRS_CURSOR = 'pairs';

const byCategoryThenId = (a: TranslationPair, b: TranslationPair) =>
  a.category === b.category ? a.id - b.id : a.category < b.category ? -1 : 1;

/**
 * Cached pairs of a category (or all), in the server's order, as `viewerId` sees them: on a copy read for
 * someone else (a phone a family shares) no proposal is theirs, and a copy from before the review loop has none.
 */
export async function cachedPairs(
  category: TranslationCategory | 'all',
  viewerId: string | null,
): Promise<CachedPair[]> {
  const db = localDb();
  const rows =
    category === 'all'
      ? await db.pairs.toArray()
      : await db.pairs.where('category').equals(category).toArray();
  return rows.map((row) => seenBy(row, viewerId)).sort(byCategoryThenId);
}

function seenBy(row: CachedPair, viewerId: string | null): CachedPair {
  const proposals = (row.proposals as ProposalSummary[] | undefined) ?? [];
  if (row.viewerId === viewerId) return { ...row, proposals };
  return { ...row, proposals: proposals.map((proposal) => ({ ...proposal, mine: false })) };
}

/** The signed-in person's own open proposal for the pair, if any. */
export function ownProposal(pair: ReviewedPair): ProposalSummary | undefined {
  return pair.proposals.find((proposal) => proposal.mine);
}

/** How far a download of pairs has come: pairs received, and pairs in all (received and still to come). */
export interface PairsProgress {
  received: number;
  total: number;
}

let running: Promise<void> | null = null;
const progressListeners = new Set<(progress: PairsProgress) => void>();

/**
 * Brings this device's copy of the pairs up to date: only the pairs changed since its cursor, page by page,
 * each page stored with the cursor after it (an interrupted download goes on from there). Without a cursor,
 * or when the server starts again from the beginning (another database), the copy is rebuilt: pairs the server
 * no longer has leave it, and the cursor is kept only once the last page is in. A call while a download runs
 * (the editor opened during the field preparation) joins it rather than fetching the pages twice.
 */
export function refreshPairs(onProgress?: (progress: PairsProgress) => void): Promise<void> {
  if (onProgress) progressListeners.add(onProgress);
  running ??= downloadPairs((progress) => {
    for (const listener of progressListeners) listener(progress);
  }).finally(() => {
    running = null;
    progressListeners.clear();
  });
  const joined = running;
  return onProgress ? joined.finally(() => progressListeners.delete(onProgress)) : joined;
}

async function downloadPairs(onProgress: (progress: PairsProgress) => void): Promise<void> {
  const db = localDb();
  // The answers' `mine` flags are those of the account the requests are made as.
  const viewerId = authStore.getState().user?.id;
  let since = (await db.syncCursors.get(PAIRS_CURSOR))?.cursor;
  // A copy holding pairs read for someone else (another account on this phone, or an app from before the review
  // loop, without proposals) is read again from the start; only what changed would leave those as they were.
  if (since && (await db.pairs.toArray()).some((pair) => pair.viewerId !== viewerId)) since = undefined;
  let rebuilding = false;
  const present = new Set<number>();
  let received = 0;
  for (;;) {
    const page = await translationApi.pairs({ since, limit: PAIRS_PAGE_SIZE });
    rebuilding ||= page.reset;
    received += page.pairs.length;
    onProgress({ received, total: received + page.remaining });
    const now = Date.now();
    await db.transaction('rw', db.pairs, db.syncCursors, async () => {
      await db.pairs.bulkPut(page.pairs.map((pair) => ({ ...pair, cachedAt: now, viewerId })));
      if (rebuilding) for (const pair of page.pairs) present.add(pair.id);
      if (rebuilding && page.more) return;
      if (rebuilding) await db.pairs.filter((pair) => !present.has(pair.id)).delete();
      await db.syncCursors.put({ name: PAIRS_CURSOR, cursor: page.cursor, syncedAt: now });
    });
    if (!page.more) return;
    since = page.cursor;
  }
}

/** Queues a contributor's text for a pair; a second edit before sending replaces the first. */
export function queueTranslation(pair: TranslationPair, userId: string, translation: string) {
  const body: SaveTranslation = { id: pair.id, translation, baseVersion: pair.version };
  return enqueue(localDb(), userId, 'translation.save', { params: {}, body }, { english: pair.english });
}

/** The latest outbox entry of each pair, by pair id. */
export function latestEditByPair(
  entries: readonly OutboxEntry[] | undefined,
): Map<number, OutboxEntryOf<'translation.save'>> {
  const map = new Map<number, OutboxEntryOf<'translation.save'>>();
  for (const entry of entries ?? []) {
    if (entry.kind === 'translation.save') map.set(entry.body.id, entry);
  }
  return map;
}

/**
 * The text the editor's field shows for a pair: the latest waiting edit, else the person's own proposal, else
 * the approved text (which a contributor's change turns into a proposal).
 */
export function shownText(pair: ReviewedPair, entry: OutboxEntryOf<'translation.save'> | undefined): string {
  if (entry) return entry.body.translation;
  return ownProposal(pair)?.text ?? pair.lopit;
}

/**
 * translations.csv from this device's copy, for when the server cannot be reached: the text the editor shows,
 * 'pending' where it is the person's own (waiting to be sent, or waiting for review).
 */
export function localCsv(
  pairs: readonly ReviewedPair[],
  edits: Map<number, OutboxEntryOf<'translation.save'>>,
): string {
  return toCsv(
    ['id', 'category', 'english', 'lopit', 'status'],
    pairs.map((pair) => {
      const edit = edits.get(pair.id);
      const text = shownText(pair, edit);
      const status = edit || ownProposal(pair) ? 'pending' : pair.status;
      return [pair.id, pair.category, pair.english, text, status];
    }),
  );
}
