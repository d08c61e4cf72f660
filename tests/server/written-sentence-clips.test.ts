// Read Lopit from the sentence collection (issue 32) through the API, on both databases: a clip read from an
// approved written sentence is uploaded (tus or multipart) with promptSentenceId and stored naming it, with the
// sentence's text as its own; an unknown or unapproved sentence (or one sent with a pair as well) is refused with
// a clear error and nothing stored. The prompt pack says which sentences the reader has recorded; a reader's
// report of a sentence takes it out of their pack and into reported.tsv; the ASR export gives such a clip the
// sentence's text and counts it in validated_sentences.tsv. Sentences use a made-up language.
import crypto, { createHash } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../core/api/errors.ts';
import { promptPackSchema, recordingResponseSchema } from '../../core/api/recordings.ts';
import { sentenceReportResponseSchema, sentenceResponseSchema } from '../../core/api/sentences.ts';
import { recordings, translationPairs } from '../../server/db/schema.ts';
import {
  createAudioTestApp,
  multipartBody,
  sha256,
  toneWav,
  tusCreate,
  tusSend,
  type AudioTestApp,
} from './audio-fixtures.ts';
import { castVotes } from './review-fixtures.ts';
import { answer, DATABASE_KINDS, grantConsent, inspectionsDone, signUp } from './test-app.ts';
import { readZip } from './zip-reader.ts';

type Account = Awaited<ReturnType<typeof signUp>>;
type Auth = Account['auth'];

const textId = (value: string) => createHash('sha256').update(value).digest('hex');
const tsvRows = (tsv: string) => {
  const [header, ...lines] = tsv.replace(/\n$/, '').split('\n');
  const names = header!.split('\t');
  return lines.map((line) => Object.fromEntries(names.map((name, i) => [name, line.split('\t')[i]!])));
};

