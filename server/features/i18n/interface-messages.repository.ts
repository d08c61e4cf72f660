// SQL of the interface's languages and the community's translations of its messages (migration 0014): the
// same review rule as translation pairs (core/review/rules.ts), an admin's verdict deciding at once, counted by
// the reviewer's role when the proposal is decided (issue 35: a contributor's earlier approval decides once they
// are an admin). Only a translation of the message's current English source counts (approved, served, exported).
import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { ProposalVerdict } from '../../../core/api/review.ts';
import { PROPOSAL_VERDICTS } from '../../../core/api/review.ts';
import type { UiLanguage, UiProposal } from '../../../core/api/i18n.ts';
import { SOURCE_BY_ID, SOURCE_MESSAGES } from '../../../core/i18n/catalogue.ts';
import { isListed } from '../../../core/i18n/languages.ts';
import { proposalStateFromReviews } from '../../../core/review/rules.ts';
import type { DbOrTx } from '../../db/driver.ts';
import { uiLanguages, uiMessageProposals, uiMessageReviews, users } from '../../db/schema.ts';
import { countVerdicts, rejectionReasons, type ReviewsTable } from '../review/review-tally.ts';
import type { ImportEntry } from './po-import.ts';
import { defineRepository } from '../../lib/repositories.ts';

type ProposalRow = typeof uiMessageProposals.$inferSelect;

/**
 * Messages per statement of a PO import: well below PostgreSQL's limit of parameters, and small enough that
 * building one statement (and, on PGlite, running it) holds the event loop for tens of milliseconds, not hundreds.
 */
const IMPORT_CHUNK = 200;

/** The author's past proposals of a message shown with it (what became of each), newest first. */
const OUTCOMES_PER_MESSAGE = 3;

const UI_REVIEWS: ReviewsTable = {
  table: uiMessageReviews,
  item: uiMessageReviews.proposalId,
  reviewer: uiMessageReviews.reviewerId,
  verdict: uiMessageReviews.verdict,
  reason: uiMessageReviews.reason,
  createdAt: uiMessageReviews.createdAt,
};

/** Whether a stored translation is of the message's current English source. */
const isCurrent = (row: { messageId: string; source: string }) =>
  SOURCE_BY_ID.get(row.messageId)?.message === row.source;

const toProposal = (
  row: ProposalRow,
  viewerId: string | null,
  myVerdict: ProposalVerdict | null,
): UiProposal => ({
  id: row.id,
  text: row.text,
  state: row.state,
  approvals: row.approvals,
  rejections: row.rejections,
  mine: viewerId !== null && row.authorId === viewerId,
  myVerdict,
});

export type UiReviewResult =
  { kind: 'reviewed'; messageId: string; proposal: UiProposal } | { kind: 'own' } | { kind: 'missing' };

export class InterfaceMessagesRepository {
  constructor(private readonly db: DbOrTx) {}

  /** Every language with how much of the interface it has approved. */
  async languages(): Promise<UiLanguage[]> {
    const languages = await this.db.select().from(uiLanguages).orderBy(uiLanguages.name);
    const approved = await this.db
      .select({
        language: uiMessageProposals.language,
        messageId: uiMessageProposals.messageId,
        source: uiMessageProposals.source,
      })
      .from(uiMessageProposals)
      .where(eq(uiMessageProposals.state, 'approved'));
    const counts = new Map<string, number>();
    for (const row of approved)
      if (isCurrent(row)) counts.set(row.language, (counts.get(row.language) ?? 0) + 1);
    const total = SOURCE_MESSAGES.length;
    return languages.map(({ code, name }) => {
      const count = counts.get(code) ?? 0;
      return { code, name, approved: count, total, listed: isListed(count, total) };
    });
  }

  async language(code: string): Promise<UiLanguage | null> {
    return (await this.languages()).find((language) => language.code === code) ?? null;
  }

  /** Adds a language; false when its code is taken. */
  async addLanguage(code: string, name: string, adminId: string): Promise<boolean> {
    const inserted = await this.db
      .insert(uiLanguages)
      .values({ code, name, createdBy: adminId })
      .onConflictDoNothing()
      .returning({ code: uiLanguages.code });
    return inserted.length > 0;
  }

