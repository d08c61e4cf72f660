// Reports of clips through the API, on both databases: a report takes the clip out of its reporter's pack at
// once and out of everyone's only after CLIP_REPORTERS_TO_HOLD people report it; the admins list every reported
// clip, most reported first, with its reports; clips an earlier rule held for one report are recounted at start.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminClipsSchema,
  clipReviewResponseSchema,
  reviewPackSchema,
  type ClipReport,
} from '../../core/api/review.ts';
import { CLIP_REPORTERS_TO_HOLD } from '../../core/review/rules.ts';
import { buildApp } from '../../server/app.ts';
import { rowsOf } from '../../server/db/migrate.ts';
import { createAudioTestApp, type AudioTestApp } from './audio-fixtures.ts';
import { castVotes, storeClip, type Auth } from './review-fixtures.ts';
import { answer, DATABASE_KINDS, grantConsent, signUp } from './test-app.ts';

type Account = Awaited<ReturnType<typeof signUp>>;

describe.each(DATABASE_KINDS)('clip reports on %s', (kind) => {
  let t: AudioTestApp;
  let admin: Account;
  let speaker: Account;
  /** CLIP_REPORTERS_TO_HOLD reporters and one more listener. */
  let people: Account[];

  beforeAll(async () => {
    t = await createAudioTestApp(kind);
    admin = await signUp(t.app, { name: 'Admin' });
    speaker = await signUp(t.app, { name: 'Speaker' });
    people = [];
    for (let i = 0; i <= CLIP_REPORTERS_TO_HOLD; i++) people.push(await signUp(t.app, { name: `P${i}` }));
    for (const who of [admin, speaker, ...people]) await grantConsent(t.app, who.auth, 'full');
  });
  afterAll(() => t.close());

  const report = async (auth: Auth, clipId: string, body: ClipReport = { reason: 'noise' }) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/review/clips/${clipId}/report`,
      headers: auth,
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(200);
    return answer(response, clipReviewResponseSchema).review;
  };
  const packOf = async (auth: Auth) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/review/clips?limit=100', headers: auth });
    return answer(response, reviewPackSchema).clips.map((clip) => clip.id);
  };
  const reportedList = async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/review/clips?state=reported&limit=200',
      headers: admin.auth,
    });
    return answer(response, adminClipsSchema).clips;
  };
  const stateOf = async (clipId: string) =>
    rowsOf<{ review_state: string }>(
      await t.database.db.execute(sql`select review_state from recordings where id = ${clipId}`),
    )[0]?.review_state;

  it("takes a clip out of the reporter's pack at once, and out of everyone's after enough reporters", async () => {
    const clip = await storeClip(t.app, speaker.auth);
    const bystander = people[CLIP_REPORTERS_TO_HOLD]!;
    for (const [index, reporter] of people.slice(0, CLIP_REPORTERS_TO_HOLD).entries()) {
      const review = await report(reporter.auth, clip.id);
      const held = index + 1 === CLIP_REPORTERS_TO_HOLD;
      expect(review).toMatchObject({ openReports: index + 1, state: held ? 'reported' : 'pending' });
      expect(await packOf(reporter.auth)).not.toContain(clip.id);
      if (held) expect(await packOf(bystander.auth)).not.toContain(clip.id);
      else expect(await packOf(bystander.auth)).toContain(clip.id);
      // The admins see it from the first report, with every report.
      const listed = (await reportedList()).find((item) => item.id === clip.id);
      expect(listed?.reports).toHaveLength(index + 1);
      expect(listed?.state).toBe(review.state);
    }
  });

  it('counts one report per person: a second one replaces the first', async () => {
    const clip = await storeClip(t.app, speaker.auth);
    await report(people[0]!.auth, clip.id, { reason: 'noise' });
    const again = await report(people[0]!.auth, clip.id, { reason: 'not-lopit', note: 'Sounds like Otuho' });
    expect(again).toMatchObject({ openReports: 1, state: 'pending' });
    const listed = (await reportedList()).find((item) => item.id === clip.id);
    expect(listed?.reports).toEqual([
      expect.objectContaining({ reason: 'not-lopit', note: 'Sounds like Otuho' }),
    ]);
  });

  it('lets the votes decide a clip with fewer reporters, and lists the most reported first', async () => {
    const once = await storeClip(t.app, speaker.auth);
    const twice = await storeClip(t.app, speaker.auth);
    await report(people[0]!.auth, once.id);
    for (const reporter of people.slice(0, 2)) await report(reporter.auth, twice.id);
    const voted = await castVotes(t.app, once.id, [
      [people[1]!.auth, 'up'],
      [people[2]!.auth, 'up'],
    ]);
    expect(voted).toMatchObject({ state: 'validated', openReports: 1 });
    const order = (await reportedList()).map((item) => item.id);
    expect(order.indexOf(twice.id)).toBeGreaterThanOrEqual(0);
    expect(order.indexOf(twice.id)).toBeLessThan(order.indexOf(once.id));
    // An admin's decision closes the reports: the clip leaves the list.
    const settled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/review/clips/${once.id}/settle`,
      headers: admin.auth,
      payload: { state: 'validated', reason: 'Clear Lopit' },
    });
    expect(answer(settled, clipReviewResponseSchema).review).toMatchObject({ openReports: 0 });
    expect((await reportedList()).map((item) => item.id)).not.toContain(once.id);
  });

  it('recounts at start-up the clips an earlier rule held for fewer reporters', async () => {
    const pending = await storeClip(t.app, speaker.auth);
    const validated = await storeClip(t.app, speaker.auth);
    await report(people[0]!.auth, pending.id);
    await castVotes(t.app, validated.id, [
      [people[1]!.auth, 'up'],
      [people[2]!.auth, 'up'],
    ]);
    await report(people[0]!.auth, validated.id);
    // As the rule before CLIP_REPORTERS_TO_HOLD stored them: one open report held the clip.
    await t.database.db.execute(
      sql`update recordings set review_state = 'reported' where id in (${pending.id}, ${validated.id})`,
    );
    const restarted = await buildApp({ config: t.config, database: t.database, logger: false });
    await restarted.ready();
    await restarted.close();
    expect(await stateOf(pending.id)).toBe('pending');
    expect(await stateOf(validated.id)).toBe('validated');
    expect(await packOf(people[1]!.auth)).toContain(pending.id);
  });
});
