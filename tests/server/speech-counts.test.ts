// The counts agree everywhere (issue 32): /training, /data's statistics, the export summary and the ASR export's
// manifest report the same usable Lopit speech (validated, transcribed, consented Lopit clips that inspection did
// not find silent or too short), and the same hours per speaker and per dialect, from a mixed fixture of real
// uploads: Lopit and English clips, validated and not, transcribed and not, a withdrawn speaker, a silent and a
// too-short clip, and field speakers without accounts. What training would learn from is exactly what the export
// holds as validated. Texts are in an obviously made-up language.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statisticsSchema, type UsableSpeech } from '../../core/api/data.ts';
import { exportSummarySchema, type ExportManifest } from '../../core/api/exports.ts';
import { trainingStatusListSchema } from '../../core/api/training.ts';
import { rowsOf } from '../../server/db/migrate.ts';
import { createAudioTestApp, form, multipartBody, toneWav, type AudioTestApp } from './audio-fixtures.ts';
import { castVotes, type Auth } from './review-fixtures.ts';
import { answer, DATABASE_KINDS, grantConsent, inspectionsDone, signUp, speakerLabelOf } from './test-app.ts';
import { readZip } from './zip-reader.ts';

type Account = Awaited<ReturnType<typeof signUp>>;

/** Seconds of speech of each usable clip: long enough that hours differ at their 1/100 rounding. */
const USABLE = { alice: [90, 108], vorn: [144, 72], unnamed: [72], carol: [90] } as const;
const TOTAL_SECONDS = 576;

/** A tone at 8 kHz (small files for minutes of audio); amplitude 0 is digital silence. */
const clipWav = (seconds: number, amplitude = 0.5) =>
  toneWav(seconds, { sampleRate: 8000, amplitude, frequency: 200 + crypto.randomInt(600) });

