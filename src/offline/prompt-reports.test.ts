// Reporting a sentence on a real IndexedDB implementation (fake-indexeddb): the report is queued as a JSON POST
// with its entry's id as Idempotency-Key, the sentence leaves the pack and is remembered as reported by that
// person only, and a confirmation keeps it out of a pack downloaded meanwhile.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalDb, type CachedPrompt } from './local-db.ts';
import { entriesOf } from './outbox.ts';
import { confirmEntry } from './outbox-effects.ts';
import { JSON_SENDERS } from './outbox-kinds.ts';
import { mutation, subjects } from '../../core/api/mutations.ts';
import { entryPath } from './outbox.ts';
import { queuePromptReport, reportedPromptIds } from './prompt-reports.ts';

let db: LocalDb;
let counter = 0;

beforeEach(async () => {
  db = new LocalDb(`prompt-reports-test-${++counter}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

const prompt = (id: number, rank: number): CachedPrompt => ({
  id,
  english: `Sentence ${id}`,
  lopit: '',
  category: 'greetings',
  recordings: 0,
  rank,
});

describe('prompt reports', () => {
  it('queues the report and takes the sentence out of the pack and of the reporter’s queues', async () => {
    await db.prompts.bulkPut([prompt(1, 0), prompt(2, 1)]);
    const entry = await queuePromptReport(db, 'ana', prompt(1, 0), { reason: 'spelling' }, 'Spelling');

    expect(entry).toMatchObject({
      userId: 'ana',
      kind: 'prompt.report',
      subject: subjects.prompt(1),
      params: { id: 1 },
      body: { reason: 'spelling' },
      state: 'pending',
    });
    expect(entryPath(entry)).toBe('audio/prompts/1/report');
    expect((await entriesOf(db, 'ana')).map((queued) => queued.id)).toEqual([entry.id]);
    expect((await db.prompts.toArray()).map((kept) => kept.id)).toEqual([2]);
    expect([...(await reportedPromptIds(db, 'ana'))]).toEqual([1]);
    expect([...(await reportedPromptIds(db, 'ben'))]).toEqual([]);
  });

  it('keeps a reported sentence out of a pack that brought it back before the server had the report', async () => {
    const entry = await queuePromptReport(db, 'ana', prompt(3, 0), { reason: 'offensive' }, 'Offensive');
    await db.prompts.put(prompt(3, 0));
    await confirmEntry(db, entry, { promptId: 3, openReports: 1, created: true });
    expect(await db.prompts.get(3)).toBeUndefined();
    expect(await entriesOf(db, 'ana')).toEqual([]);
  });

  it('is sent as small as an edit: a JSON POST with the entry id as Idempotency-Key', async () => {
    expect(mutation('prompt.report').phase).toBe(0);
    const entry = await queuePromptReport(db, 'ana', prompt(4, 0), { reason: 'wrong-language' }, 'Wrong');
    const calls: { url: string; init: RequestInit }[] = [];
    const outcome = await JSON_SENDERS['prompt.report']!(entry, {
      apiBase: '/api',
      db,
      session: { userId: 'ana', token: 'token' },
      now: () => 0,
      fetch: ((url: string, init: RequestInit) => {
        calls.push({ url, init });
        return Promise.resolve(
          new Response(JSON.stringify({ promptId: 4, openReports: 1, created: true }), { status: 200 }),
        );
      }) as typeof fetch,
    });
    expect(outcome.kind).toBe('confirmed');
    expect(calls[0]!.url).toBe('/api/audio/prompts/4/report');
    expect(calls[0]!.init.method).toBe('POST');
    expect((calls[0]!.init.headers as Record<string, string>)['Idempotency-Key']).toBe(entry.id);
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({ reason: 'wrong-language' });
  });
});
