// SQL for translation proposals (migration 0010): a contributor's save is a proposal; two approvals by other
// people (or an admin) make it the pair's approved text, two rejections reject it (core/review/rules.ts).
//
// translation_pairs.lopit and status stay the approved text, so everything that trains or exports reads
// approved data through the columns it always read. Every change of a pair's proposals also touches the pair
// row, so the trigger of migration 0009 gives it a new change number and phones holding a copy by cursor see it.
import { and, asc, count, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { PROPOSAL_VERDICTS } from '../../../core/api/review.ts';
import type {
  AdminProposal,
  ProposalStatus,
  ProposalVerdict,
  ReviewProposal,
} from '../../../core/api/review.ts';
import type { ProposalSummary, ReviewedPair, TranslationPair } from '../../../core/api/translation.ts';
import type { TranslationCategory } from '../../../core/constants.ts';
import { proposalStateFromReviews } from '../../../core/review/rules.ts';
import { withinTransaction, type DbOrTx } from '../../db/driver.ts';
import { countVerdicts, rejectionReasons, reviewsGiven, type ReviewsTable } from './review-tally.ts';
import {
  proposalReviews,
  translationPairs,
  translationProposals,
  translationRevisions,
  users,
} from '../../db/schema.ts';
import { toPair } from '../translation/translation.repository.ts';
import { defineRepository } from '../../lib/repositories.ts';

type ProposalRow = typeof translationProposals.$inferSelect;

const PROPOSAL_REVIEWS: ReviewsTable = {
  table: proposalReviews,
  item: proposalReviews.proposalId,
  reviewer: proposalReviews.reviewerId,
  verdict: proposalReviews.verdict,
  reason: proposalReviews.reason,
  createdAt: proposalReviews.createdAt,
};
type PairRow = typeof translationPairs.$inferSelect;

/** Who is acting: their account and whether they are an admin (whose word decides). */
export interface Actor {
  id: string;
  role: 'contributor' | 'admin';
}

export type ProposeResult =
  { kind: 'saved'; pair: ReviewedPair } | { kind: 'conflict'; current: ReviewedPair } | { kind: 'missing' };

export type ReviewResult =
  { kind: 'reviewed'; proposal: ProposalStatus } | { kind: 'own' } | { kind: 'missing' };

/**
 * Waits for the lock that keeps transactions changing pairs and proposals from deadlocking on their row locks:
 * taken first, before any row lock. Those that lock rows of several pairs or proposals in their own orders
 * (reviews, decisions, transcripts, imports) take it alone; a contributor's save, which locks one pair and then
 * that pair's proposals, takes it `shared`, so saves run side by side and wait only for those. (Since 0026 the
 * change numbers are drawn at commit under a lock of their own, held only for the commit.)
 */
export const lockPairChanges = (db: DbOrTx, mode: 'alone' | 'shared' = 'alone') =>
  db.execute(
    mode === 'shared'
      ? sql`select pg_advisory_xact_lock_shared(hashtext('translation_pairs_changes'))`
      : sql`select pg_advisory_xact_lock(hashtext('translation_pairs_changes'))`,
  );

const displayName = (name: string | null) => name?.trim() || null;

function toStatus(row: ProposalRow, myVerdict: ProposalVerdict | null): ProposalStatus {
  return {
    id: row.id,
    pairId: row.pairId,
    state: row.state,
    approvals: row.approvals,
    rejections: row.rejections,
    myVerdict,
  };
}

export class ProposalsRepository {
  /** `db` may be a transaction (an idempotent request runs its effect on one). */
  constructor(private readonly db: DbOrTx) {}

  /** The open proposals of these pairs, oldest first, as `viewerId` sees them. */
  async openProposals(pairIds: number[], viewerId: string): Promise<Map<number, ProposalSummary[]>> {
    const byPair = new Map<number, ProposalSummary[]>();
    if (pairIds.length === 0) return byPair;
    const rows = await this.db
      .select({ proposal: translationProposals, authorName: users.name })
      .from(translationProposals)
      .leftJoin(users, eq(users.id, translationProposals.authorId))
      .where(and(inArray(translationProposals.pairId, pairIds), eq(translationProposals.state, 'proposed')))
      .orderBy(asc(translationProposals.id));
    for (const { proposal, authorName } of rows) {
      const list = byPair.get(proposal.pairId) ?? [];
      list.push({
        id: proposal.id,
        text: proposal.text,
        authorName: displayName(authorName),
        mine: proposal.authorId === viewerId,
        approvals: proposal.approvals,
        rejections: proposal.rejections,
        createdAt: proposal.createdAt.toISOString(),
      });
      byPair.set(proposal.pairId, list);
    }
    return byPair;
  }

  /** Who wrote the open proposals of these pairs (the viewers for whom some of them are `mine`). */
  async openProposalAuthors(pairIds: number[]): Promise<Set<string>> {
    if (pairIds.length === 0) return new Set();
    const rows = await this.db
      .selectDistinct({ authorId: translationProposals.authorId })
      .from(translationProposals)
      .where(and(inArray(translationProposals.pairId, pairIds), eq(translationProposals.state, 'proposed')));
    return new Set(rows.flatMap((row) => (row.authorId ? [row.authorId] : [])));
  }

  /** Pairs with their open proposals. */
  async withProposals(pairs: TranslationPair[], viewerId: string): Promise<ReviewedPair[]> {
    const proposals = await this.openProposals(
      pairs.map((pair) => pair.id),
      viewerId,
    );
    return pairs.map((pair) => ({ ...pair, proposals: proposals.get(pair.id) ?? [] }));
  }

  /**
   * A save from the editor. A contributor's text becomes their proposal (replacing their open one, whose
   * reviews do not carry over); '' withdraws it. An admin's text is approved at once ('' clears the approved
   * text). With baseVersion, a contributor's conflict is only their own proposal having changed since (another
   * device of theirs): between different people, proposals wait side by side and review decides. An admin's
   * conflict is the approved text having changed since.
   */
  async save(pairId: number, text: string, actor: Actor, baseVersion?: number): Promise<ProposeResult> {
    // Every outcome is answered or thrown to the route: the request's own transaction serves.
    return withinTransaction(this.db, async (tx) => {
      const repository = new ProposalsRepository(tx);
      await lockPairChanges(tx, 'shared');
      const [pair] = await tx
        .select()
        .from(translationPairs)
        .where(eq(translationPairs.id, pairId))
        .for('update');
      if (!pair) return { kind: 'missing' as const };
      const [own] = await tx
        .select()
        .from(translationProposals)
        .where(
          and(
            eq(translationProposals.pairId, pairId),
            eq(translationProposals.authorId, actor.id),
            eq(translationProposals.state, 'proposed'),
          ),
        )
        .for('update');
      const reviewed = async (row: PairRow) => (await repository.withProposals([toPair(row)], actor.id))[0]!;

      if (own ? own.text === text : text === pair.lopit) {
        return { kind: 'saved' as const, pair: await reviewed(pair) };
      }
      // An admin's save replaces the approved text: it must not undo a change of it the admin has not seen.
      const stale =
        baseVersion !== undefined &&
        (actor.role === 'admin'
          ? await repository.approvedTextChangedSince(pairId, baseVersion)
          : own !== undefined && own.pairVersion > baseVersion);
      if (stale) return { kind: 'conflict' as const, current: await reviewed(pair) };

      const now = new Date();
      if (own) {
        await tx
          .update(translationProposals)
          .set({ state: text === '' ? 'withdrawn' : 'superseded', updatedAt: now })
          .where(eq(translationProposals.id, own.id));
      }
      const version = pair.version + 1;
      if (actor.role === 'admin') {
        const [proposal] = await tx
          .insert(translationProposals)
          .values({
            pairId,
            authorId: actor.id,
            text,
            state: 'approved',
            pairVersion: version,
            decidedBy: actor.id,
            decidedAt: now,
          })
          .returning();
        const updated = await repository.apply(pair, proposal!, actor.id);
        return { kind: 'saved' as const, pair: await reviewed(updated) };
      }
      if (text !== '') {
        await tx
          .insert(translationProposals)
          .values({ pairId, authorId: actor.id, text, pairVersion: version });
      }
      const [updated] = await tx
        .update(translationPairs)
        .set({ version, updatedAt: now })
        .where(eq(translationPairs.id, pairId))
        .returning();
      return { kind: 'saved' as const, pair: await reviewed(updated!) };
    });
  }

  private async approvedTextChangedSince(pairId: number, version: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: translationRevisions.id })
      .from(translationRevisions)
      .where(and(eq(translationRevisions.pairId, pairId), gt(translationRevisions.version, version)))
      .limit(1);
    return row !== undefined;
  }

  /**
   * Makes an approved proposal the pair's text (a revision records the change); the pair's other open
   * proposals are superseded. A text from an admin's curated import keeps no author (like any imported text).
   */
  async apply(pair: PairRow, proposal: ProposalRow, decidedBy: string | null): Promise<PairRow> {
    const now = new Date();
    const author = proposal.source === 'import' ? null : proposal.authorId;
    const [updated] = await this.db
      .update(translationPairs)
      .set({
        lopit: proposal.text,
        status: proposal.text ? 'approved' : 'empty',
        version: pair.version + 1,
        updatedBy: author,
        updatedAt: now,
      })
      .where(eq(translationPairs.id, pair.id))
      .returning();
    if (pair.lopit !== proposal.text) {
      await this.db.insert(translationRevisions).values({
        pairId: pair.id,
        userId: author ?? decidedBy,
        beforeText: pair.lopit,
        afterText: proposal.text,
        version: pair.version + 1,
      });
    }
    await this.db
      .update(translationProposals)
      .set({ state: 'superseded', updatedAt: now })
      .where(
        and(
          eq(translationProposals.pairId, pair.id),
          eq(translationProposals.state, 'proposed'),
          ne(translationProposals.id, proposal.id),
        ),
      );
    return updated!;
  }

  /**
   * A review by someone other than the author; a second review by the same person replaces the first. A
   * review of a proposal that is no longer open (decided meanwhile, or replaced by its author) changes nothing
   * and answers where it stands, so a vote queued offline never blocks the reviewer's outbox.
   */
  async review(
    proposalId: number,
    reviewerId: string,
    verdict: ProposalVerdict,
    reason: string | null,
  ): Promise<ReviewResult> {
    return this.db.transaction(async (tx) => {
      await lockPairChanges(tx);
      const [proposal] = await tx
        .select()
        .from(translationProposals)
        .where(eq(translationProposals.id, proposalId))
        .for('update');
      if (!proposal) return { kind: 'missing' as const };
      if (proposal.authorId === reviewerId) return { kind: 'own' as const };
      if (proposal.state !== 'proposed') {
        const mine = await new ProposalsRepository(tx).verdictOf(proposal.id, reviewerId);
        return { kind: 'reviewed' as const, proposal: toStatus(proposal, mine) };
      }
      const now = new Date();
      await tx
        .insert(proposalReviews)
        .values({ proposalId, reviewerId, verdict, reason })
        .onConflictDoUpdate({
          target: [proposalReviews.proposalId, proposalReviews.reviewerId],
          set: { verdict, reason, updatedAt: now },
        });
      const [approvals, rejections] = await countVerdicts(
        tx,
        PROPOSAL_REVIEWS,
        proposalId,
        PROPOSAL_VERDICTS,
      );
      const tally = { approvals, rejections };
      const state = proposalStateFromReviews(tally);
      const decided = state === 'proposed' ? {} : { decidedAt: now };
      const [updated] = await tx
        .update(translationProposals)
        .set({ ...tally, state, updatedAt: now, ...decided })
        .where(eq(translationProposals.id, proposalId))
        .returning();
      const [pair] = await tx
        .select()
        .from(translationPairs)
        .where(eq(translationPairs.id, proposal.pairId))
        .for('update');
      if (state === 'approved') await new ProposalsRepository(tx).apply(pair!, updated!, null);
      else await touchPair(tx, proposal.pairId);
      return { kind: 'reviewed' as const, proposal: toStatus(updated!, verdict) };
    });
  }

  /** An admin approves or rejects open proposals, with a reason kept on each; others are left as they are. */
  async decide(ids: number[], adminId: string, verdict: ProposalVerdict, reason: string) {
    return this.db.transaction(async (tx) => {
      const repository = new ProposalsRepository(tx);
      await lockPairChanges(tx);
      const statuses: ProposalStatus[] = [];
      for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
        const [proposal] = await tx
          .select()
          .from(translationProposals)
          .where(eq(translationProposals.id, id))
          .for('update');
        if (!proposal) continue;
        if (proposal.state !== 'proposed') {
          statuses.push(toStatus(proposal, await repository.verdictOf(id, adminId)));
          continue;
        }
        const [updated] = await tx
          .update(translationProposals)
          .set({
            state: verdict === 'approve' ? 'approved' : 'rejected',
            decidedBy: adminId,
            decisionReason: reason,
            decidedAt: new Date(),
            updatedAt: new Date(),
          })
          .where(eq(translationProposals.id, id))
          .returning();
        const [pair] = await tx
          .select()
          .from(translationPairs)
          .where(eq(translationPairs.id, proposal.pairId))
          .for('update');
        if (verdict === 'approve') await repository.apply(pair!, updated!, adminId);
        else await touchPair(tx, proposal.pairId);
        statuses.push(toStatus(updated!, null));
      }
      return statuses;
    });
  }

  private async verdictOf(proposalId: number, reviewerId: string): Promise<ProposalVerdict | null> {
    const [row] = await this.db
      .select({ verdict: proposalReviews.verdict })
      .from(proposalReviews)
      .where(and(eq(proposalReviews.proposalId, proposalId), eq(proposalReviews.reviewerId, reviewerId)));
    return row?.verdict ?? null;
  }

  /**
   * A review pack: open proposals by other people that `reviewerId` has not reviewed, fewest reviews first,
   * each with its pair and the pair's other open proposals (reviewers see them side by side).
   */
  async pack(reviewerId: string, limit: number, category?: TranslationCategory): Promise<ReviewProposal[]> {
    const reviewed = sql`exists (select 1 from ${proposalReviews} r
      where r.proposal_id = ${translationProposals.id} and r.reviewer_id = ${reviewerId})`;
    const rows = await this.db
      .select({ proposal: translationProposals, pair: translationPairs, authorName: users.name })
      .from(translationProposals)
      .innerJoin(translationPairs, eq(translationPairs.id, translationProposals.pairId))
      .leftJoin(users, eq(users.id, translationProposals.authorId))
      .where(
        and(
          eq(translationProposals.state, 'proposed'),
          sql`${translationProposals.authorId} is distinct from ${reviewerId}`,
          sql`not ${reviewed}`,
          category ? eq(translationPairs.category, category) : undefined,
        ),
      )
      .orderBy(
        sql`${translationProposals.approvals} + ${translationProposals.rejections}`,
        sql`md5(${translationProposals.id}::text || ${reviewerId})`,
      )
      .limit(limit);
    return this.withPairs(rows, reviewerId);
  }

  private async withPairs(
    rows: { proposal: ProposalRow; pair: PairRow; authorName: string | null }[],
    viewerId: string,
  ): Promise<ReviewProposal[]> {
    const open = await this.openProposals([...new Set(rows.map((row) => row.pair.id))], viewerId);
    return rows.map(({ proposal, pair, authorName }) => ({
      id: proposal.id,
      text: proposal.text,
      authorName: displayName(authorName),
      mine: proposal.authorId === viewerId,
      approvals: proposal.approvals,
      rejections: proposal.rejections,
      createdAt: proposal.createdAt.toISOString(),
      pairId: pair.id,
      english: pair.english,
      category: pair.category,
      accepted: pair.lopit,
      others: (open.get(pair.id) ?? []).filter((other) => other.id !== proposal.id),
    }));
  }

  /** The admins' list: newest first, filtered by state, category and author. */
  async adminList(
    filter: { state?: ProposalRow['state']; category?: TranslationCategory; author?: string },
    page: number,
    limit: number,
    viewerId: string,
  ): Promise<{ proposals: AdminProposal[]; total: number }> {
    const where = and(
      filter.state ? eq(translationProposals.state, filter.state) : undefined,
      filter.category ? eq(translationPairs.category, filter.category) : undefined,
      filter.author ? eq(translationProposals.authorId, filter.author) : undefined,
    );
    const rows = await this.db
      .select({ proposal: translationProposals, pair: translationPairs, authorName: users.name })
      .from(translationProposals)
      .innerJoin(translationPairs, eq(translationPairs.id, translationProposals.pairId))
      .leftJoin(users, eq(users.id, translationProposals.authorId))
      .where(where)
      .orderBy(desc(translationProposals.id))
      .limit(limit)
      .offset((page - 1) * limit);
    const [total] = await this.db
      .select({ total: count() })
      .from(translationProposals)
      .innerJoin(translationPairs, eq(translationPairs.id, translationProposals.pairId))
      .where(where);
    const reasons = await rejectionReasons(
      this.db,
      PROPOSAL_REVIEWS,
      rows.map((row) => row.proposal.id),
    );
    const listed = await this.withPairs(rows, viewerId);
    return {
      proposals: listed.map((proposal, index) => {
        const row = rows[index]!.proposal;
        return {
          ...proposal,
          state: row.state,
          authorId: row.authorId,
          decisionReason: row.decisionReason,
          rejectionReasons: reasons.get(row.id) ?? [],
        };
      }),
      total: total?.total ?? 0,
    };
  }

  /** Reviews `reviewerId` gave: since a moment (their day) and in all. */
  reviewCounts(reviewerId: string, since: Date): Promise<{ today: number; total: number }> {
    return reviewsGiven(this.db, PROPOSAL_REVIEWS, reviewerId, since);
  }
}

/**
 * A new version and change number for the pair (its proposals' reviews changed) without changing its text, so
 * a phone keeps the newest copy by version and a copy by cursor sees the change.
 */
async function touchPair(db: DbOrTx, pairId: number) {
  await db
    .update(translationPairs)
    .set({ version: sql`${translationPairs.version} + 1` })
    .where(eq(translationPairs.id, pairId));
}

declare module '../../lib/repositories.ts' {
  interface TransactionRepositories {
    proposals: ProposalsRepository;
  }
}

export const proposalsRepository = defineRepository('proposals', (db) => new ProposalsRepository(db));