  /** The approved translations of the current sources: message id -> text. */
  approvedTexts(language: string): Promise<Map<string, string>> {
    return this.textsWhere(language, eq(uiMessageProposals.state, 'approved'));
  }

  /** The author's own proposals under review in a language (of current sources): message id -> text. */
  ownOpenTexts(language: string, authorId: string): Promise<Map<string, string>> {
    return this.textsWhere(
      language,
      and(eq(uiMessageProposals.authorId, authorId), eq(uiMessageProposals.state, 'proposed')),
    );
  }

  /** The texts of a language's translations of current sources meeting `where`: message id -> text. */
  private async textsWhere(language: string, where: SQL | undefined): Promise<Map<string, string>> {
    const rows = await this.db
      .select({
        messageId: uiMessageProposals.messageId,
        source: uiMessageProposals.source,
        text: uiMessageProposals.text,
      })
      .from(uiMessageProposals)
      .where(and(eq(uiMessageProposals.language, language), where));
    return new Map(rows.filter(isCurrent).map((row) => [row.messageId, row.text]));
  }

  /**
   * What became of the author's proposals no longer under review (of current sources), newest first, at most
   * OUTCOMES_PER_MESSAGE a message, with the reasons reviewers gave when rejecting: message id -> outcomes.
   */
  async outcomes(language: string, authorId: string) {
    const rows = await this.db
      .select()
      .from(uiMessageProposals)
      .where(
        and(
          eq(uiMessageProposals.language, language),
          eq(uiMessageProposals.authorId, authorId),
          ne(uiMessageProposals.state, 'proposed'),
        ),
      )
      .orderBy(desc(uiMessageProposals.updatedAt), desc(uiMessageProposals.id));
    const byMessage = new Map<string, ProposalRow[]>();
    for (const row of rows.filter(isCurrent)) {
      const list = byMessage.get(row.messageId) ?? [];
      if (list.length < OUTCOMES_PER_MESSAGE) list.push(row);
      byMessage.set(row.messageId, list);
    }
    const shown = [...byMessage.values()].flat();
    const reasons = await rejectionReasons(
      this.db,
      UI_REVIEWS,
      shown.filter((row) => row.state === 'rejected').map((row) => row.id),
    );
    return new Map(
      [...byMessage].map(([messageId, list]) => [
        messageId,
        list.map(({ id, text, state }) => ({ id, text, state, reasons: reasons.get(id) ?? [] })),
      ]),
    );
  }

  /** Proposals under review in a language (of current sources), with the viewer's verdicts. */
  async openProposals(language: string, viewerId: string): Promise<Map<string, UiProposal[]>> {
    const rows = await this.db
      .select()
      .from(uiMessageProposals)
      .where(and(eq(uiMessageProposals.language, language), eq(uiMessageProposals.state, 'proposed')))
      .orderBy(uiMessageProposals.id);
    const current = rows.filter(isCurrent);
    const verdicts = new Map<number, ProposalVerdict>();
    if (current.length > 0) {
      const mine = await this.db
        .select({ proposalId: uiMessageReviews.proposalId, verdict: uiMessageReviews.verdict })
        .from(uiMessageReviews)
        .where(
          and(
            eq(uiMessageReviews.reviewerId, viewerId),
            inArray(
              uiMessageReviews.proposalId,
              current.map((row) => row.id),
            ),
          ),
        );
      for (const { proposalId, verdict } of mine) verdicts.set(proposalId, verdict);
    }
    const byMessage = new Map<string, UiProposal[]>();
    for (const row of current) {
      const list = byMessage.get(row.messageId) ?? [];
      list.push(toProposal(row, viewerId, verdicts.get(row.id) ?? null));
      byMessage.set(row.messageId, list);
    }
    return byMessage;
  }

