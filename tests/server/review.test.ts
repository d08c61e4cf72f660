// The community review loop (issue 15) through the API, on both databases: the voting rule at each boundary,
// no self-review, one vote per person, replayed votes, reports and admins' decisions, the review pack, and
// translations as proposals (two approvals, rejections with reasons, an edit starting the review again,
// proposals side by side, admins deciding many, imports approved or sent to review).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminClipsSchema,
  adminProposalsSchema,
  clipReviewResponseSchema,
  proposalDecisionResponseSchema,
  proposalStatusResponseSchema,
  reviewPackSchema,
  reviewProposalsSchema,
  reviewStatsSchema,
  adminLexiconSchema,
  lexiconDecisionResponseSchema,
  lexiconReviewResponseSchema,
  reviewLexiconSchema,
} from '../../core/api/review.ts';
import { lexiconEntriesResponseSchema } from '../../core/api/lexicon.ts';
import { translateResponseSchema } from '../../core/api/chat.ts';
import { apiErrorSchema } from '../../core/api/errors.ts';
import type { Recording } from '../../core/api/recordings.ts';
import {
  editConflictDetailsSchema,
  importReportSchema,
  pairsExportSchema,
  pairsResponseSchema,
} from '../../core/api/translation.ts';
import { CLIP_REPORTERS_TO_HOLD } from '../../core/review/rules.ts';
import { createAudioTestApp, type AudioTestApp } from './audio-fixtures.ts';
import {
  castVotes,
  holdByReports,
  propose,
  reviewProposal,
  storeClip,
  voteOn,
  type Auth,
} from './review-fixtures.ts';
import { answer, DATABASE_KINDS, grantConsent, signUp } from './test-app.ts';

type Account = Awaited<ReturnType<typeof signUp>>;