describe.each(DATABASE_KINDS)('clips of written sentences on %s', (kind) => {
  let t: AudioTestApp;
  let admin: Account;
  let writer: Account;
  let reader: Account;
  let listeners: Account[];
  let approved: number; // approved at once (an admin wrote it)
  let second: number;
  let waiting: number; // proposed, not reviewed

  const post = (url: string, auth: Auth, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: auth, payload });
  const write = async (auth: Auth, text: string) => {
    const response = await post('/api/sentences', auth, { text });
    expect(response.statusCode, response.body).toBe(200);
    return answer(response, sentenceResponseSchema).sentence.id;
  };
  const rows = async (id: string) =>
    (await t.database.db.select({ total: count() }).from(recordings).where(eq(recordings.id, id)))[0]!.total;
  const pack = async (auth: Auth) =>
    answer(
      await t.app.inject({ method: 'GET', url: '/api/audio/prompts?limit=500', headers: auth }),
      promptPackSchema,
    ).sentences!;

  /** A reader's clip by tus, as the phone's outbox sends it. */
  const viaTus = async (metadata: Record<string, string | number | undefined>) => {
    const bytes = toneWav(1.5, { frequency: 200 + crypto.randomInt(600) });
    const recordingId = crypto.randomUUID();
    const created = await tusCreate(t.app, reader.auth, bytes.length, {
      recordingId,
      fileName: 'clip.wav',
      sha256: sha256(bytes),
      language: 'lpx',
      ...metadata,
    });
    if (created.statusCode !== 201) return { recordingId, response: created };
    const response = await tusSend(t.app, reader.auth, String(created.headers.location), bytes);
    await inspectionsDone(t.app);
    return { recordingId, response };
  };
  const viaMultipart = (metadata: Record<string, unknown>) => {
    const recordingId = crypto.randomUUID();
    const body = multipartBody(
      { bytes: toneWav(1.5, { frequency: 200 + crypto.randomInt(600) }), fileName: 'clip.wav' },
      { recordingId, language: 'lpx', ...metadata },
    );
    return t.app
      .inject({
        method: 'POST',
        url: '/api/audio/upload',
        headers: { ...reader.auth, ...body.headers },
        payload: body.payload,
      })
      .then((response) => ({ recordingId, response }));
  };

  beforeAll(async () => {
    t = await createAudioTestApp(kind);
    admin = await signUp(t.app, { name: 'Admin Qorvath' });
    writer = await signUp(t.app, { name: 'Wenda Plosk' });
    reader = await signUp(t.app, { name: 'Rolo Fenn' });
    listeners = [await signUp(t.app, { name: 'Lia Tosk' }), await signUp(t.app, { name: 'Mo Vren' })];
    for (const who of [admin, writer, reader, ...listeners]) await grantConsent(t.app, who.auth, 'full');
    approved = await write(admin.auth, 'Zorbel kwanta fendi');
    second = await write(admin.auth, 'Mebbo tash vorn');
    waiting = await write(writer.auth, 'Draffo lintu marek');
  });
  afterAll(() => t.close());

  it('stores a clip read from an approved written sentence, naming it, with the sentence’s text', async () => {
    // The phone's copy of the text does not decide it: the server keeps the sentence's own.
    const { recordingId, response } = await viaTus({
      promptSentenceId: approved,
      transcript: 'zorbel kwanta',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(answer(response, recordingResponseSchema).recording).toMatchObject({
      id: recordingId,
      promptSentenceId: approved,
      promptPairId: null,
      transcript: 'Zorbel kwanta fendi',
      language: 'lpx',
    });
    const [row] = await t.database.db.select().from(recordings).where(eq(recordings.id, recordingId));
    expect(row?.promptSentenceId).toBe(approved);

    // The multipart upload takes it too.
    const multipart = await viaMultipart({ promptSentenceId: second });
    expect(multipart.response.statusCode, multipart.response.body).toBe(201);
    expect(answer(multipart.response, recordingResponseSchema).recording).toMatchObject({
      promptSentenceId: second,
      transcript: 'Mebbo tash vorn',
    });

    // The reader's pack says they recorded both; another reader's says how many clips each has.
    const mine = await pack(reader.auth);
    expect(mine.find((sentence) => sentence.id === approved)).toMatchObject({ recordings: 1, mine: true });
    const theirs = await pack(writer.auth);
    expect(theirs.find((sentence) => sentence.id === approved)).toMatchObject({ recordings: 1, mine: false });
    // Those not recorded yet by this reader come first.
    expect(mine.at(-1)?.mine).toBe(true);
  });

  it('refuses, storing nothing, a sentence that is unknown, not approved, or sent with a pair as well', async () => {
    for (const [promptSentenceId, message] of [
      [waiting, /not a written sentence the community approved/],
      [99_999_999, /not a written sentence the community approved/],
      ['not-a-number', /promptSentenceId must be a written sentence id/],
    ] as const) {
      for (const upload of [viaTus, viaMultipart]) {
        const { recordingId, response } = await upload({ promptSentenceId });
        expect(response.statusCode, `${promptSentenceId}: ${response.body}`).toBe(400);
        const error = response.json<{ message: string; code: string }>();
        expect(error.code).toBe(ERROR_CODES.validation);
        expect(error.message).toMatch(message);
        expect(await rows(recordingId)).toBe(0);
      }
    }
    const [pair] = await t.database.db
      .insert(translationPairs)
      .values({ english: 'A zorbel.', lopit: 'Zorbel.', category: 'greetings' })
      .returning({ id: translationPairs.id });
    const pairId = pair!.id;
    const both = await viaTus({ promptSentenceId: approved, promptPairId: pairId });
    expect(both.response.statusCode, both.response.body).toBe(400);
    expect(both.response.json<{ message: string }>().message).toMatch(/not both/);
    expect(await rows(both.recordingId)).toBe(0);
  });

  it('takes a reader’s report of a sentence out of their pack, once however often it is sent', async () => {
    const reported = await write(admin.auth, 'Gorra nuvik telpa');
    const report = () => post(`/api/sentences/${reported}/report`, reader.auth, { reason: 'spelling' });
    const first = await report();
    expect(first.statusCode, first.body).toBe(200);
    expect(answer(first, sentenceReportResponseSchema)).toEqual({
      sentenceId: reported,
      reports: 1,
      created: true,
    });
    expect(answer(await report(), sentenceReportResponseSchema)).toMatchObject({
      reports: 1,
      created: false,
    });
    expect((await pack(reader.auth)).map((sentence) => sentence.id)).not.toContain(reported);
    expect((await pack(writer.auth)).map((sentence) => sentence.id)).toContain(reported);
    // Only sentences offered to read can be reported.
    for (const id of [waiting, 99_999_999]) {
      const response = await post(`/api/sentences/${id}/report`, reader.auth, { reason: 'offensive' });
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json<{ code: string }>().code).toBe('NOT_FOUND');
    }
  });

  it('exports a validated clip of a written sentence with the sentence’s text, counted beside it', async () => {
    const { recordingId, response } = await viaTus({ promptSentenceId: approved });
    expect(response.statusCode, response.body).toBe(201);
    await castVotes(
      t.app,
      recordingId,
      listeners.map((listener) => [listener.auth, 'up'] as const),
    );
    const zip = await t.app.inject({ method: 'GET', url: '/api/admin/exports/asr.zip', headers: admin.auth });
    expect(zip.statusCode, zip.body.slice(0, 300)).toBe(200);
    const entries = readZip(zip.rawPayload);
    const folder = [...entries.keys()][0]!.split('/')[0]!;
    const file = (name: string) => tsvRows(entries.get(`${folder}/${name}`)!.data.toString('utf8'));
    const clip = file('validated.tsv').find((row) => row.path!.includes(recordingId));
    expect(clip).toMatchObject({
      sentence_id: textId('Zorbel kwanta fendi'),
      sentence: 'Zorbel kwanta fendi',
    });
    expect(file('validated_sentences.tsv')).toContainEqual(
      expect.objectContaining({ sentence: 'Zorbel kwanta fendi', source: 'written', clips_count: '1' }),
    );
    expect(file('reported.tsv')).toContainEqual(
      expect.objectContaining({ sentence: 'Gorra nuvik telpa', reason: 'grammar-or-spelling' }),
    );
  });
});