async function upload(
  app: FastifyInstance,
  auth: Auth,
  bytes: Buffer,
  meta: { transcript?: string; language?: 'lpx' | 'en'; speakerId?: string },
): Promise<string> {
  const body = multipartBody({ bytes, fileName: 'clip.wav' }, meta);
  const response = await app.inject({
    method: 'POST',
    url: '/api/audio/upload',
    headers: { ...auth, ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  await inspectionsDone(app); // counted once inspected
  return response.json<{ recording: { id: string } }>().recording.id;
}

describe.each(DATABASE_KINDS)('usable Lopit speech counted alike everywhere on %s', (kind) => {
  let t: AudioTestApp;
  let admin: Account;
  let alice: Account; // recording consent, Zorvek
  let bob: Account; // recorded and validated, then withdrew
  let carol: Account; // recording consent, Zorvek with a stray space
  let field: Account; // records two field speakers (consents too: the one-request upload asks the uploader)
  let listeners: Account[];
  const vorn = crypto.randomUUID(); // field speaker of Vorn hill
  const unnamed = crypto.randomUUID(); // field speaker who gave no dialect
  const usableIds: string[] = [];
  const ids: Record<string, string> = {};

  const get = async (url: string, auth: Auth) => {
    const response = await t.app.inject({ method: 'GET', url, headers: auth });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    return response;
  };
  const validate = (id: string) =>
    castVotes(t.app, id, [
      [listeners[0]!.auth, 'up'],
      [listeners[1]!.auth, 'up'],
    ]);

  const addFieldSpeaker = async (id: string, dialect?: string) => {
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/speakers',
      headers: { ...field.auth, 'idempotency-key': crypto.randomUUID() },
      payload: { id, name: `Elder ${id.slice(0, 4)}`, ageGroup: '60+', ...(dialect ? { dialect } : {}) },
    });
    expect(added.statusCode, added.body).toBe(200);
    const body = form(
      { consent: JSON.stringify({ id: crypto.randomUUID(), consentType: 'recording', kind: 'spoken' }) },
      { name: 'evidence', bytes: clipWav(2), fileName: 'consent' },
    );
    const consent = await t.app.inject({
      method: 'POST',
      url: `/api/speakers/${id}/consent`,
      headers: { ...field.auth, ...body.headers, 'idempotency-key': crypto.randomUUID() },
      payload: body.payload,
    });
    expect(consent.statusCode, consent.body).toBe(200);
  };

  beforeAll(async () => {
    t = await createAudioTestApp(kind);
    admin = await signUp(t.app, { name: 'Admin Qorvath' });
    alice = await signUp(t.app, { name: 'Alinta Vesk' });
    bob = await signUp(t.app, { name: 'Brolo Tandi' });
    carol = await signUp(t.app, { name: 'Carvi Umbel' });
    field = await signUp(t.app, { name: 'Tembo Field' });
    listeners = [await signUp(t.app, { name: 'Erwa Pimsel' }), await signUp(t.app, { name: 'Finnu Darl' })];
    for (const [who, dialect] of [
      [alice, 'Zorvek'],
      [bob, 'Quillan'],
      [carol, 'Zorvek '],
    ] as const) {
      const profile = await t.app.inject({
        method: 'PATCH',
        url: '/api/auth/me',
        headers: who.auth,
        payload: { dialect },
      });
      expect(profile.statusCode, profile.body).toBe(200);
      await grantConsent(t.app, who.auth, 'recording');
    }
    await grantConsent(t.app, field.auth, 'recording');
    await addFieldSpeaker(vorn, 'Vorn hill');
    await addFieldSpeaker(unnamed);

    // Usable: validated, transcribed Lopit of speakers who consent.
    for (const seconds of USABLE.alice)
      usableIds.push(await upload(t.app, alice.auth, clipWav(seconds), { transcript: 'zorbel kwintafa' }));
    for (const seconds of USABLE.vorn)
      usableIds.push(
        await upload(t.app, field.auth, clipWav(seconds), { transcript: 'vorn tessaro', speakerId: vorn }),
      );
    usableIds.push(
      await upload(t.app, field.auth, clipWav(USABLE.unnamed[0]), {
        transcript: 'mipple',
        speakerId: unnamed,
      }),
    );
    usableIds.push(await upload(t.app, carol.auth, clipWav(USABLE.carol[0]), { transcript: 'carvi quandy' }));
    for (const id of usableIds) await validate(id);

    // Not usable, each for one reason.
    ids.english = await upload(t.app, alice.auth, clipWav(20), {
      transcript: 'Good morning',
      language: 'en',
    });
    ids.pending = await upload(t.app, alice.auth, clipWav(30), { transcript: 'zorbel pending' });
    ids.untranscribed = await upload(t.app, alice.auth, clipWav(25), { transcript: '' });
    ids.tooShort = await upload(t.app, alice.auth, clipWav(0.5), { transcript: 'zo' });
    ids.silent = await upload(t.app, alice.auth, clipWav(15, 0), { transcript: 'zorbel hush' });
    ids.withdrawn = await upload(t.app, bob.auth, clipWav(40), { transcript: 'brolo tandi' });
    for (const key of ['english', 'untranscribed', 'tooShort', 'silent', 'withdrawn'])
      await validate(ids[key]!);
    await castVotes(t.app, ids.pending, [[listeners[0]!.auth, 'up']]);
    const withdrew = await t.app.inject({ method: 'POST', url: '/api/consent/withdraw', headers: bob.auth });
    expect(withdrew.statusCode, withdrew.body).toBe(200);
  });
  afterAll(() => t.close());

  /** The figures the fixture must give, whoever reports them. */
  async function expected(): Promise<UsableSpeech> {
    const hours = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;
    const sum = (list: readonly number[]) => list.reduce((a, b) => a + b, 0);
    const speaker = async (id: string, dialect: string | null, clips: readonly number[]) => ({
      speaker: await speakerLabelOf(t.database, id),
      dialect,
      seconds: sum(clips),
      hours: hours(sum(clips)),
      clips: clips.length,
    });
    const zorvek = sum(USABLE.alice) + sum(USABLE.carol);
    return {
      seconds: TOTAL_SECONDS,
      hours: 0.16,
      clips: 6,
      speakers: 4,
      bySpeaker: [
        await speaker(vorn, 'Vorn hill', USABLE.vorn),
        await speaker(alice.user.id, 'Zorvek', USABLE.alice),
        await speaker(carol.user.id, 'Zorvek', USABLE.carol),
        await speaker(unnamed, null, USABLE.unnamed),
      ],
      byDialect: [
        { dialect: 'Zorvek', seconds: zorvek, hours: hours(zorvek), clips: 3, speakers: 2 },
        { dialect: 'Vorn hill', seconds: 216, hours: 0.06, clips: 2, speakers: 1 },
        { dialect: null, seconds: 72, hours: 0.02, clips: 1, speakers: 1 },
      ],
    };
  }

  it('stores the fixture as inspection measured it: the silent and the short clip are flagged', async () => {
    const rows = rowsOf<{ id: string; silent: boolean; too_short: boolean; duration_seconds: number }>(
      await t.database.db.execute(sql`select id, (quality->>'silent')::boolean as silent,
        (quality->>'tooShort')::boolean as too_short, duration_seconds from recordings`),
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(ids.silent!)).toMatchObject({ silent: true, too_short: false });
    expect(byId.get(ids.tooShort!)).toMatchObject({ silent: false, too_short: true });
    const usableSeconds = usableIds.reduce((sum, id) => sum + Number(byId.get(id)!.duration_seconds), 0);
    expect(usableSeconds).toBeCloseTo(TOTAL_SECONDS, 6);
    for (const id of usableIds) expect(byId.get(id)).toMatchObject({ silent: false, too_short: false });
  });

  it('/training, /data, the export summary and the export manifest report the same speech', async () => {
    const want = await expected();
    const { bySpeaker: _speakers, byDialect, ...totals } = want;

    // /training: the ASR card's figures and the speech it shows by speaker and dialect.
    const models = answer(await get('/api/training/status', alice.auth), trainingStatusListSchema);
    const asr = models.find((model) => model.modelType === 'asr')!.readiness;
    expect(asr.speech).toEqual(want);
    const item = (key: string) => asr.items.find((entry) => entry.key === key)?.value;
    expect([item('hours'), item('speakers'), item('utterances')]).toEqual([0.16, 4, 6]);
    // Every figure's speakers are pseudonymous: no account or speaker id, no name.
    const shown = JSON.stringify(asr.speech);
    for (const secret of [alice.user.id, carol.user.id, vorn, unnamed, 'Alinta', 'Elder'])
      expect(shown).not.toContain(secret);

    // /data: usable Lopit speech beside all audio collected (English, unreviewed and flagged clips included).
    const stats = answer(await get('/api/data/statistics', alice.auth), statisticsSchema);
    expect(stats.lopitSpeech).toEqual(totals);
    expect(stats.totalRecordings).toBe(6 + 5);
    expect(stats.totalSpeakers).toBe(4);

    // The export summary admins see before downloading.
    const summary = answer(await get('/api/admin/exports', admin.auth), exportSummarySchema).asr;
    expect(summary).toMatchObject({
      clips: 6,
      speakers: 4,
      hours: 0.16,
      flagged: 2,
      otherLanguage: 1,
      untranscribed: 1,
    });

    // The export itself: its manifest and what the archive holds.
    const zip = await get('/api/admin/exports/asr.zip?audio=original', admin.auth);
    const entries = readZip(zip.rawPayload);
    const folder = [...entries.keys()][0]!.split('/')[0]!;
    const file = (name: string) => entries.get(`${folder}/${name}`)?.data.toString('utf8') ?? '';
    const manifest = JSON.parse(file('manifest.json')) as ExportManifest & {
      lopitSpeech: Omit<UsableSpeech, 'bySpeaker'>;
    };
    expect(manifest.lopitSpeech).toEqual({ ...totals, byDialect });
    expect(manifest.counts).toMatchObject({ clips: 6, speakers: 4, validated: 6 });
    expect(manifest.hours).toBeCloseTo(TOTAL_SECONDS / 3600, 3);
    expect(manifest.excluded).toMatchObject({
      recordingsSilentOrTooShort: 2,
      recordingsNotInLopit: 1,
      recordingsWithoutTranscript: 1,
      recordingsWithMissingAudio: 0,
    });
    const durations = file('clip_durations.tsv').trimEnd().split('\n').slice(1);
    expect(durations.reduce((sum, line) => sum + Number(line.split('\t')[1]), 0)).toBe(TOTAL_SECONDS * 1000);
    // Per dialect as the TSVs give it (accents), from the rows themselves.
    const rows = file('validated.tsv').trimEnd().split('\n').slice(1);
    const accents = rows.map((line) => line.split('\t')[9]);
    expect(accents.filter((accent) => accent?.toLowerCase() === 'zorvek')).toHaveLength(3);
    expect(accents.filter((accent) => accent === 'Vorn hill')).toHaveLength(2);
  });

  it('trains on exactly the clips the export holds as validated, and the full set leaves out flagged clips too', async () => {
    const training = (await t.app.training.data.recordings('asr')).map((clip) => clip.id).sort();
    expect(training).toEqual([...usableIds].sort());
    const speakers = await t.app.training.data.speakerTotals('asr');
    expect(speakers.reduce((sum, speaker) => sum + speaker.seconds, 0)).toBeCloseTo(TOTAL_SECONDS, 6);

    const zip = await get('/api/admin/exports/asr.zip?audio=original&set=all', admin.auth);
    const entries = readZip(zip.rawPayload);
    const folder = [...entries.keys()][0]!.split('/')[0]!;
    const paths = (entries.get(`${folder}/clip_durations.tsv`)?.data.toString('utf8') ?? '')
      .trimEnd()
      .split('\n')
      .slice(1)
      .map((line) => line.split('\t')[0]!);
    const held = paths.map((p) => p.split('/')[1]!.split('.')[0]!).sort();
    // Every usable clip, and the one still waiting for votes; never the flagged, English, untranscribed or withdrawn.
    expect(held).toEqual([...usableIds, ids.pending!].sort());
  });
});
