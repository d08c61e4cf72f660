// The data dashboard's figures come from the real data and count only contributors who consent now: a
// withdrawal removes a contributor's recordings and texts at once, whatever their review; a grant that does not
// cover a kind of contribution does not count it. Beside what was recorded and proposed it shows what the
// community accepted (validated clips, approved pairs) and what waits for review.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DialectFigures, Speaker, Statistics, Timeline } from '../../core/api/data.ts';
import {
  createAudioTestApp,
  grantRecordingConsent,
  multipartBody,
  toneWav,
  type AudioTestApp,
} from './audio-fixtures.ts';
import { approvedByCommunity, castVotes, holdByReports, propose, reviewProposal } from './review-fixtures.ts';
import { answer, DATABASE_KINDS, inspectionsDone, signUp, speakerLabelOf } from './test-app.ts';
import { pairsResponseSchema } from '../../core/api/translation.ts';

type Account = Awaited<ReturnType<typeof signUp>>;

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(DATABASE_KINDS)('data dashboard on %s', (kind) => {
  let t: AudioTestApp;
  let admin: Account;
  let alice: Account; // recording consent: her recordings count, her texts do not
  let bob: Account; // full consent
  let carol: Account; // recorded and translated, then withdrew
  let dave: Account; // translation consent only
  let erin: Account; // never consented
  const now = Date.now();

  const inject = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    auth?: Record<string, string>,
    payload?: object,
  ) => t.app.inject({ method, url, headers: auth ?? {}, ...(payload === undefined ? {} : { payload }) });

  const consent = async (who: Account, type: 'recording' | 'translation' | 'full') => {
    const response = await inject('POST', '/api/consent/submit', who.auth, { consent_type: type });
    expect(response.statusCode).toBe(200);
  };

  const profile = async (who: Account, body: Record<string, string>) => {
    expect((await inject('PATCH', '/api/auth/me', who.auth, body)).statusCode).toBe(200);
  };

  /** A recording's row as the upload would store it (the figures need no audio bytes); answers its id. */
  const insertRecording = async (
    owner: Account,
    seconds: number,
    { daysAgo = 0, transcript = 'zorbel kwintafa' }: { daysAgo?: number; transcript?: string | null } = {},
  ) => {
    const id = crypto.randomUUID();
    const createdAt = new Date(now - daysAgo * DAY_MS).toISOString();
    await t.database.db.execute(sql`insert into recordings
      (id, owner_id, file_name, mime_type, size_bytes, sha256, duration_seconds, transcript, language, created_at)
      values (${id}, ${owner.user.id}, 'take.wav', 'audio/wav', 1000,
        ${crypto.randomBytes(32).toString('hex')}, ${seconds}, ${transcript}, 'lpx', ${createdAt})`);
    return id;
  };

  beforeAll(async () => {
    t = await createAudioTestApp(kind);
    admin = await signUp(t.app, { name: 'Admin Qorvath' });
    alice = await signUp(t.app, { name: 'Alinta Vesk' });
    bob = await signUp(t.app, { name: 'Brolo Tandi' });
    carol = await signUp(t.app, { name: 'Carvi Umbel' });
    dave = await signUp(t.app, { name: 'Davro Quell' });
    erin = await signUp(t.app, { name: 'Erwa Pimsel' });
    await profile(alice, { ageGroup: '30-44', gender: 'female', dialect: 'Zorvek' });
    await profile(bob, { ageGroup: '45-59', gender: 'male', dialect: ' Zorvek ' });
    await profile(carol, { dialect: 'Quillan' });
    await profile(dave, { dialect: 'ZORVEK' });
    await consent(alice, 'recording');
    await consent(bob, 'full');
    await consent(carol, 'full');
    await consent(dave, 'translation');

    // One real upload through the API, so the dashboard is checked against what uploads store.
    const body = multipartBody({ bytes: toneWav(1.5) }, { fileName: 'greeting.wav', transcript: 'zorbel' });
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/audio/upload',
      headers: { ...bob.auth, ...body.headers },
      payload: body.payload,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    await inspectionsDone(t.app); // counted once inspected

    const aliceHour = await insertRecording(alice, 3600, { daysAgo: 14 });
    const aliceHalf = await insertRecording(alice, 1800);
    const aliceUntranscribed = await insertRecording(alice, 900, { transcript: null });
    const bobHalf = await insertRecording(bob, 1798.5, { daysAgo: 1 });
    const carolTwo = await insertRecording(carol, 7200);
    await insertRecording(erin, 600);
    // Listeners: alice's hour and carol's two hours validated, alice's half hour waiting for a second vote,
    // her untranscribed clip turned down, bob's half hour reported; bob's upload not heard yet.
    for (const id of [aliceHour, carolTwo])
      await castVotes(t.app, id, [
        [erin.auth, 'up'],
        [dave.auth, 'up'],
      ]);
    await castVotes(t.app, aliceHalf, [[erin.auth, 'up']]);
    await castVotes(t.app, aliceUntranscribed, [
      [erin.auth, 'down'],
      [dave.auth, 'down'],
    ]);
    await holdByReports(t.app, bobHalf, [dave.auth, erin.auth, carol.auth]);

    const pairs = answer(await inject('GET', '/api/translation/pairs', bob.auth), pairsResponseSchema).pairs;
    const [p1, p2, p3, p4, p5, p6, p7, p8] = pairs;
    const reviewers = [erin.auth, admin.auth];
    await approvedByCommunity(t.app, bob.auth, reviewers, p1!.id, 'zorbel kwintafa');
    await approvedByCommunity(t.app, bob.auth, reviewers, p2!.id, 'kwintafa');
    await approvedByCommunity(t.app, dave.auth, reviewers, p3!.id, 'mebbo tash');
    await approvedByCommunity(t.app, carol.auth, reviewers, p4!.id, 'carvi text');
    // Alice wrote hers under full consent, then kept recording consent only: her text no longer counts.
    await consent(alice, 'full');
    await approvedByCommunity(t.app, alice.auth, reviewers, p5!.id, 'alinta text');
    await consent(alice, 'recording');
    // Waiting for review: two proposals for one pair, and carol's (who withdraws below); one rejected.
    await propose(t.app, bob.auth, p6!.id, 'brolo proposal');
    await propose(t.app, dave.auth, p6!.id, 'davro proposal');
    await propose(t.app, carol.auth, p7!.id, 'carvi proposal');
    const { proposal: turnedDown } = await propose(t.app, dave.auth, p8!.id, 'davro mistake');
    for (const who of reviewers) {
      const rejected = await reviewProposal(t.app, who, turnedDown!.id, {
        verdict: 'reject',
        reason: 'Wrong',
      });
      expect(rejected.statusCode, rejected.body).toBe(200);
    }
    // Dave's text was approved three weeks ago.
    await t.database.db.execute(
      sql`update translation_pairs set updated_at = ${new Date(now - 21 * DAY_MS).toISOString()} where id = ${p3!.id}`,
    );
    // A text imported by an admin has no author and counts.
    const imported = await inject('POST', '/api/admin/import/pairs', admin.auth, {
      pairs: [{ english: 'Zorbel hill at dusk', lopit: 'zorbel dusko', category: 'time' }],
    });
    expect(imported.statusCode, imported.body).toBe(200);

    expect((await inject('POST', '/api/consent/withdraw', carol.auth)).statusCode).toBe(200);
    await grantRecordingConsent(t.app, admin.auth);
  });
  afterAll(() => t.close());

  it('answers the statistics of consenting contributors only', async () => {
    const response = await inject('GET', '/api/data/statistics', dave.auth);
    expect(response.statusCode).toBe(200);
    const stats = response.json<Statistics>();
    // alice 3600 + 1800 + 900, bob 1798.5 + 1.5: 8100 s = 2.25 h; carol withdrew, erin never consented.
    expect(stats).toEqual({
      totalAudioHours: 2.25,
      totalSpeakers: 2,
      totalRecordings: 5,
      // bob's two, dave's one and the imported one; carol withdrew, alice's grant does not cover texts.
      totalTranslations: 4,
      lexiconSize: expect.any(Number) as number,
      // Usable Lopit speech: alice's validated hour; carol's validated two hours left with her consent.
      lopitSpeech: { seconds: 3600, hours: 1, clips: 1, speakers: 1 },
      // One pair with two proposals waiting (bob's and dave's); carol's is hers to withdraw, dave's other rejected.
      pairsProposed: 1,
      backlog: { clipsPending: 2, clipsReported: 1, proposalsWaiting: 2 },
    });
  });

  it('lists consenting speakers, most recent first, with a pseudonymous id and N/A-able profile', async () => {
    const response = await inject('GET', '/api/data/speakers', alice.auth);
    expect(response.statusCode).toBe(200);
    const { speakers } = response.json<{ speakers: Speaker[] }>();
    expect(speakers).toEqual([
      {
        id: await speakerLabelOf(t.database, bob.user.id),
        ageGroup: '45-59',
        gender: 'male',
        recordingCount: 2,
        totalDuration: 1800,
      },
      {
        id: await speakerLabelOf(t.database, alice.user.id),
        ageGroup: '30-44',
        gender: 'female',
        recordingCount: 3,
        totalDuration: 6300,
      },
    ]);
    expect(JSON.stringify(speakers)).not.toContain(bob.user.id);
  });

  it('answers a timeline of audio hours and pairs with running totals', async () => {
    const response = await inject('GET', '/api/data/timeline', bob.auth);
    expect(response.statusCode).toBe(200);
    const timeline = response.json<Timeline>();
    expect(timeline.bucket).toBe('day');
    // From dave's text three weeks ago to today, one point a day.
    expect(timeline.points).toHaveLength(22);
    expect(timeline.points[0]).toMatchObject({ pairs: 1, cumulativePairs: 1, cumulativeAudioHours: 0 });
    const last = timeline.points.at(-1)!;
    expect(last.start).toBe(new Date(now).toISOString().slice(0, 10));
    expect(last).toMatchObject({ cumulativeAudioHours: 2.25, cumulativeRecordings: 5, cumulativePairs: 4 });
    const hours = timeline.points.reduce((sum, point) => sum + point.audioHours, 0);
    expect(hours).toBeCloseTo(2.25, 2);

    const weekly = (await inject('GET', '/api/data/timeline?bucket=week', bob.auth)).json<Timeline>();
    expect(weekly.bucket).toBe('week');
    expect(weekly.points.length).toBeGreaterThanOrEqual(4);
    expect(weekly.points.length).toBeLessThanOrEqual(5);
    expect(new Date(`${weekly.points[0]!.start}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(weekly.points.at(-1)).toMatchObject({ cumulativeAudioHours: 2.25, cumulativePairs: 4 });

    const bad = await inject('GET', '/api/data/timeline?bucket=year', bob.auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('message');
  });

  it('groups figures by dialect or village, case-insensitively, without withdrawn contributors', async () => {
    const response = await inject('GET', '/api/data/dialects', bob.auth);
    expect(response.statusCode).toBe(200);
    const { dialects } = response.json<{ dialects: DialectFigures[] }>();
    // Alinta and Brolo write Zorvek, Davro ZORVEK: one group, spelled as most of them spell it.
    expect(dialects).toEqual([
      { dialect: 'Zorvek', speakers: 2, recordings: 5, audioHours: 2.25, translators: 2, pairs: 3 },
    ]);
    await consent(carol, 'full');
    const again = (await inject('GET', '/api/data/dialects', bob.auth)).json<{
      dialects: DialectFigures[];
    }>();
    expect(again.dialects).toEqual([
      { dialect: 'Zorvek', speakers: 2, recordings: 5, audioHours: 2.25, translators: 2, pairs: 3 },
      { dialect: 'Quillan', speakers: 1, recordings: 1, audioHours: 2, translators: 1, pairs: 1 },
    ]);
    expect((await inject('POST', '/api/consent/withdraw', carol.auth)).statusCode).toBe(200);
  });

  it('counts a contributor again after a new grant, and drops recordings when the grant no longer covers them', async () => {
    await consent(carol, 'recording');
    let stats = (await inject('GET', '/api/data/statistics', bob.auth)).json<Statistics>();
    expect(stats).toMatchObject({
      totalAudioHours: 4.25,
      totalSpeakers: 3,
      totalTranslations: 4,
      lopitSpeech: { seconds: 10800, hours: 3, clips: 2, speakers: 2 },
      backlog: { proposalsWaiting: 2 },
    });
    await consent(carol, 'translation');
    stats = (await inject('GET', '/api/data/statistics', bob.auth)).json<Statistics>();
    expect(stats).toMatchObject({
      totalAudioHours: 2.25,
      totalSpeakers: 2,
      totalTranslations: 5,
      lopitSpeech: { seconds: 3600, hours: 1, clips: 1, speakers: 1 },
      pairsProposed: 2,
      backlog: { clipsPending: 2, clipsReported: 1, proposalsWaiting: 3 },
    });
    expect((await inject('POST', '/api/consent/withdraw', carol.auth)).statusCode).toBe(200);
  });

  it('counts approved lexicon entries only: an import sent to review waits', async () => {
    const size = async () =>
      (await inject('GET', '/api/data/statistics', bob.auth)).json<Statistics>().lexiconSize;
    const before = await size();
    const curated = await inject('POST', '/api/admin/import/lexicon', admin.auth, {
      entries: [
        { lopit: 'zorbelik', english: 'hilltop' },
        { lopit: 'kwintavo', english: 'riverbank' },
      ],
    });
    expect(curated.statusCode, curated.body).toBe(200);
    const toReview = await inject('POST', '/api/admin/import/lexicon?review=true', admin.auth, {
      entries: [{ lopit: 'mebbotash', english: 'basket' }],
    });
    expect(toReview.statusCode, toReview.body).toBe(200);
    expect(await size()).toBe(before + 2);
  });

  it('needs a signed-in user for every dashboard endpoint, and answers 401 in the error shape', async () => {
    for (const url of [
      '/api/data/statistics',
      '/api/data/speakers',
      '/api/data/timeline',
      '/api/data/dialects',
    ]) {
      const response = await inject('GET', url);
      expect(response.statusCode, url).toBe(401);
      expect(response.json(), url).toEqual({
        message: 'Please sign in to continue.',
        code: 'UNAUTHENTICATED',
      });
      expect((await inject('GET', url, erin.auth)).statusCode, url).toBe(200);
    }
  });
});
