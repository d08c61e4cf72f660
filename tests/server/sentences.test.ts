// The sentence collection (issue 32) through the API, on both databases: a Lopit sentence written by a
// contributor is checked by Common Voice's rules (refused with field errors), reviewed by two others or an admin
// (never its author), replayed by the outbox without a second effect, and once approved is offered to read in
// the prompt pack and listed in the ASR export's validated_sentences.tsv (a proposed one in the full set's
// unvalidated_sentences.tsv); readers' reports reach the admins, who retire a sentence (out of every pack, exported
// as not in use) or restore it. Sentences use a made-up language.
import crypto, { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promptPackSchema } from '../../core/api/recordings.ts';
import {
  adminWrittenSentenceResponseSchema,
  adminWrittenSentencesSchema,
  reviewSentencesSchema,
  sentenceListSchema,
  sentenceResponseSchema,
  SENTENCE_MAX_CHARS,
} from '../../core/api/sentences.ts';
import { answer, createTestApp, DATABASE_KINDS, grantConsent, signUp, type TestApp } from './test-app.ts';
import { readZip } from './zip-reader.ts';

type Account = Awaited<ReturnType<typeof signUp>>;
type Auth = Account['auth'];
type Review = { verdict: 'approve' } | { verdict: 'reject'; reason: string };

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** A TSV's rows by column name, split on tabs as Common Voice's readers do. */
const tsvRows = (tsv: string) => {
  const [header, ...lines] = tsv.replace(/\n$/, '').split('\n');
  const names = header!.split('\t');
  return lines.map((line) => Object.fromEntries(names.map((name, i) => [name, line.split('\t')[i]!])));
};

