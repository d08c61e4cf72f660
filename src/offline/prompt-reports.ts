// Reporting a sentence offered to read or translate (issue 16), or a written sentence offered to read (issue 32):
// the report goes into the outbox, the sentence leaves the phone's prompt pack and is remembered as reported by
// this person, in one transaction, so it never comes back into their Speak or Translate queue (even before the
// server has the report).
import type { PromptReport } from '../../core/api/prompts.ts';
import type { LocalDb, OutboxEntryOf } from './local-db.ts';
import { enqueue } from './outbox.ts';

const reportKey = (userId: string, pairId: number) => `${userId} ${pairId}`;
const sentenceReportKey = (userId: string, sentenceId: number) => `${userId} sentence:${sentenceId}`;

export async function queuePromptReport(
  db: LocalDb,
  userId: string,
  prompt: { id: number; english: string },
  report: PromptReport,
  reasonLabel: string,
  now = Date.now(),
): Promise<OutboxEntryOf<'prompt.report'>> {
  return db.transaction('rw', [db.outbox, db.prompts, db.reportedPrompts], async () => {
    const entry = await enqueue(
      db,
      userId,
      'prompt.report',
      { params: { id: prompt.id }, body: report },
      { english: prompt.english, reason: reasonLabel },
      { now },
    );
    await db.prompts.delete(prompt.id);
    await db.reportedPrompts.put({ key: reportKey(userId, prompt.id), userId, pairId: prompt.id, at: now });
    return entry;
  });
}

/** A written sentence (the sentence collection) reported by a reader: as a pair's, by its own kind. */
export async function queueSentenceReport(
  db: LocalDb,
  userId: string,
  sentence: { id: number; lopit: string },
  report: PromptReport,
  reasonLabel: string,
  now = Date.now(),
): Promise<OutboxEntryOf<'sentence.report'>> {
  return db.transaction('rw', [db.outbox, db.promptSentences, db.reportedPrompts], async () => {
    const entry = await enqueue(
      db,
      userId,
      'sentence.report',
      { params: { id: sentence.id }, body: report },
      { text: sentence.lopit, reason: reasonLabel },
      { now },
    );
    await db.promptSentences.delete(sentence.id);
    await db.reportedPrompts.put({
      key: sentenceReportKey(userId, sentence.id),
      userId,
      sentenceId: sentence.id,
      at: now,
    });
    return entry;
  });
}

/** The pairs' sentences `userId` reported on this phone. */
export async function reportedPromptIds(db: LocalDb, userId: string): Promise<Set<number>> {
  const rows = await db.reportedPrompts.where('userId').equals(userId).toArray();
  return new Set(rows.flatMap((row) => (row.pairId === undefined ? [] : [row.pairId])));
}

/** The written sentences `userId` reported on this phone. */
export async function reportedSentenceIds(db: LocalDb, userId: string): Promise<Set<number>> {
  const rows = await db.reportedPrompts.where('userId').equals(userId).toArray();
  return new Set(rows.flatMap((row) => (row.sentenceId === undefined ? [] : [row.sentenceId])));
}
