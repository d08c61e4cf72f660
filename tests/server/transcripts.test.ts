// Transcribe (issue 16) through the API, on both databases: the queue (Lopit clips of consenting speakers without
// a transcript, not one's own, spoken translations first), transcripts as proposals reviewed by the rule of
// translations (two approvals, rejections with a kept reason, an edit restarting the review, an admin's word),
// an approved transcript becoming the clip's and, for a spoken translation, a proposal of its sentence, and the
// refusals (own clip, clip others may not hear, consent withdrawn).
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Recording } from '../../core/api/recordings.ts';
import { proposalStatusResponseSchema } from '../../core/api/review.ts';
import {
  reviewTranscriptsSchema,
  transcribeQueueSchema,
  transcriptResponseSchema,
  transcriptStatsSchema,
} from '../../core/api/transcripts.ts';
import { pairsResponseSchema } from '../../core/api/translation.ts';
import { recordings, transcriptReviews, translationProposals } from '../../server/db/schema.ts';
import { createAudioTestApp, type AudioTestApp } from './audio-fixtures.ts';
import { castVotes, propose, reviewProposal, storeClip, type Auth } from './review-fixtures.ts';
import { answer, DATABASE_KINDS, grantConsent, signUp } from './test-app.ts';

type Account = Awaited<ReturnType<typeof signUp>>;