describe.each(DATABASE_KINDS)('written sentences on %s', (kind) => {
  let t: TestApp;
  let admin: Account;
  let writer: Account;
  let reviewers: Account[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await signUp(t.app, { name: 'Admin Qorvath' });
    writer = await signUp(t.app, { name: 'Wenda Plosk' });
    reviewers = [];
    for (const name of ['Ria Tosh', 'Sol Venk', 'Tam Urrel']) reviewers.push(await signUp(t.app, { name }));
    for (const who of [admin, writer, ...reviewers]) await grantConsent(t.app, who.auth, 'full');
  });
  afterAll(() => t.close());

  const post = (url: string, auth: Auth, payload: object, key?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...auth, ...(key ? { 'idempotency-key': key } : {}) },
      payload,
    });
  const get = (url: string, auth: Auth) => t.app.inject({ method: 'GET', url, headers: auth });
  const write = (auth: Auth, text: string, key?: string, source?: string) =>
    post('/api/sentences', auth, { text, ...(source === undefined ? {} : { source }) }, key);
  const written = async (auth: Auth, text: string, source?: string) => {
    const response = await write(auth, text, undefined, source);
    expect(response.statusCode, response.body).toBe(200);
    return answer(response, sentenceResponseSchema).sentence;
  };
  const review = (auth: Auth, id: number, body: Review, key?: string) =>
    post(`/api/sentences/${id}/review`, auth, body, key);
  const reviewed = async (auth: Auth, id: number, body: Review) => {
    const response = await review(auth, id, body);
    expect(response.statusCode, response.body).toBe(200);
    return answer(response, sentenceResponseSchema).sentence;
  };
  const queue = async (auth: Auth) =>
    answer(await get('/api/sentences/review?limit=200', auth), reviewSentencesSchema).sentences;
  const approve = { verdict: 'approve' } as const;

  it.each([
    ['', 'Write a sentence'],
    ['Zorbu 3 vanta kilo', 'Write numbers as words, not digits'],
    ['Zorbu vanta UNHCR kilo', 'Write words in full, without abbreviations'],
    ['Zorbu vanta e.g. kilo', 'Write words in full, without abbreviations'],
    ['Zorbu #vanta kilo', 'Leave out symbols a reader cannot say'],
    ['Zorbu vanta. Kilo mera tash.', 'Write one sentence at a time'],
    [Array.from({ length: 15 }, () => 'zo').join(' '), 'A sentence to read aloud has at most 14 words'],
    ['zorbuvantakilo'.repeat(10), `A sentence can be at most ${SENTENCE_MAX_CHARS} characters`],
    ['Zorbu\u0000vanta', 'Text may not contain the NUL character (U+0000).'],
  ])('refuses %j with a field error on text, and keeps nothing', async (text, message) => {
    const response = await write(writer.auth, text);
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json<{ code: string; details: { path: string; message: string }[] }>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details).toContainEqual(expect.objectContaining({ path: 'text', message }));
    const mine = answer(await get('/api/sentences/mine', writer.auth), sentenceListSchema).sentences;
    expect(mine.map((sentence) => sentence.text)).not.toContain(text.trim());
  });

  it('keeps a sentence trimmed on one line, with its source, waiting for review; a second copy is a conflict', async () => {
    const sentence = await written(writer.auth, '  Kwintafa   zorbel\nmaru tash?  ', 'at the market');
    expect(sentence).toMatchObject({
      text: 'Kwintafa zorbel maru tash?',
      source: 'at the market',
      state: 'proposed',
      approvals: 0,
      rejections: 0,
    });
    const again = await write(reviewers[0]!.auth, 'Kwintafa zorbel maru tash?');
    expect(again.statusCode).toBe(409);
    const mine = answer(await get('/api/sentences/mine', writer.auth), sentenceListSchema).sentences;
    expect(mine[0]).toMatchObject({ id: sentence.id, state: 'proposed' });
  });

  it('never lets the author review their own sentence, nor offers it to them', async () => {
    const sentence = await written(writer.auth, 'Plorra venik sotu');
    expect((await queue(writer.auth)).map((s) => s.id)).not.toContain(sentence.id);
    const own = await review(writer.auth, sentence.id, approve);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'OWN_CONTRIBUTION' });
    expect((await review(reviewers[0]!.auth, 999_999, approve)).json()).toMatchObject({ code: 'ITEM_GONE' });
    const offered = (await queue(reviewers[0]!.auth)).find((s) => s.id === sentence.id);
    expect(offered).toMatchObject({ authorName: 'Wenda Plosk', state: 'proposed' });
  });

  it('approves after two approvals by others, rejects after two rejections, and the review changes nothing after', async () => {
    const good = await written(writer.auth, 'Tenda morika vashu');
    expect(await reviewed(reviewers[0]!.auth, good.id, approve)).toMatchObject({
      state: 'proposed',
      approvals: 1,
      myVerdict: 'approve',
    });
    // A second review by the same person replaces the first: still one approval.
    expect(await reviewed(reviewers[0]!.auth, good.id, approve)).toMatchObject({ approvals: 1 });
    expect((await queue(reviewers[0]!.auth)).map((s) => s.id)).not.toContain(good.id);
    expect(await reviewed(reviewers[1]!.auth, good.id, approve)).toMatchObject({
      state: 'approved',
      approvals: 2,
    });
    // Decided: a late review (queued offline) answers where it stands.
    expect(await reviewed(reviewers[2]!.auth, good.id, { verdict: 'reject', reason: 'wrong' })).toMatchObject(
      { state: 'approved', approvals: 2, rejections: 0 },
    );

    const bad = await written(writer.auth, 'Gorra nuvik telpa');
    const noReason = await review(reviewers[0]!.auth, bad.id, { verdict: 'reject' } as unknown as Review);
    expect(noReason.statusCode).toBe(400);
    await reviewed(reviewers[0]!.auth, bad.id, { verdict: 'reject', reason: 'Not a sentence' });
    expect(
      await reviewed(reviewers[1]!.auth, bad.id, { verdict: 'reject', reason: 'Misspelt' }),
    ).toMatchObject({
      state: 'rejected',
      rejections: 2,
    });
  });

  it('lets an admin approve at once, and approves an admin’s own sentence as written', async () => {
    const sentence = await written(writer.auth, 'Sulva dorim kettu');
    expect(await reviewed(admin.auth, sentence.id, approve)).toMatchObject({
      state: 'approved',
      approvals: 1,
    });
    const rejected = await written(writer.auth, 'Mirra fendo wasku');
    expect(await reviewed(admin.auth, rejected.id, { verdict: 'reject', reason: 'Not Lopit' })).toMatchObject(
      { state: 'rejected' },
    );
    expect(await written(admin.auth, 'Haldo pirenu vask')).toMatchObject({ state: 'approved' });
  });

  it('replays a write and a review with the same Idempotency-Key without a second effect', async () => {
    const first = await write(writer.auth, 'Yorra tembik salu', 'sentence-key-1');
    const replay = await write(writer.auth, 'Yorra tembik salu', 'sentence-key-1');
    expect(first.statusCode, first.body).toBe(200);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    const id = answer(first, sentenceResponseSchema).sentence.id;
    const mine = answer(
      await get('/api/sentences/mine?limit=200', writer.auth),
      sentenceListSchema,
    ).sentences;
    expect(mine.filter((sentence) => sentence.text === 'Yorra tembik salu')).toHaveLength(1);

    const vote = await review(reviewers[0]!.auth, id, approve, 'sentence-review-key-1');
    const again = await review(reviewers[0]!.auth, id, approve, 'sentence-review-key-1');
    expect(again.json()).toEqual(vote.json());
    expect(answer(again, sentenceResponseSchema).sentence).toMatchObject({ approvals: 1, state: 'proposed' });
  });

  it('offers approved sentences to read in the prompt pack and lists them in the ASR export by source', async () => {
    const approved = await written(writer.auth, 'Bonta kelim sarva');
    await reviewed(reviewers[0]!.auth, approved.id, approve);
    await reviewed(reviewers[1]!.auth, approved.id, approve);
    const waiting = await written(writer.auth, 'Draffo lintu marek');

    const pack = answer(await get('/api/audio/prompts?limit=500', reviewers[2]!.auth), promptPackSchema);
    expect(pack.sentences).toContainEqual({
      id: approved.id,
      lopit: 'Bonta kelim sarva',
      source: null,
      recordings: 0,
      mine: false,
    });
    expect(pack.sentences!.map((sentence) => sentence.id)).not.toContain(waiting.id);
    // Translate's pairs are untouched: no written sentence is a pair.
    expect(pack.prompts.map((prompt) => prompt.lopit)).not.toContain('Bonta kelim sarva');

    const zip = async (url: string) => {
      const response = await get(url, admin.auth);
      expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
      const entries = readZip(response.rawPayload);
      const folder = [...entries.keys()][0]!.split('/')[0]!;
      return (name: string) => tsvRows(entries.get(`${folder}/${name}`)!.data.toString('utf8'));
    };
    const validatedOnly = await zip('/api/admin/exports/asr.zip');
    expect(validatedOnly('validated_sentences.tsv')).toContainEqual({
      sentence_id: sha256('Bonta kelim sarva'),
      sentence: 'Bonta kelim sarva',
      sentence_domain: '',
      source: 'written',
      is_used: '1',
      clips_count: '0',
    });
    expect(validatedOnly('validated_sentences.tsv').map((row) => row.sentence)).not.toContain(
      'Draffo lintu marek',
    );
    expect(validatedOnly('unvalidated_sentences.tsv')).toEqual([]);
    const full = await zip('/api/admin/exports/asr.zip?set=all');
    expect(full('unvalidated_sentences.tsv')).toContainEqual({
      sentence_id: sha256('Draffo lintu marek'),
      sentence: 'Draffo lintu marek',
      sentence_domain: '',
      source: 'written',
    });
    // Rejected sentences are in neither file.
    const texts = [...full('validated_sentences.tsv'), ...full('unvalidated_sentences.tsv')].map(
      (r) => r.sentence,
    );
    expect(texts).not.toContain('Gorra nuvik telpa');
  });

  it('brings readers’ reports to the admins, who retire the sentence from every pack and can restore it', async () => {
    const sentence = await written(writer.auth, 'Quelto marvi denas');
    await reviewed(admin.auth, sentence.id, approve);
    const reader = reviewers[2]!;
    const inPack = async (who: Account) =>
      answer(await get('/api/audio/prompts?limit=500', who.auth), promptPackSchema).sentences!.map(
        (item) => item.id,
      );
    expect(await inPack(reviewers[0]!)).toContain(sentence.id);
    for (const [who, reason] of [
      [reader, 'spelling'],
      [reviewers[1]!, 'spelling'],
      [reviewers[0]!, 'offensive'],
    ] as const) {
      const reported = await post(
        `/api/sentences/${sentence.id}/report`,
        who.auth,
        { reason },
        crypto.randomUUID(),
      );
      expect(reported.statusCode, reported.body).toBe(200);
    }

    // Only admins see the list and act on it.
    for (const who of [writer, reader]) {
      expect((await get('/api/admin/sentences?reported=true', who.auth)).statusCode).toBe(403);
      expect(
        (
          await post(
            `/api/admin/sentences/${sentence.id}/retire`,
            who.auth,
            { reason: 'x' },
            crypto.randomUUID(),
          )
        ).statusCode,
      ).toBe(403);
    }
    const listed = answer(
      await get('/api/admin/sentences?reported=true', admin.auth),
      adminWrittenSentencesSchema,
    );
    expect(listed.sentences).toEqual([
      {
        id: sentence.id,
        text: 'Quelto marvi denas',
        source: null,
        state: 'approved',
        authorName: 'Wenda Plosk',
        recordings: 0,
        openReports: 3,
        reasons: { spelling: 2, offensive: 1 },
        retiredAt: null,
        retiredReason: null,
      },
    ]);
    expect(listed.total).toBe(1);
    // The whole list holds the unreported ones too.
    const all = answer(await get('/api/admin/sentences?limit=200', admin.auth), adminWrittenSentencesSchema);
    expect(all.total).toBeGreaterThan(1);

    // A reason is required; without one nothing changes.
    const refused = await post(
      `/api/admin/sentences/${sentence.id}/retire`,
      admin.auth,
      { reason: ' ' },
      crypto.randomUUID(),
    );
    expect(refused.statusCode, refused.body).toBe(400);
    expect(await inPack(reviewers[1]!)).not.toContain(sentence.id); // reported by them: out of their own pack
    const unreported = await signUp(t.app, { name: 'Vel Oshka' });
    await grantConsent(t.app, unreported.auth, 'full');
    expect(await inPack(unreported)).toContain(sentence.id);

    const retired = await post(
      `/api/admin/sentences/${sentence.id}/retire`,
      admin.auth,
      { reason: 'Misspelt; to be written again' },
      crypto.randomUUID(),
    );
    expect(retired.statusCode, retired.body).toBe(200);
    expect(answer(retired, adminWrittenSentenceResponseSchema).sentence).toMatchObject({
      openReports: 0,
      reasons: {},
      retiredReason: 'Misspelt; to be written again',
    });
    expect(await inPack(unreported)).not.toContain(sentence.id);
    // Settled: no longer in the reported list; still validated, exported as not in use.
    const after = answer(
      await get('/api/admin/sentences?reported=true', admin.auth),
      adminWrittenSentencesSchema,
    );
    expect(after.sentences.map((item) => item.id)).not.toContain(sentence.id);
    const exported = await get('/api/admin/exports/asr.zip', admin.auth);
    const entries = readZip(exported.rawPayload);
    const folder = [...entries.keys()][0]!.split('/')[0]!;
    const rows = tsvRows(entries.get(`${folder}/validated_sentences.tsv`)!.data.toString('utf8'));
    expect(rows.find((row) => row.sentence === 'Quelto marvi denas')).toMatchObject({ is_used: '0' });
    // reported.tsv keeps every report, settled or not, as Common Voice lists them.
    const reportedRows = tsvRows(entries.get(`${folder}/reported.tsv`)!.data.toString('utf8'));
    expect(reportedRows.filter((row) => row.sentence === 'Quelto marvi denas')).toHaveLength(3);

    const restored = await post(
      `/api/admin/sentences/${sentence.id}/restore`,
      admin.auth,
      {},
      crypto.randomUUID(),
    );
    expect(restored.statusCode, restored.body).toBe(200);
    expect(answer(restored, adminWrittenSentenceResponseSchema).sentence).toMatchObject({
      retiredAt: null,
      retiredReason: null,
      openReports: 0,
    });
    expect(await inPack(unreported)).toContain(sentence.id);
    expect(
      (await post('/api/admin/sentences/999999/retire', admin.auth, { reason: 'Gone' }, crypto.randomUUID()))
        .statusCode,
    ).toBe(404);
  });
});