  /**
   * A proposal; the author's earlier open proposal for the same message is superseded by it. An admin's is
   * approved at once (`approveNow`), as an admin's save of a translation pair is, replacing the approved text.
   */
  async propose(
    language: string,
    messageId: string,
    source: string,
    text: string,
    authorId: string,
    approveNow = false,
  ) {
    return this.db.transaction(async (tx) => {
      await tx
        .update(uiMessageProposals)
        .set({ state: 'superseded', updatedAt: new Date() })
        .where(
          and(
            eq(uiMessageProposals.language, language),
            eq(uiMessageProposals.messageId, messageId),
            eq(uiMessageProposals.authorId, authorId),
            eq(uiMessageProposals.state, 'proposed'),
          ),
        );
      if (approveNow) await supersedeApproved(tx, language, [messageId], null);
      const [row] = await tx
        .insert(uiMessageProposals)
        .values({
          language,
          messageId,
          source,
          text,
          authorId,
          ...(approveNow ? { state: 'approved' as const, decidedBy: authorId } : {}),
        })
        .returning();
      return toProposal(row!, authorId, null);
    });
  }

  /**
   * A review by someone other than the author (a second one by the same person replaces the first). Reviews
   * count by the reviewer's role now, when the proposal is decided: an admin's verdict decides at once (this
   * one's, or an earlier one given before its reviewer became admin, the latest first); else the community's
   * rule. A proposal no longer under review changes nothing and answers where it stands (a review queued offline).
   */
  async review(
    proposalId: number,
    reviewerId: string,
    verdict: ProposalVerdict,
    reason: string | null,
  ): Promise<UiReviewResult> {
    return this.db.transaction(async (tx) => {
      const [proposal] = await tx
        .select()
        .from(uiMessageProposals)
        .where(eq(uiMessageProposals.id, proposalId))
        .for('update');
      if (!proposal) return { kind: 'missing' as const };
      if (proposal.authorId === reviewerId) return { kind: 'own' as const };
      if (proposal.state !== 'proposed') {
        const [mine] = await tx
          .select({ verdict: uiMessageReviews.verdict })
          .from(uiMessageReviews)
          .where(
            and(eq(uiMessageReviews.proposalId, proposalId), eq(uiMessageReviews.reviewerId, reviewerId)),
          );
        return {
          kind: 'reviewed' as const,
          messageId: proposal.messageId,
          proposal: toProposal(proposal, reviewerId, mine?.verdict ?? null),
        };
      }
      await tx
        .insert(uiMessageReviews)
        .values({ proposalId, reviewerId, verdict, reason })
        .onConflictDoUpdate({
          target: [uiMessageReviews.proposalId, uiMessageReviews.reviewerId],
          set: { verdict, reason, updatedAt: new Date() },
        });
      const [approvals, rejections] = await countVerdicts(tx, UI_REVIEWS, proposalId, PROPOSAL_VERDICTS);
      const counts = { approvals, rejections };
      // The admins among the reviewers, as they are now: this reviewer's verdict first, then the latest.
      const [admin] = await tx
        .select({ reviewerId: uiMessageReviews.reviewerId, verdict: uiMessageReviews.verdict })
        .from(uiMessageReviews)
        .innerJoin(users, eq(users.id, uiMessageReviews.reviewerId))
        .where(and(eq(uiMessageReviews.proposalId, proposalId), eq(users.role, 'admin')))
        .orderBy(desc(sql`${uiMessageReviews.reviewerId} = ${reviewerId}`), desc(uiMessageReviews.updatedAt))
        .limit(1);
      const decided = admin ? (admin.verdict === 'approve' ? 'approved' : 'rejected') : null;
      const state = decided ?? proposalStateFromReviews(counts);
      if (state === 'approved')
        await supersedeApproved(tx, proposal.language, [proposal.messageId], proposalId);
      const [updated] = await tx
        .update(uiMessageProposals)
        .set({ ...counts, state, decidedBy: admin?.reviewerId ?? null, updatedAt: new Date() })
        .where(eq(uiMessageProposals.id, proposalId))
        .returning();
      return {
        kind: 'reviewed' as const,
        messageId: proposal.messageId,
        proposal: toProposal(updated!, reviewerId, verdict),
      };
    });
  }