describe.each(DATABASE_KINDS)('transcripts on %s', (kind) => {
  let t: AudioTestApp;
  let admin: Account;
  let speaker: Account;
  let people: Account[];
  let pairIds: number[];

  beforeAll(async () => {
    t = await createAudioTestApp(kind);
    admin = await signUp(t.app, { name: 'Admin' });
    speaker = await signUp(t.app, { name: 'Speaker' });
    people = [];
    for (const name of ['Ria', 'Sol', 'Tam', 'Uli']) people.push(await signUp(t.app, { name }));
    for (const who of [admin, speaker, ...people]) await grantConsent(t.app, who.auth, 'full');
    const list = await t.app.inject({ method: 'GET', url: '/api/translation/pairs', headers: admin.auth });
    pairIds = answer(list, pairsResponseSchema).pairs.map((pair) => pair.id);
  });
  afterAll(() => t.close());

  const person = (index: number) => () => people[index]!.auth;
  const [writer, r1, r2, r3] = [person(0), person(1), person(2), person(3)];
  const get = (url: string, auth: Auth) => t.app.inject({ method: 'GET', url, headers: auth });
  const post = (url: string, auth: Auth, payload: object, key?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...auth, ...(key ? { 'idempotency-key': key } : {}) },
      payload,
    });
  const transcribe = (auth: Auth, clipId: string, text: string, key?: string) =>
    post(`/api/transcripts/clips/${clipId}`, auth, { text }, key);
  const review = (
    auth: Auth,
    id: number,
    body: { verdict: 'approve' } | { verdict: 'reject'; reason?: string },
    key?: string,
  ) => post(`/api/transcripts/proposals/${id}/review`, auth, body, key);
  const queue = async (auth: Auth) =>
    answer(await get('/api/transcripts/queue?limit=50', auth), transcribeQueueSchema).clips;
  const pack = async (auth: Auth) =>
    answer(await get('/api/transcripts/proposals?limit=200', auth), reviewTranscriptsSchema).transcripts;
  const saved = async (auth: Auth, clipId: string, text: string) => {
    const response = await transcribe(auth, clipId, text);
    expect(response.statusCode, response.body).toBe(200);
    return answer(response, transcriptResponseSchema).transcript!;
  };
  const reviewed = async (auth: Auth, id: number, body: Parameters<typeof review>[2]) => {
    const response = await review(auth, id, body);
    expect(response.statusCode, response.body).toBe(200);
    return answer(response, transcriptResponseSchema).transcript!;
  };
  const clipRow = async (id: string) =>
    (await t.database.db.select().from(recordings).where(eq(recordings.id, id)))[0]!;
  /** A Lopit clip with no transcript, by `owner` (the speaker unless said). */
  const untranscribed = (owner: Auth = speaker.auth) => storeClip(t.app, owner, { transcript: '' });
  /** A spoken translation: a Lopit clip answering an English sentence. */
  async function spokenTranslation(pairId: number): Promise<Recording> {
    const clip = await untranscribed();
    await t.database.db.update(recordings).set({ sourcePairId: pairId }).where(eq(recordings.id, clip.id));
    return clip;
  }

  it('offers Lopit clips of others without a transcript, spoken translations first, never one’s own', async () => {
    const free = await untranscribed();
    const spoken = await spokenTranslation(pairIds[0]!);
    const english = await storeClip(t.app, speaker.auth, { transcript: '', language: 'en' });
    const written = await storeClip(t.app, speaker.auth, { transcript: 'Zorbu vanta kilo' });
    const ids = (await queue(writer())).map((clip) => clip.id);
    expect(ids).toContain(free.id);
    expect(ids.indexOf(spoken.id)).toBeLessThan(ids.indexOf(free.id));
    expect(ids).not.toContain(english.id);
    expect(ids).not.toContain(written.id);
    const offered = (await queue(writer())).find((clip) => clip.id === spoken.id);
    expect(offered).toMatchObject({ sourcePairId: pairIds[0], english: expect.any(String) as string });
    expect((await queue(speaker.auth)).map((clip) => clip.id)).not.toContain(free.id);
    // The audio route lets the transcriber hear it.
    expect((await get(`/api/audio/recordings/${free.id}/audio`, writer())).statusCode).toBe(200);
  });

  it('offers no clip the server found silent or too short, and refuses a transcript of one', async () => {
    const silent = await storeClip(t.app, speaker.auth, { transcript: '', amplitude: 0 });
    const short = await storeClip(t.app, speaker.auth, { transcript: '', seconds: 0.3 });
    const audible = await untranscribed();
    expect(silent.quality.silent).toBe(true);
    expect(short.quality.tooShort).toBe(true);
    const ids = (await queue(writer())).map((clip) => clip.id);
    expect(ids).toContain(audible.id);
    expect(ids).not.toContain(silent.id);
    expect(ids).not.toContain(short.id);
    for (const clip of [silent, short])
      expect((await transcribe(writer(), clip.id, 'Zorbu')).statusCode).toBe(404);
    expect((await clipRow(silent.id)).transcript ?? '').toBe('');
  });

  it('refuses one’s own clip, an unknown clip, a clip others may not hear, and an empty first save', async () => {
    const clip = await untranscribed();
    expect((await transcribe(speaker.auth, clip.id, 'Zorbu')).json()).toMatchObject({
      code: 'OWN_CONTRIBUTION',
    });
    expect((await transcribe(writer(), crypto.randomUUID(), 'Zorbu')).statusCode).toBe(404);
    const invalidated = await untranscribed();
    await castVotes(t.app, invalidated.id, [
      [r1(), 'down'],
      [r2(), 'down'],
    ]);
    expect((await queue(writer())).map((c) => c.id)).not.toContain(invalidated.id);
    expect((await transcribe(writer(), invalidated.id, 'Zorbu')).statusCode).toBe(404);
    expect((await transcribe(writer(), clip.id, 'x'.repeat(10_001))).statusCode).toBe(400);
    expect(answer(await transcribe(writer(), clip.id, '  '), transcriptResponseSchema).transcript).toBeNull();
  });

  it('two approvals make the transcript the clip’s, and its spoken sentence gets a translation proposal', async () => {
    const pairId = pairIds[1]!;
    const clip = await spokenTranslation(pairId);
    const proposed = await saved(writer(), clip.id, 'Zorbu vanta kilo');
    expect(proposed).toMatchObject({ state: 'proposed', approvals: 0, translation: null });
    expect((await queue(writer())).map((c) => c.id)).not.toContain(clip.id);
    expect((await pack(writer())).map((p) => p.id)).not.toContain(proposed.id);
    expect((await review(writer(), proposed.id, { verdict: 'approve' })).json()).toMatchObject({
      code: 'OWN_CONTRIBUTION',
    });
    const inPack = (await pack(r1())).find((p) => p.id === proposed.id);
    expect(inPack).toMatchObject({ recordingId: clip.id, text: 'Zorbu vanta kilo', authorName: 'Ria' });

    expect(await reviewed(r1(), proposed.id, { verdict: 'approve' })).toMatchObject({
      state: 'proposed',
      approvals: 1,
      myVerdict: 'approve',
    });
    expect((await clipRow(clip.id)).transcript).toBeNull();
    const approved = await reviewed(r2(), proposed.id, { verdict: 'approve' });
    expect(approved).toMatchObject({
      state: 'approved',
      approvals: 2,
      translation: { kind: 'proposed', pairId },
    });
    expect((await clipRow(clip.id)).transcript).toBe('Zorbu vanta kilo');
    const [proposal] = await t.database.db
      .select()
      .from(translationProposals)
      .where(eq(translationProposals.id, approved.translation!.proposalId));
    expect(proposal).toMatchObject({
      pairId,
      authorId: people[0]!.user.id,
      text: 'Zorbu vanta kilo',
      source: 'transcript',
      state: 'proposed',
    });
    // That proposal is reviewed like any other: two approvals make it the pair's text.
    await reviewProposal(t.app, r1(), proposal!.id, { verdict: 'approve' });
    const pairApproval = await reviewProposal(t.app, r3(), proposal!.id, { verdict: 'approve' });
    expect(answer(pairApproval, proposalStatusResponseSchema).proposal.state).toBe('approved');
    // The clip left the queue and the pack; a late review answers where it stands and changes nothing.
    expect((await queue(r3())).map((c) => c.id)).not.toContain(clip.id);
    expect(await reviewed(r3(), proposed.id, { verdict: 'reject', reason: 'late' })).toMatchObject({
      state: 'approved',
      myVerdict: null,
    });
    expect((await transcribe(r3(), clip.id, 'Vanta')).statusCode).toBe(409);
  });

  it('leaves the author’s open translation proposal as it is, and says so', async () => {
    const pairId = pairIds[2]!;
    const clip = await spokenTranslation(pairId);
    const { proposal: open } = await propose(t.app, writer(), pairId, 'Kilo zorbu');
    const proposed = await saved(writer(), clip.id, 'Zorbu kilo vanta');
    await reviewed(r1(), proposed.id, { verdict: 'approve' });
    expect(await reviewed(r2(), proposed.id, { verdict: 'approve' })).toMatchObject({
      state: 'approved',
      translation: { kind: 'already-open', pairId, proposalId: open!.id },
    });
    const theirs = await t.database.db
      .select()
      .from(translationProposals)
      .where(eq(translationProposals.pairId, pairId));
    expect(theirs.map((p) => [p.text, p.state])).toEqual([['Kilo zorbu', 'proposed']]);
  });

  it('rejects with a reason that is kept; an edit starts the review again; transcripts wait side by side', async () => {
    const clip = await untranscribed();
    const first = await saved(writer(), clip.id, 'Vanta kilo');
    expect((await review(r1(), first.id, { verdict: 'reject' })).statusCode).toBe(400);
    await reviewed(r1(), first.id, { verdict: 'reject', reason: 'A word is missing' });
    const second = await saved(writer(), clip.id, 'Vanta kilo zorbu');
    expect(second).toMatchObject({ state: 'proposed', approvals: 0, rejections: 0 });
    expect(second.id).not.toBe(first.id);
    expect((await pack(r1())).map((p) => p.id)).toContain(second.id);
    const other = await saved(r3(), clip.id, 'Vanta kilo zorba');
    expect((await pack(r2())).find((p) => p.id === second.id)?.others).toEqual([
      { id: other.id, text: 'Vanta kilo zorba', mine: false },
    ]);
    await reviewed(r1(), other.id, { verdict: 'reject', reason: 'Misheard' });
    expect(await reviewed(r2(), other.id, { verdict: 'reject', reason: 'Not what is said' })).toMatchObject({
      state: 'rejected',
      rejections: 2,
    });
    const reasons = await t.database.db
      .select({ reason: transcriptReviews.reason })
      .from(transcriptReviews)
      .where(eq(transcriptReviews.proposalId, other.id));
    expect(reasons.map((r) => r.reason).sort()).toEqual(['Misheard', 'Not what is said']);
    expect((await clipRow(clip.id)).transcript).toBeNull();
    // Withdrawing ('') takes it out of review.
    expect(answer(await transcribe(writer(), clip.id, ''), transcriptResponseSchema).transcript).toBeNull();
    expect((await pack(r1())).map((p) => p.id)).not.toContain(second.id);
  });

  it('an admin’s word decides at once, and an admin’s own transcript is approved', async () => {
    const clip = await untranscribed();
    const proposed = await saved(writer(), clip.id, 'Kilo kilo');
    expect(await reviewed(admin.auth, proposed.id, { verdict: 'approve' })).toMatchObject({
      state: 'approved',
    });
    expect((await clipRow(clip.id)).transcript).toBe('Kilo kilo');

    const other = await untranscribed();
    const rejected = await saved(writer(), other.id, 'Zorbu');
    expect(await reviewed(admin.auth, rejected.id, { verdict: 'reject', reason: 'Not Lopit' })).toMatchObject(
      {
        state: 'rejected',
      },
    );
    expect(await saved(admin.auth, other.id, 'Zorbu zorbu')).toMatchObject({ state: 'approved' });
    expect((await clipRow(other.id)).transcript).toBe('Zorbu zorbu');
  });

  it('replays a save and a review sent twice with one Idempotency-Key', async () => {
    const clip = await untranscribed();
    const key = crypto.randomUUID();
    const first = await transcribe(writer(), clip.id, 'Vanta vanta', key);
    const again = await transcribe(writer(), clip.id, 'Vanta vanta', key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const id = answer(first, transcriptResponseSchema).transcript!.id;
    const reviewKey = crypto.randomUUID();
    await review(r1(), id, { verdict: 'approve' }, reviewKey);
    const replay = await review(r1(), id, { verdict: 'approve' }, reviewKey);
    expect(answer(replay, transcriptResponseSchema).transcript).toMatchObject({ approvals: 1 });
  });

  it('a withdrawn consent takes the speaker’s clips out of the queue, the saves and the reviews', async () => {
    const leaver = await signUp(t.app, { name: 'Leaver' });
    await grantConsent(t.app, leaver.auth, 'recording');
    const clip = await untranscribed(leaver.auth);
    const proposed = await saved(writer(), clip.id, 'Zorbu vanta');
    expect((await queue(r1())).map((c) => c.id)).toContain(clip.id);
    await post('/api/consent/withdraw', leaver.auth, {});
    expect((await queue(r1())).map((c) => c.id)).not.toContain(clip.id);
    expect((await pack(r1())).map((p) => p.id)).not.toContain(proposed.id);
    // ITEM_GONE: the phone's outbox drops these with a notice instead of asking the contributor to fix them.
    const save = await transcribe(r1(), clip.id, 'Zorbu');
    expect(save.statusCode).toBe(404);
    expect(save.json()).toMatchObject({ code: 'ITEM_GONE' });
    const refused = await review(r1(), proposed.id, { verdict: 'approve' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'ITEM_GONE' });
  });

  it('counts transcripts written and reviews given, today and in all', async () => {
    const fresh = await signUp(t.app, { name: 'Vic' });
    const stats = async (auth: Auth, since?: Date) =>
      answer(
        await get(
          `/api/transcripts/stats${since ? `?since=${encodeURIComponent(since.toISOString())}` : ''}`,
          auth,
        ),
        transcriptStatsSchema,
      );
    expect(await stats(fresh.auth)).toEqual({
      transcripts: { today: 0, total: 0 },
      reviews: { today: 0, total: 0 },
    });
    const clip = await untranscribed();
    await saved(fresh.auth, clip.id, 'Zorbu');
    // A second text for the same clip is still one clip transcribed.
    const { id } = await saved(fresh.auth, clip.id, 'Zorbu kilo');
    await reviewed(r1(), id, { verdict: 'approve' });
    expect((await stats(fresh.auth)).transcripts).toEqual({ today: 1, total: 1 });
    expect((await stats(fresh.auth, new Date(Date.now() + 3_600_000))).transcripts).toEqual({
      today: 0,
      total: 1,
    });
    const reviewer = await stats(r1());
    expect(reviewer.reviews.total).toBeGreaterThan(0);
    expect(reviewer.reviews.today).toBe(reviewer.reviews.total);
    expect((await get('/api/transcripts/stats?since=yesterday', writer())).statusCode).toBe(400);
  });
});
