// SQL for translation pairs and their revision history.
import { and, asc, desc, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type {
  PairsQuery,
  PairsResponse,
  TranslationPair,
  TranslationRevision,
} from '../../../core/api/translation.ts';
import {
  MEMORY_PAGE_SIZE,
  memoryColumns,
  type MemoryEntry,
  type MemoryPage,
  type MemoryQuery,
} from '../../../core/api/chat.ts';
import type { TranslationCategory } from '../../../core/constants.ts';
import type { DbOrTx } from '../../db/driver.ts';
import { rowsOf } from '../../db/migrate.ts';
import {
  consentEvents,
  translationPairs,
  translationProposals,
  translationRevisions,
  users,
} from '../../db/schema.ts';
import { grantCovers, latestConsents } from '../consent/consent-sql.ts';
import { lockPairChanges, ProposalsRepository } from '../review/proposals.repository.ts';
import { counted, cursorOf, renewSyncEpoch, syncEpoch } from './sync-cursor.ts';
import { defineRepository } from '../../lib/repositories.ts';

type PairRow = typeof translationPairs.$inferSelect;

/** Rows per INSERT statement: keeps an import of 10,000 pairs well below PostgreSQL's parameter limit. */
const INSERT_CHUNK = 1000;
/** A LIMIT larger than any table here: a page asked for with `since` but no `limit` holds every change. */
const PAGE_UNBOUNDED = 1_000_000_000;

export function toPair(row: PairRow): TranslationPair {
  return {
    id: row.id,
    english: row.english,
    lopit: row.lopit,
    category: row.category,
    status: row.status,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    // Only when true: answers about the other pairs stay as they were.
    ...(row.retiredAt ? { retired: true } : {}),
  };
}

/**
 * A pair as exports, training sets and the engine may use it: a Lopit text whose last author does not now have
 * translation consent (never given, or withdrawn) is left out, as the consent form promises. Seeded and imported
 * texts (no author) stay.
 */
function withConsent(row: PairRow, consenting: ReadonlySet<string>): TranslationPair {
  return row.updatedBy && !consenting.has(row.updatedBy)
    ? { ...toPair(row), lopit: '', status: 'empty' as const }
    : toPair(row);
}

/** Whether the translation engine answers from a pair (after withConsent): approved, both sides written. */
export function inMemory(pair: Pick<TranslationPair, 'status' | 'english' | 'lopit'>): boolean {
  return pair.status === 'approved' && pair.english.trim() !== '' && pair.lopit.trim() !== '';
}

/** Changed pairs as a memory page carries them: entries the engine answers from, and the ids of the others. */
function memoryChanges(
  rows: readonly PairRow[],
  consenting: ReadonlySet<string>,
  reset: boolean,
): Pick<MemoryPage, 'ids' | 'english' | 'lopit' | 'removed'> {
  const entries: MemoryEntry[] = [];
  const removed: number[] = [];
  for (const row of rows) {
    const pair = withConsent(row, consenting);
    if (inMemory(pair)) entries.push({ id: pair.id, english: pair.english, lopit: pair.lopit });
    // A phone that starts again holds nothing to remove.
    else if (!reset) removed.push(pair.id);
  }
  return { ...memoryColumns(entries), removed };
}

/** A page of pairs before their proposals are added (ProposalsRepository.withProposals). */
export type PairsPage = Omit<PairsResponse, 'pairs'> & { pairs: TranslationPair[] };

/** What an import did with texts it brought: approved by the importing admin, or sent to community review. */
export interface InsertOptions {
  importedBy?: string;
  review?: boolean;
}

export class TranslationRepository {
  /** `db` may be a transaction (an idempotent request runs its effect on one). */
  constructor(private readonly db: DbOrTx) {}

  /** A database copied from a migrated template gets a sync epoch of its own (sync-cursor.ts renewSyncEpoch). */
  renewSyncEpoch(): Promise<void> {
    return renewSyncEpoch(this.db);
  }

  /**
   * A page of pairs for a phone's copy (see pairsQuerySchema): everything, or what changed after `since`.
   * Change numbers become visible in order (0009), so the largest one on a page is a safe place to go on from.
   * A cursor beyond the last change number this database handed out (a restore from an earlier backup) starts
   * again too: the changes it stands for are gone, and the ones that reuse their numbers would be skipped.
   */
  async page({ category, since, limit }: PairsQuery): Promise<PairsPage> {
    const epoch = await syncEpoch(this.db);
    const [sinceEpoch, sinceSeq] = since?.split(':') ?? [];
    const reset = sinceEpoch !== epoch || Number(sinceSeq) > (await counted(this.db)).changeSeq;
    const after = reset ? 0 : Number(sinceSeq);
    const inCategory = category ? eq(translationPairs.category, category) : undefined;
    if (since === undefined && limit === undefined) {
      const rows = await this.db
        .select()
        .from(translationPairs)
        .where(inCategory)
        .orderBy(asc(translationPairs.category), asc(translationPairs.id));
      const last = rows.reduce((max, row) => Math.max(max, row.changeSeq), 0);
      return { pairs: rows.map(toPair), cursor: cursorOf(epoch, last), more: false, remaining: 0, reset };
    }
    const changed = await this.changedAfter(after, limit ?? PAGE_UNBOUNDED, inCategory);
    return {
      pairs: changed.rows.map(toPair),
      cursor: cursorOf(epoch, changed.last),
      more: changed.more,
      remaining: changed.remaining,
      reset,
    };
  }

  /**
   * At most `limit` pairs (matching `where`) changed after change number `after`, in the order of their changes;
   * whether more wait and how many; and the last change number on the page (`after` when it is empty).
   */
  private async changedAfter(
    after: number,
    limit: number,
    where?: SQL,
  ): Promise<{ rows: PairRow[]; more: boolean; remaining: number; last: number }> {
    const fetched = await this.db
      .select()
      .from(translationPairs)
      .where(and(where, gt(translationPairs.changeSeq, after)))
      .orderBy(asc(translationPairs.changeSeq))
      .limit(limit + 1);
    const more = fetched.length > limit;
    const rows = more ? fetched.slice(0, limit) : fetched;
    const last = rows.reduce((max, row) => Math.max(max, row.changeSeq), after);
    const remaining = more ? await this.countWhere(and(where, gt(translationPairs.changeSeq, last))) : 0;
    return { rows, more, remaining, last };
  }

  /** How many pairs match `where`. */
  private async countWhere(where: SQL | undefined): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(translationPairs)
      .where(where);
    return row?.count ?? 0;
  }

  /** Pairs for exports and training sets, in category and id order, as withConsent leaves them. */
  async listForExport(category?: TranslationCategory): Promise<TranslationPair[]> {
    const rows = await this.db
      .select()
      .from(translationPairs)
      .where(category ? eq(translationPairs.category, category) : undefined)
      .orderBy(asc(translationPairs.category), asc(translationPairs.id));
    const consenting = await this.consentingAuthors();
    return rows.map((row) => withConsent(row, consenting));
  }

  /** Accounts whose translation consent is now granted. */
  private async consentingAuthors(): Promise<Set<string>> {
    return new Set(
      rowsOf<{ subject_id: string }>(
        await this.db.execute(
          sql`select subject_id from ${latestConsents} latest where ${grantCovers('latest', 'translation')}`,
        ),
      ).map((row) => row.subject_id),
    );
  }

  /**
   * A page of the translation memory for a phone (GET /api/translation/memory): the pairs the engine answers from
   * (inMemory) among those changed after the cursor, in the order of their changes, and the ids of changed pairs
   * that left it. A consent given or withdrawn since the cursor first re-sends its author's earlier pairs, as
   * entries or removals, in pages of at most `limit` like the rest, so the phone's copy follows the consent too.
   */
  async memoryPage({ since, limit = MEMORY_PAGE_SIZE }: MemoryQuery): Promise<MemoryPage> {
    // Read before the consents, so an event landing meanwhile is at worst sent twice, never missed.
    const lastConsent = await this.lastConsentEvent();
    const epoch = await syncEpoch(this.db);
    const [sinceEpoch, sinceSeq = '0', sinceConsent = '0', catchUpTo, catchUpAfterId] =
      since?.split(':') ?? [];
    // A cursor naming a number this database has not handed out yet starts again, as page() explains.
    const reset =
      sinceEpoch !== epoch ||
      (await this.beyond(Number(sinceSeq), Number(sinceConsent), catchUpTo, catchUpAfterId));
    const after = reset ? 0 : Number(sinceSeq);
    const consentFrom = Number(sinceConsent);
    const consenting = await this.consentingAuthors();
    // The consent events whose authors' earlier pairs are (still) to be sent again: none for a phone that starts
    // again, which receives every pair as it is now.
    const catchUp = reset
      ? null
      : catchUpTo !== undefined
        ? { to: Number(catchUpTo), afterId: Number(catchUpAfterId) }
        : consentFrom < lastConsent
          ? { to: lastConsent, afterId: 0 }
          : null;
    const rows: PairRow[] = [];
    if (catchUp) {
      // Pairs changed after the cursor come in order anyway; these are the earlier ones whose consent moved.
      const authors = this.db
        .selectDistinct({ id: consentEvents.userId })
        .from(consentEvents)
        .where(and(gt(consentEvents.id, consentFrom), lte(consentEvents.id, catchUp.to)));
      const earlier = and(
        lte(translationPairs.changeSeq, after),
        inArray(translationPairs.updatedBy, authors),
      );
      const caught = await this.db
        .select()
        .from(translationPairs)
        .where(and(earlier, gt(translationPairs.id, catchUp.afterId)))
        .orderBy(asc(translationPairs.id))
        .limit(limit + 1);
      if (caught.length > limit) {
        const page = caught.slice(0, limit);
        const lastId = page.at(-1)!.id;
        const remaining =
          (await this.countWhere(and(earlier, gt(translationPairs.id, lastId)))) +
          (await this.countWhere(gt(translationPairs.changeSeq, after)));
        const cursor = `${cursorOf(epoch, after)}:${consentFrom}:${catchUp.to}:${lastId}`;
        return { ...memoryChanges(page, consenting, false), cursor, more: true, remaining, reset };
      }
      rows.push(...caught);
    }
    const changed = await this.changedAfter(after, limit - rows.length);
    rows.push(...changed.rows);
    return {
      ...memoryChanges(rows, consenting, reset),
      // Events after catchUp.to (landed while it was being sent) start the next catch-up, at once.
      cursor: `${cursorOf(epoch, changed.last)}:${catchUp?.to ?? lastConsent}`,
      more: changed.more || (catchUp !== null && catchUp.to < lastConsent),
      remaining: changed.remaining,
      reset,
    };
  }

  /** Whether a memory cursor's numbers go beyond what this database has counted (sync-cursor.ts). */
  private async beyond(seq: number, consent: number, catchUpTo?: string, afterId?: string): Promise<boolean> {
    const now = await counted(this.db);
    return (
      seq > now.changeSeq ||
      consent > now.consentEvent ||
      Number(catchUpTo ?? 0) > now.consentEvent ||
      Number(afterId ?? 0) > now.pairId
    );
  }

  /** The id of the latest consent event (0 when none). */
  private async lastConsentEvent(): Promise<number> {
    const [row] = await this.db
      .select({ id: sql<number>`coalesce(max(${consentEvents.id}), 0)::bigint` })
      .from(consentEvents);
    return Number(row?.id ?? 0);
  }

  /**
   * Inserts prompts that are not there yet (same category and English text), all or none. A prompt brought
   * with its Lopit text counts as approved (by `importedBy`, recorded as an approved proposal), or with
   * `review` becomes a proposal of the importing admin that the community reviews like any other.
   */
  async insertPrompts(
    prompts: { english: string; category: TranslationCategory; lopit?: string }[],
    { importedBy, review = false }: InsertOptions = {},
  ): Promise<{ inserted: number; approved: number; proposed: number }> {
    const counts = { inserted: 0, approved: 0, proposed: 0 };
    if (prompts.length === 0) return counts;
    const toReview = review && importedBy !== undefined;
    return this.db.transaction(async (tx) => {
      // Before any row lock, as every transaction that changes pairs and proposals together (lockPairChanges).
      await lockPairChanges(tx);
      for (let start = 0; start < prompts.length; start += INSERT_CHUNK) {
        const rows = await tx
          .insert(translationPairs)
          .values(
            prompts.slice(start, start + INSERT_CHUNK).map((prompt) => {
              const lopit = toReview ? '' : (prompt.lopit ?? '');
              return { ...prompt, lopit, status: lopit ? ('approved' as const) : ('empty' as const) };
            }),
          )
          .onConflictDoNothing()
          .returning();
        counts.inserted += rows.length;
        const texts = new Map(
          prompts.map((prompt) => [`${prompt.category}\t${prompt.english}`, prompt.lopit]),
        );
        const proposals = rows.flatMap((row) => {
          const text = texts.get(`${row.category}\t${row.english}`);
          if (!text || importedBy === undefined) return [];
          return [
            toReview
              ? {
                  pairId: row.id,
                  authorId: importedBy,
                  text,
                  pairVersion: row.version,
                  source: 'import' as const,
                }
              : {
                  pairId: row.id,
                  text,
                  state: 'approved' as const,
                  pairVersion: row.version,
                  source: 'import' as const,
                  decidedBy: importedBy,
                  decidedAt: new Date(),
                },
          ];
        });
        if (proposals.length > 0) await tx.insert(translationProposals).values(proposals);
        if (toReview) counts.proposed += proposals.length;
        else counts.approved += rows.filter((row) => row.lopit !== '').length;
        const inserted = new Set(rows.map((row) => `${row.category}\t${row.english}`));
        const filled = await fillUntranslated(
          tx,
          prompts
            .slice(start, start + INSERT_CHUNK)
            .filter((prompt) => prompt.lopit && !inserted.has(`${prompt.category}\t${prompt.english}`)),
          importedBy,
          toReview,
        );
        counts.inserted += filled;
        if (toReview) counts.proposed += filled;
        else counts.approved += filled;
      }
      return counts;
    });
  }

  async exists(id: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: translationPairs.id })
      .from(translationPairs)
      .where(eq(translationPairs.id, id));
    return row !== undefined;
  }

  /** Every change of a pair, newest first, with the editor's name (null once the account is gone). */
  async revisions(pairId: number): Promise<TranslationRevision[]> {
    const rows = await this.db
      .select({ revision: translationRevisions, userName: users.name })
      .from(translationRevisions)
      .leftJoin(users, eq(users.id, translationRevisions.userId))
      .where(eq(translationRevisions.pairId, pairId))
      .orderBy(desc(translationRevisions.id));
    return rows.map(({ revision, userName }) => ({
      id: revision.id,
      version: revision.version,
      before: revision.beforeText,
      after: revision.afterText,
      userId: revision.userId,
      userName: userName?.trim() || null,
      createdAt: revision.createdAt.toISOString(),
    }));
  }

  async count(): Promise<{ total: number; translated: number }> {
    const [row] = await this.db
      .select({
        total: sql<number>`count(*)::int`,
        translated: sql<number>`count(*) filter (where ${translationPairs.status} = 'approved')::int`,
      })
      .from(translationPairs);
    return { total: row?.total ?? 0, translated: row?.translated ?? 0 };
  }
}