  /**
   * An admin's import (po-import.ts): each entry of `approve` becomes the approved translation, each of
   * `propose` (fuzzy in the file) the admin's proposal for the community to review, replacing their open one. An
   * entry identical to the approved translation is kept as it is.
   */
  async importEntries(
    language: string,
    { approve, propose }: { approve: ImportEntry[]; propose: ImportEntry[] },
    adminId: string,
  ): Promise<{ approved: number; proposed: number; unchanged: number }> {
    return this.db.transaction(async (tx) => {
      // A few statements for the whole file, not three per message (a full catalogue is 1,500 and more).
      const approvedNow = new Map<string, ProposalRow>();
      const ids = [...approve, ...propose].map((entry) => entry.messageId);
      for (let start = 0; start < ids.length; start += IMPORT_CHUNK) {
        await nextTurn();
        const rows = await tx
          .select()
          .from(uiMessageProposals)
          .where(
            and(
              eq(uiMessageProposals.language, language),
              inArray(uiMessageProposals.messageId, ids.slice(start, start + IMPORT_CHUNK)),
              eq(uiMessageProposals.state, 'approved'),
            ),
          );
        for (const row of rows) approvedNow.set(row.messageId, row);
      }
      const isNew = (entry: ImportEntry) => {
        const existing = approvedNow.get(entry.messageId);
        return !(existing && existing.text === entry.text && existing.source === entry.source);
      };
      const approving = approve.filter(isNew);
      const proposing = propose.filter(isNew);
      for (let start = 0; start < approving.length; start += IMPORT_CHUNK) {
        await nextTurn();
        const chunk = approving.slice(start, start + IMPORT_CHUNK);
        await supersedeApproved(
          tx,
          language,
          chunk.map((entry) => entry.messageId),
          null,
        );
        await tx.insert(uiMessageProposals).values(
          chunk.map((entry) => ({
            ...importedRow(language, entry, adminId),
            state: 'approved' as const,
            decidedBy: adminId,
          })),
        );
      }
      for (let start = 0; start < proposing.length; start += IMPORT_CHUNK) {
        await nextTurn();
        const chunk = proposing.slice(start, start + IMPORT_CHUNK);
        await tx
          .update(uiMessageProposals)
          .set({ state: 'superseded', updatedAt: new Date() })
          .where(
            and(
              eq(uiMessageProposals.language, language),
              inArray(
                uiMessageProposals.messageId,
                chunk.map((entry) => entry.messageId),
              ),
              eq(uiMessageProposals.authorId, adminId),
              eq(uiMessageProposals.state, 'proposed'),
            ),
          );
        await tx
          .insert(uiMessageProposals)
          .values(chunk.map((entry) => importedRow(language, entry, adminId)));
      }
      return {
        approved: approving.length,
        proposed: proposing.length,
        unchanged: approve.length + propose.length - approving.length - proposing.length,
      };
    });
  }
}

/** The row of an imported translation (a proposal unless the caller says otherwise). */
const importedRow = (language: string, entry: ImportEntry, authorId: string) => ({
  language,
  messageId: entry.messageId,
  source: entry.source,
  text: entry.text,
  authorId,
});

/** The approved translations of these messages (other than `keep`) give way to newly approved ones. */
async function supersedeApproved(
  tx: DbOrTx,
  language: string,
  messageIds: readonly string[],
  keep: number | null,
) {
  await tx
    .update(uiMessageProposals)
    .set({ state: 'superseded', updatedAt: new Date() })
    .where(
      and(
        eq(uiMessageProposals.language, language),
        inArray(uiMessageProposals.messageId, [...messageIds]),
        eq(uiMessageProposals.state, 'approved'),
        keep === null ? sql`true` : ne(uiMessageProposals.id, keep),
      ),
    );
}

declare module '../../lib/repositories.ts' {
  interface TransactionRepositories {
    interfaceMessages: InterfaceMessagesRepository;
  }
}

export const interfaceMessagesRepository = defineRepository(
  'interfaceMessages',
  (db) => new InterfaceMessagesRepository(db),
);