describe.each(DATABASE_KINDS)('community review on %s', (kind) => {
  let t: AudioTestApp;
  let admin: Account;
  let speaker: Account;
  let reviewers: Account[];
  let pairIds: number[];

  beforeAll(async () => {
    t = await createAudioTestApp(kind);
    admin = await signUp(t.app, { name: 'Admin' });
    speaker = await signUp(t.app, { name: 'Speaker' });
    reviewers = [];
    for (const name of ['Ria', 'Sol', 'Tam', 'Uli']) reviewers.push(await signUp(t.app, { name }));
    for (const who of [admin, speaker, ...reviewers]) await grantConsent(t.app, who.auth, 'full');
    const list = await t.app.inject({ method: 'GET', url: '/api/translation/pairs', headers: admin.auth });
    pairIds = answer(list, pairsResponseSchema).pairs.map((pair) => pair.id);
  });
  afterAll(() => t.close());

  const reviewer = (index: number) => () => reviewers[index]!.auth;
  const [r1, r2, r3, r4] = [reviewer(0), reviewer(1), reviewer(2), reviewer(3)];
  const get = (url: string, auth: Auth) => t.app.inject({ method: 'GET', url, headers: auth });
  const post = (url: string, auth: Auth, payload: object, headers: Auth = {}) =>
    t.app.inject({ method: 'POST', url, headers: { ...auth, ...headers }, payload });
  let nextPair = 0;
  const freshPair = () => pairIds[nextPair++]!;

  describe('clips', () => {
    it('follows the rule at every boundary: 2 up; 1 up 1 down; 2 up 1 down; a tie after 3 votes', async () => {
      const twoUp = await storeClip(t.app, speaker.auth);
      expect(await castVotes(t.app, twoUp.id, [[r1(), 'up']])).toMatchObject({
        state: 'pending',
        upVotes: 1,
      });
      expect(await castVotes(t.app, twoUp.id, [[r2(), 'up']])).toMatchObject({
        state: 'validated',
        upVotes: 2,
      });

      const split = await storeClip(t.app, speaker.auth);
      expect(
        await castVotes(t.app, split.id, [
          [r1(), 'up'],
          [r2(), 'down'],
        ]),
      ).toMatchObject({ state: 'pending', upVotes: 1, downVotes: 1 });
      // A third vote decides it either way.
      expect(await castVotes(t.app, split.id, [[r3(), 'up']])).toMatchObject({
        state: 'validated',
        upVotes: 2,
        downVotes: 1,
      });

      const downs = await storeClip(t.app, speaker.auth);
      expect(
        await castVotes(t.app, downs.id, [
          [r1(), 'down'],
          [r2(), 'down'],
        ]),
      ).toMatchObject({ state: 'invalidated', downVotes: 2 });

      const tie = await storeClip(t.app, speaker.auth);
      expect(
        await castVotes(t.app, tie.id, [
          [r1(), 'up'],
          [r2(), 'down'],
          [r3(), 'up'],
          [r4(), 'down'],
        ]),
      ).toMatchObject({ state: 'invalidated', upVotes: 2, downVotes: 2 });
    });

    it('refuses a vote on your own clip (403 OWN_CONTRIBUTION) and keeps it out of your pack', async () => {
      const clip = await storeClip(t.app, speaker.auth);
      const own = await voteOn(t.app, speaker.auth, clip.id, 'up');
      expect(own.statusCode).toBe(403);
      expect(own.json()).toMatchObject({ code: 'OWN_CONTRIBUTION' });
      const pack = answer(await get('/api/review/clips?limit=100', speaker.auth), reviewPackSchema);
      expect(pack.clips.map((item) => item.id)).not.toContain(clip.id);
      const report = await post(`/api/review/clips/${clip.id}/report`, speaker.auth, { reason: 'noise' });
      expect(report.statusCode).toBe(403);
    });

    it('counts one vote per person: a second vote replaces the first, never counts twice', async () => {
      const clip = await storeClip(t.app, speaker.auth);
      await castVotes(t.app, clip.id, [
        [r1(), 'up'],
        [r1(), 'up'],
      ]);
      const changed = await castVotes(t.app, clip.id, [[r1(), 'down']]);
      expect(changed).toMatchObject({ upVotes: 0, downVotes: 1, myVote: 'down', state: 'pending' });
    });

    it('applies a replayed vote once and answers what the first answered', async () => {
      const clip = await storeClip(t.app, speaker.auth);
      const key = crypto.randomUUID();
      const first = await voteOn(t.app, r1(), clip.id, 'up', key);
      const again = await voteOn(t.app, r1(), clip.id, 'up', key);
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      const other = await castVotes(t.app, clip.id, [[r2(), 'down']]);
      expect(other).toMatchObject({ upVotes: 1, downVotes: 1 });
      // The same key for another request is refused.
      expect((await voteOn(t.app, r1(), clip.id, 'down', key)).statusCode).toBe(422);
    });

    it('sends a clip reported by enough people to the admins, who settle it either way with a reason that is kept', async () => {
      const clip = await storeClip(t.app, speaker.auth);
      await castVotes(t.app, clip.id, [
        [r1(), 'up'],
        [r2(), 'up'],
      ]);
      const reported = await holdByReports(
        t.app,
        clip.id,
        reviewers.map((one) => one.auth),
        { reason: 'personal-information', note: 'Says a phone number' },
      );
      expect(reported).toMatchObject({ state: 'reported', openReports: CLIP_REPORTERS_TO_HOLD });
      const queue = answer(await get('/api/admin/review/clips?state=reported', admin.auth), adminClipsSchema);
      const listed = queue.clips.find((item) => item.id === clip.id);
      expect(listed?.reports).toHaveLength(CLIP_REPORTERS_TO_HOLD);
      for (const report of listed?.reports ?? [])
        expect(report).toMatchObject({ reason: 'personal-information', note: 'Says a phone number' });

      // A contributor cannot settle; an admin must give a reason.
      const settleUrl = `/api/admin/review/clips/${clip.id}/settle`;
      expect((await post(settleUrl, r1(), { state: 'invalidated', reason: 'x' })).statusCode).toBe(403);
      expect((await post(settleUrl, admin.auth, { state: 'invalidated', reason: '  ' })).statusCode).toBe(
        400,
      );
      const settled = await post(settleUrl, admin.auth, { state: 'invalidated', reason: 'Personal data' });
      expect(answer(settled, clipReviewResponseSchema).review).toMatchObject({
        state: 'invalidated',
        openReports: 0,
        upVotes: 2,
      });
      // The admin's word overrides later votes; the reason is kept.
      expect(await castVotes(t.app, clip.id, [[r4(), 'up']])).toMatchObject({ state: 'invalidated' });
      const after = answer(
        await get('/api/admin/review/clips?state=invalidated', admin.auth),
        adminClipsSchema,
      );
      expect(after.clips.find((item) => item.id === clip.id)?.settledReason).toBe('Personal data');
      // And an admin can validate an invalidated clip.
      const overridden = await post(settleUrl, admin.auth, { state: 'validated', reason: 'Number was fake' });
      expect(answer(overridden, clipReviewResponseSchema).review.state).toBe('validated');
    });

    it('offers a pack of pending clips of others, fewest votes first, bounded by count and bytes', async () => {
      const reviewer = await signUp(t.app, { name: 'Packer' });
      const clips: Recording[] = [];
      for (let i = 0; i < 3; i++)
        clips.push(await storeClip(t.app, speaker.auth, { transcript: `Vorp ${i}` }));
      await castVotes(t.app, clips[0]!.id, [[r1(), 'up']]);
      const pack = answer(await get('/api/review/clips?limit=100', reviewer.auth), reviewPackSchema).clips;
      const ids = pack.map((item) => item.id);
      for (const clip of clips) expect(ids).toContain(clip.id);
      // Fewest votes first: every clip with no vote comes before the one with a vote.
      const votes = pack.map((item) => item.upVotes + item.downVotes);
      expect(votes).toEqual([...votes].sort((a, b) => a - b));
      expect(pack.every((item) => item.text !== '')).toBe(true);
      expect(pack.find((item) => item.id === clips[1]!.id)?.text).toBe('Vorp 1');

      const small = answer(
        await get(`/api/review/clips?limit=100&maxBytes=${clips[0]!.sizeBytes * 2}`, reviewer.auth),
        reviewPackSchema,
      ).clips;
      expect(small.reduce((sum, item) => sum + item.sizeBytes, 0)).toBeLessThanOrEqual(
        clips[0]!.sizeBytes * 2,
      );
      const excluded = answer(
        await get(`/api/review/clips?limit=100&exclude=${clips[1]!.id},${clips[2]!.id}`, reviewer.auth),
        reviewPackSchema,
      ).clips.map((item) => item.id);
      expect(excluded).not.toContain(clips[1]!.id);
      await castVotes(t.app, clips[0]!.id, [[reviewer.auth, 'down']]);
      const after = answer(await get('/api/review/clips?limit=100', reviewer.auth), reviewPackSchema).clips;
      expect(after.map((item) => item.id)).not.toContain(clips[0]!.id);
      // Reviewers may hear a clip in review; the audio route answers them.
      expect((await get(`/api/audio/recordings/${clips[1]!.id}/audio`, reviewer.auth)).statusCode).toBe(200);

      expect((await get('/api/review/clips?exclude=nope', reviewer.auth)).statusCode).toBe(400);
      expect((await get('/api/review/clips?limit=-1', reviewer.auth)).statusCode).toBe(400);
      expect((await get(`/api/review/clips?held=${'-'.repeat(36)}`, reviewer.auth)).statusCode).toBe(400);
    });

    it('takes a clip out of review when its speaker withdraws consent, whatever its state', async () => {
      const leaver = await signUp(t.app, { name: 'Leaver' });
      await grantConsent(t.app, leaver.auth, 'full');
      const validated = await storeClip(t.app, leaver.auth);
      await castVotes(t.app, validated.id, [
        [r1(), 'up'],
        [r2(), 'up'],
      ]);
      const pending = await storeClip(t.app, leaver.auth);
      // A reviewer's phone keeps the clip: revalidated on every play, an unchanged clip costs a 304.
      const audioUrl = `/api/audio/recordings/${pending.id}/audio`;
      const heard = await get(audioUrl, r3());
      expect(heard.statusCode).toBe(200);
      expect(heard.headers['cache-control']).toBe('private, no-cache');
      expect(heard.headers.etag).toBe(`"${pending.sha256}"`);
      const revalidated = await get(audioUrl, { ...r3(), 'if-none-match': String(heard.headers.etag) });
      expect(revalidated.statusCode).toBe(304);
      const held = `/api/review/clips?limit=0&held=${pending.id}`;
      expect(answer(await get(held, r3()), reviewPackSchema)).toEqual({ clips: [], gone: [] });

      expect((await post('/api/consent/withdraw', leaver.auth, {})).statusCode).toBe(200);
      const pack = answer(await get('/api/review/clips?limit=100', r3()), reviewPackSchema).clips;
      expect(pack.map((item) => item.id)).not.toContain(pending.id);
      // The phone that holds it learns it is gone at its next contact.
      expect(answer(await get(held, r3()), reviewPackSchema)).toEqual({ clips: [], gone: [pending.id] });
      const vote = await voteOn(t.app, r3(), pending.id, 'up');
      expect(vote.statusCode).toBe(404);
      expect(answer(vote, apiErrorSchema).code).toBe('ITEM_GONE');
      const report = await post(`/api/review/clips/${pending.id}/report`, r3(), { reason: 'noise' });
      expect(answer(report, apiErrorSchema).code).toBe('ITEM_GONE');
      for (const clip of [validated, pending]) {
        expect((await get(`/api/audio/recordings/${clip.id}/audio`, r3())).statusCode).toBe(404);
      }
      // A copy in the browser's cache is no way around it: the revalidation is refused too.
      const stale = await get(audioUrl, { ...r3(), 'if-none-match': String(heard.headers.etag) });
      expect(stale.statusCode).toBe(404);
    });

    it('tells a phone which clips of its pack are no longer open to its reviewer, and offers others', async () => {
      const reviewer = await signUp(t.app, { name: 'Holder' });
      const [open, decided, voted] = [
        await storeClip(t.app, speaker.auth, { transcript: 'Held open' }),
        await storeClip(t.app, speaker.auth, { transcript: 'Held decided' }),
        await storeClip(t.app, speaker.auth, { transcript: 'Held voted' }),
      ];
      const settled = await post(`/api/admin/review/clips/${decided.id}/settle`, admin.auth, {
        state: 'invalidated',
        reason: 'Noise',
      });
      expect(settled.statusCode, settled.body).toBe(200);
      // Voted on from another phone.
      await castVotes(t.app, voted.id, [[reviewer.auth, 'up']]);
      const unknown = '00000000-0000-4000-8000-000000000000';
      const heldIds = [open.id, decided.id, voted.id, unknown];
      const checked = answer(
        await get(`/api/review/clips?limit=100&held=${heldIds.join(',')}`, reviewer.auth),
        reviewPackSchema,
      );
      expect(checked.gone).toEqual([decided.id, voted.id, unknown]);
      // What the phone holds is not offered again.
      expect(checked.clips.map((item) => item.id)).not.toContain(open.id);
      expect(checked.clips.length).toBeGreaterThan(0);
    });

    it("counts a reviewer's votes today and in all", async () => {
      const reviewer = await signUp(t.app, { name: 'Counter' });
      const clip = await storeClip(t.app, speaker.auth);
      await castVotes(t.app, clip.id, [[reviewer.auth, 'up']]);
      const midnight = new Date();
      midnight.setHours(0, 0, 0, 0);
      const stats = answer(
        await get(`/api/review/stats?since=${encodeURIComponent(midnight.toISOString())}`, reviewer.auth),
        reviewStatsSchema,
      );
      expect(stats).toEqual({ clips: { today: 1, total: 1 }, proposals: { today: 0, total: 0 } });
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
      const none = answer(await get(`/api/review/stats?since=${tomorrow}`, reviewer.auth), reviewStatsSchema);
      expect(none.clips).toEqual({ today: 0, total: 1 });
    });

    it('lets admins filter the queue by the quality flags the server raised', async () => {
      const quiet = await storeClip(t.app, speaker.auth, { seconds: 0.3 });
      expect(quiet.quality.tooShort).toBe(true);
      const flagged = answer(
        await get('/api/admin/review/clips?flag=tooShort&limit=200', admin.auth),
        adminClipsSchema,
      );
      expect(flagged.clips.map((item) => item.id)).toContain(quiet.id);
      expect(flagged.clips.every((item) => item.flags.includes('tooShort'))).toBe(true);
      const pack = answer(await get('/api/review/clips?limit=100', r1()), reviewPackSchema).clips;
      expect(pack.find((item) => item.id === quiet.id)?.flags).toContain('tooShort');
      expect((await get('/api/admin/review/clips?flag=loud', admin.auth)).statusCode).toBe(400);
    });
  });

  describe('translations', () => {
    const pairOf = async (id: number, auth: Auth = admin.auth) => {
      const pairs = answer(await get('/api/translation/pairs', auth), pairsResponseSchema).pairs;
      return pairs.find((pair) => pair.id === id)!;
    };
    const exported = async () =>
      answer(await get('/api/translation/export?format=json', admin.auth), pairsExportSchema).pairs;

    it("keeps a contributor's save a proposal until two other people approve it", async () => {
      const id = freshPair();
      const { pair, proposal } = await propose(t.app, speaker.auth, id, 'Blorf tani');
      expect(pair).toMatchObject({ lopit: '', status: 'empty' });
      expect(proposal).toMatchObject({ text: 'Blorf tani', mine: true, approvals: 0 });
      // Others see it, not as theirs.
      expect((await pairOf(id, r1())).proposals).toEqual([
        expect.objectContaining({ mine: false, text: 'Blorf tani' }),
      ]);
      expect((await exported()).find((item) => item.id === id)?.lopit).toBe('');

      const once = await reviewProposal(t.app, r1(), proposal!.id, { verdict: 'approve' });
      expect(answer(once, proposalStatusResponseSchema).proposal).toMatchObject({
        state: 'proposed',
        approvals: 1,
      });
      expect((await pairOf(id)).proposals[0]?.approvals).toBe(1);
      const twice = await reviewProposal(t.app, r2(), proposal!.id, { verdict: 'approve' });
      expect(answer(twice, proposalStatusResponseSchema).proposal).toMatchObject({
        state: 'approved',
        approvals: 2,
      });
      expect(await pairOf(id)).toMatchObject({ lopit: 'Blorf tani', status: 'approved', proposals: [] });
      expect((await exported()).find((item) => item.id === id)).toMatchObject({ lopit: 'Blorf tani' });
    });

    it('refuses self-review, and one review per person counts once', async () => {
      const id = freshPair();
      const { proposal } = await propose(t.app, speaker.auth, id, 'Snib');
      const own = await reviewProposal(t.app, speaker.auth, proposal!.id, { verdict: 'approve' });
      expect(own.statusCode).toBe(403);
      expect(own.json()).toMatchObject({ code: 'OWN_CONTRIBUTION' });
      await reviewProposal(t.app, r1(), proposal!.id, { verdict: 'approve' });
      const again = await reviewProposal(t.app, r1(), proposal!.id, { verdict: 'approve' });
      expect(answer(again, proposalStatusResponseSchema).proposal).toMatchObject({
        approvals: 1,
        state: 'proposed',
      });
      const key = crypto.randomUUID();
      const replay = [
        await reviewProposal(t.app, r2(), proposal!.id, { verdict: 'reject', reason: 'Wrong word' }, key),
        await reviewProposal(t.app, r2(), proposal!.id, { verdict: 'reject', reason: 'Wrong word' }, key),
      ];
      expect(replay[1]!.json()).toEqual(replay[0]!.json());
      expect(answer(replay[1]!, proposalStatusResponseSchema).proposal).toMatchObject({
        approvals: 1,
        rejections: 1,
      });
    });

    it('keeps rejections with their reason; two rejections reject, and the text never reaches exports', async () => {
      const id = freshPair();
      const { proposal } = await propose(t.app, speaker.auth, id, 'Wrongo');
      const noReason = await reviewProposal(t.app, r1(), proposal!.id, { verdict: 'reject', reason: '' });
      expect(noReason.statusCode).toBe(400);
      await reviewProposal(t.app, r1(), proposal!.id, { verdict: 'reject', reason: 'Not Lopit' });
      const rejected = await reviewProposal(t.app, r2(), proposal!.id, {
        verdict: 'reject',
        reason: 'Misspelt',
      });
      expect(answer(rejected, proposalStatusResponseSchema).proposal).toMatchObject({
        state: 'rejected',
        rejections: 2,
      });
      expect(await pairOf(id)).toMatchObject({ lopit: '', proposals: [] });
      expect((await exported()).find((item) => item.id === id)?.lopit).toBe('');
      const list = answer(
        await get('/api/admin/review/proposals?state=rejected', admin.auth),
        adminProposalsSchema,
      );
      expect(list.proposals.find((item) => item.id === proposal!.id)?.rejectionReasons).toEqual([
        'Not Lopit',
        'Misspelt',
      ]);
    });

    it('starts the review again when the author edits a proposal', async () => {
      const id = freshPair();
      const first = await propose(t.app, speaker.auth, id, 'Draft one');
      await reviewProposal(t.app, r1(), first.proposal!.id, { verdict: 'approve' });
      const edited = await propose(t.app, speaker.auth, id, 'Draft two');
      expect(edited.proposal).toMatchObject({ text: 'Draft two', approvals: 0 });
      expect(edited.pair.proposals).toHaveLength(1);
      // A review of the replaced proposal changes nothing.
      const late = await reviewProposal(t.app, r2(), first.proposal!.id, { verdict: 'approve' });
      expect(answer(late, proposalStatusResponseSchema).proposal.state).toBe('superseded');
      expect((await pairOf(id)).lopit).toBe('');
      for (const reviewer of [r1(), r2()])
        await reviewProposal(t.app, reviewer, edited.proposal!.id, { verdict: 'approve' });
      expect((await pairOf(id)).lopit).toBe('Draft two');
      // Clearing the text withdraws the author's open proposal.
      const next = await propose(t.app, speaker.auth, id, 'Draft three');
      expect(next.pair.proposals).toHaveLength(1);
      const cleared = await propose(t.app, speaker.auth, id, '');
      expect(cleared.pair).toMatchObject({ lopit: 'Draft two', proposals: [] });
    });

    it('lets proposals of different people wait side by side; reviewers approve one', async () => {
      const id = freshPair();
      const version = (await pairOf(id)).version;
      const a = await propose(t.app, r1(), id, 'Text by Ria');
      // Sol's save is based on the version before Ria's: no conflict between different people.
      const b = await t.app.inject({
        method: 'POST',
        url: '/api/translation/save',
        headers: r2(),
        payload: { id, translation: 'Text by Sol', baseVersion: version },
      });
      expect(b.statusCode).toBe(200);
      const pack = answer(
        await get('/api/review/proposals?limit=200', r3()),
        reviewProposalsSchema,
      ).proposals;
      const inPack = pack.find((item) => item.id === a.proposal!.id)!;
      expect(inPack.others.map((other) => other.text)).toEqual(['Text by Sol']);
      expect(inPack).toMatchObject({ pairId: id, accepted: '' });
      const solsId = inPack.others[0]!.id;
      await reviewProposal(t.app, r3(), solsId, { verdict: 'approve' });
      await reviewProposal(t.app, r4(), solsId, { verdict: 'approve' });
      expect(await pairOf(id)).toMatchObject({ lopit: 'Text by Sol', proposals: [] });
      const ria = await reviewProposal(t.app, r3(), a.proposal!.id, { verdict: 'approve' });
      expect(answer(ria, proposalStatusResponseSchema).proposal.state).toBe('superseded');
    });

    it("shows the author's conflict only for their own edit from another device", async () => {
      const id = freshPair();
      const base = (await pairOf(id)).version;
      await propose(t.app, r1(), id, 'From the phone');
      const stale = await t.app.inject({
        method: 'POST',
        url: '/api/translation/save',
        headers: r1(),
        payload: { id, translation: 'From the tablet', baseVersion: base },
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ code: 'EDIT_CONFLICT' });
      const { details } = answer(stale, apiErrorSchema);
      expect(editConflictDetailsSchema.parse(details).current.proposals[0]).toMatchObject({
        text: 'From the phone',
        mine: true,
      });
    });

    it("approves an admin's save at once and lets admins decide many proposals with a reason", async () => {
      const id = freshPair();
      const saved = await propose(t.app, admin.auth, id, 'Curated');
      expect(saved.pair).toMatchObject({ lopit: 'Curated', status: 'approved', proposals: [] });

      const ids: number[] = [];
      for (const pairId of [freshPair(), freshPair()]) {
        ids.push((await propose(t.app, speaker.auth, pairId, `Batch ${pairId}`)).proposal!.id);
      }
      const byAuthor = answer(
        await get(
          `/api/admin/review/proposals?state=proposed&author=${speaker.user.id}&limit=200`,
          admin.auth,
        ),
        adminProposalsSchema,
      );
      expect(byAuthor.proposals.map((item) => item.id)).toEqual(expect.arrayContaining(ids));
      expect(byAuthor.proposals.every((item) => item.authorId === speaker.user.id)).toBe(true);
      const refused = await post('/api/admin/review/proposals/decide', admin.auth, {
        ids,
        verdict: 'approve',
        reason: '',
      });
      expect(refused.statusCode).toBe(400);
      const decided = await post('/api/admin/review/proposals/decide', admin.auth, {
        ids,
        verdict: 'approve',
        reason: 'Checked with the elders',
      });
      expect(answer(decided, proposalDecisionResponseSchema).proposals.map((item) => item.state)).toEqual([
        'approved',
        'approved',
      ]);
      const approved = answer(
        await get('/api/admin/review/proposals?state=approved&limit=200', admin.auth),
        adminProposalsSchema,
      );
      expect(approved.proposals.find((item) => item.id === ids[0])?.decisionReason).toBe(
        'Checked with the elders',
      );
      expect(
        (await post('/api/admin/review/proposals/decide', r1(), { ids, verdict: 'approve', reason: 'x' }))
          .statusCode,
      ).toBe(403);
    });

    it('gives phones holding a copy by cursor the change a review makes', async () => {
      const id = freshPair();
      const start = answer(
        await get('/api/translation/pairs?since=00000000-0000-0000-0000-000000000000:0&limit=2000', r1()),
        pairsResponseSchema,
      );
      const { proposal } = await propose(t.app, speaker.auth, id, 'Cursor text');
      const afterPropose = answer(
        await get(`/api/translation/pairs?since=${start.cursor}&limit=2000`, r1()),
        pairsResponseSchema,
      );
      expect(afterPropose.pairs.map((pair) => pair.id)).toEqual([id]);
      await reviewProposal(t.app, r2(), proposal!.id, { verdict: 'approve' });
      const afterReview = answer(
        await get(`/api/translation/pairs?since=${afterPropose.cursor}&limit=2000`, r1()),
        pairsResponseSchema,
      );
      expect(afterReview.pairs).toEqual([
        expect.objectContaining({ id, proposals: [expect.objectContaining({ approvals: 1 })] }),
      ]);
    });

    it('counts imported texts as approved by the admin, or sends them to review when asked', async () => {
      const rows = (tag: string) => ({
        pairs: [
          { english: `Imported ${tag} one`, lopit: `Zib ${tag}`, category: 'food' },
          { english: `Imported ${tag} two`, category: 'food' },
        ],
      });
      const direct = answer(await post('/api/admin/import/pairs', admin.auth, rows('a')), importReportSchema);
      expect(direct).toMatchObject({ accepted: 2, approved: 1, proposed: 0 });
      const reviewed = answer(
        await post('/api/admin/import/pairs?review=true', admin.auth, rows('b')),
        importReportSchema,
      );
      expect(reviewed).toMatchObject({ accepted: 2, approved: 0, proposed: 1 });
      const pairs = answer(await get('/api/translation/pairs', admin.auth), pairsResponseSchema).pairs;
      expect(pairs.find((pair) => pair.english === 'Imported a one')).toMatchObject({
        lopit: 'Zib a',
        status: 'approved',
      });
      const waiting = pairs.find((pair) => pair.english === 'Imported b one')!;
      expect(waiting).toMatchObject({
        lopit: '',
        proposals: [expect.objectContaining({ text: 'Zib b', mine: true })],
      });
      for (const reviewer of [r1(), r2()])
        await reviewProposal(t.app, reviewer, waiting.proposals[0]!.id, { verdict: 'approve' });
      // Approved, an imported text keeps no author (the consent of the importing admin does not decide it).
      expect((await exported()).find((item) => item.id === waiting.id)).toMatchObject({
        lopit: 'Zib b',
        status: 'approved',
      });
      expect((await post('/api/admin/import/pairs?review=maybe', admin.auth, rows('c'))).statusCode).toBe(
        400,
      );
    });
  });

  describe('lexicon entries sent to review', () => {
    const search = async (term: string) =>
      answer(
        await t.app.inject({ method: 'GET', url: `/api/data/lexicon?search=${encodeURIComponent(term)}` }),
        lexiconEntriesResponseSchema,
      ).entries;
    const translateWord = (text: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/translation/translate',
        payload: { text, direction: 'en_to_lpx' },
      });

    it('keeps reviewed imports out of search, export and the chat until two others approve them', async () => {
      const report = answer(
        await post('/api/admin/import/lexicon?review=true', admin.auth, [
          { lopit: 'quorvash', english: 'lantern' },
          { lopit: 'zeplin', english: 'kettle' },
        ]),
        importReportSchema,
      );
      expect(report).toMatchObject({ accepted: 2, approved: 0, proposed: 2 });
      expect(await search('quorvash')).toEqual([]);
      expect((await translateWord('lantern')).statusCode).toBe(404);
      const pack = answer(await get('/api/review/lexicon', r1()), reviewLexiconSchema).entries;
      const lantern = pack.find((entry) => entry.lopit === 'quorvash')!;
      const kettle = pack.find((entry) => entry.lopit === 'zeplin')!;
      expect(lantern).toMatchObject({ english: 'lantern', approvals: 0 });
      // The importing admin does not review their own import.
      expect(answer(await get('/api/review/lexicon', admin.auth), reviewLexiconSchema).entries).toEqual([]);
      const own = await post(`/api/review/lexicon/${lantern.id}/review`, admin.auth, { verdict: 'approve' });
      expect(own.statusCode).toBe(403);

      for (const auth of [r1(), r2()]) {
        const reviewed = await post(`/api/review/lexicon/${lantern.id}/review`, auth, { verdict: 'approve' });
        expect(reviewed.statusCode, reviewed.body).toBe(200);
      }
      expect(await search('quorvash')).toEqual([
        { lopit: 'quorvash', english: 'lantern', partOfSpeech: null },
      ]);
      expect(answer(await translateWord('lantern'), translateResponseSchema)).toMatchObject({
        translated: 'quorvash',
      });

      await post(`/api/review/lexicon/${kettle.id}/review`, r1(), {
        verdict: 'reject',
        reason: 'Not a word',
      });
      const rejected = await post(`/api/review/lexicon/${kettle.id}/review`, r2(), {
        verdict: 'reject',
        reason: 'Misheard',
      });
      expect(answer(rejected, lexiconReviewResponseSchema).entry).toMatchObject({ state: 'rejected' });
      const exported = await get('/api/admin/export/lexicon?format=json', admin.auth);
      expect(exported.body).toContain('quorvash');
      expect(exported.body).not.toContain('zeplin');
      const list = answer(
        await get('/api/admin/review/lexicon?state=rejected', admin.auth),
        adminLexiconSchema,
      );
      expect(list.entries.find((entry) => entry.id === kettle.id)?.rejectionReasons).toEqual([
        'Not a word',
        'Misheard',
      ]);
    });

    it('counts a plain import as approved by the admin, and lets admins decide many', async () => {
      const plain = answer(
        await post('/api/admin/import/lexicon', admin.auth, [{ lopit: 'brimmel', english: 'ladder' }]),
        importReportSchema,
      );
      expect(plain).toMatchObject({ approved: 1, proposed: 0 });
      expect(await search('brimmel')).toHaveLength(1);
      await post('/api/admin/import/lexicon?review=true', admin.auth, [
        { lopit: 'frindle', english: 'spoon' },
        { lopit: 'gastro', english: 'fork' },
      ]);
      const waiting = answer(
        await get('/api/admin/review/lexicon?state=proposed', admin.auth),
        adminLexiconSchema,
      );
      const ids = waiting.entries.map((entry) => entry.id);
      expect(ids.length).toBeGreaterThanOrEqual(2);
      const decided = await post('/api/admin/review/lexicon/decide', admin.auth, {
        ids,
        verdict: 'approve',
        reason: 'From the printed word list',
      });
      expect(
        answer(decided, lexiconDecisionResponseSchema).entries.every((entry) => entry.state === 'approved'),
      ).toBe(true);
      expect(await search('frindle')).toHaveLength(1);
      expect(
        (await post('/api/admin/review/lexicon/decide', r1(), { ids, verdict: 'reject', reason: 'x' }))
          .statusCode,
      ).toBe(403);
    });
  });
});