/**
 * Imported rows with a Lopit text whose English is already a prompt without a translation (issue 35: they were
 * counted as duplicates and the prompt stayed untranslated): the text becomes the prompt's approved translation
 * (the admin's curated import, recorded as a revision) or, with review, the admin's proposal. A prompt that
 * already has a translation, or an open proposal of this import, is left as it is (a true duplicate). Returns how
 * many were filled.
 */
async function fillUntranslated(
  tx: DbOrTx,
  prompts: readonly { english: string; category: TranslationCategory; lopit?: string }[],
  importedBy: string | undefined,
  toReview: boolean,
): Promise<number> {
  if (prompts.length === 0 || importedBy === undefined) return 0;
  const existing = await tx
    .select()
    .from(translationPairs)
    .where(
      and(
        inArray(
          translationPairs.english,
          prompts.map((prompt) => prompt.english),
        ),
        eq(translationPairs.lopit, ''),
      ),
    );
  const byKey = new Map(existing.map((pair) => [`${pair.category}\t${pair.english}`, pair]));
  const proposals = new ProposalsRepository(tx);
  let filled = 0;
  for (const prompt of prompts) {
    const key = `${prompt.category}\t${prompt.english}`;
    const pair = byKey.get(key);
    if (!pair) continue;
    byKey.delete(key); // Twice in one file: the first text is taken, the second is a duplicate.
    if (toReview) {
      const [open] = await tx
        .select({ id: translationProposals.id })
        .from(translationProposals)
        .where(
          and(
            eq(translationProposals.pairId, pair.id),
            eq(translationProposals.authorId, importedBy),
            eq(translationProposals.state, 'proposed'),
          ),
        );
      if (open) continue;
      await tx.insert(translationProposals).values({
        pairId: pair.id,
        authorId: importedBy,
        text: prompt.lopit!,
        pairVersion: pair.version,
        source: 'import' as const,
      });
    } else {
      const [proposal] = await tx
        .insert(translationProposals)
        .values({
          pairId: pair.id,
          text: prompt.lopit!,
          state: 'approved' as const,
          pairVersion: pair.version,
          source: 'import' as const,
          decidedBy: importedBy,
          decidedAt: new Date(),
        })
        .returning();
      await proposals.apply(pair, proposal!, importedBy);
    }
    filled += 1;
  }
  return filled;
}

declare module '../../lib/repositories.ts' {
  interface TransactionRepositories {
    translation: TranslationRepository;
  }
}

export const translationRepository = defineRepository(
  'translation',
  (db) => new TranslationRepository(db),
  async (repository, { copiedFromTemplate }) => {
    if (copiedFromTemplate) await repository.renewSyncEpoch();
  },
);
