// What uses only accepted data (issue 15): the ASR export's speaker-disjoint train/dev/test files hold validated
// clips only, with the votes as cast (an admin's decision too), the same at every export; a withdrawn speaker is
// in no file of the full set whatever the review said; the chat's translation memory and the translation export
// take a proposal only once it is approved (after the second approval, not the first), never a rejected one.
// Every clip is validated and every text approved through the review API, as the community would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportManifest, ExportSummary } from '../../core/api/exports.ts';
import { pairsResponseSchema, type ReviewedPair } from '../../core/api/translation.ts';
import { createAudioTestApp, type AudioTestApp } from './audio-fixtures.ts';
import {
  castVotes,
  holdByReports,
  propose,
  reviewProposal,
  storeClip,
  type Auth,
} from './review-fixtures.ts';
import { answer, DATABASE_KINDS, grantConsent, signUp } from './test-app.ts';
import { readZip, type ZipEntry } from './zip-reader.ts';

type Account = Awaited<ReturnType<typeof signUp>>;

/** Enough speakers for a split with a dev and a test speaker (dataset-split.ts: test, then dev, fill 10% each). */
const SPEAKERS = 6;
const text = (entry: ZipEntry | undefined) => entry?.data.toString('utf8') ?? '';
/** The data rows of a TSV by column name (Common Voice's columns; no text here needs quoting). */
const rowsOf = (tsv: string) => {
  const [header, ...lines] = tsv.replace(/\n$/, '').split('\n');
  const names = header!.split('\t');
  return lines.map((line) => {
    const cells = line.split('\t');
    return Object.fromEntries(names.map((name, index) => [name, cells[index] ?? '']));
  });
};
/** The recording id of a clip's path (train/<id>.webm). */
const idOf = (path: string | undefined) => path!.replace(/^.*\//, '').replace(/\.\w+$/, '');

describe.each(DATABASE_KINDS)('what uses only accepted data on %s', (kind) => {
  let t: AudioTestApp;
  let admin: Account;
  let listeners: Account[];

  const download = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: admin.auth });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const entries = readZip(response.rawPayload);
    const folder = [...entries.keys()][0]!.split('/')[0]!;
    const file = (name: string) => text(entries.get(`${folder}/${name}`));
    return { entries, file, manifest: JSON.parse(file('manifest.json')) as ExportManifest };
  };
  const up = (who: Account): [Auth, 'up'] => [who.auth, 'up'];
  const down = (who: Account): [Auth, 'down'] => [who.auth, 'down'];

  beforeAll(async () => {
    t = await createAudioTestApp(kind);
    admin = await signUp(t.app, { name: 'Admin Vorlak' });
    listeners = [];
    for (const name of ['Erwa Pimsel', 'Finnu Darl', 'Gaska Mell', 'Holvo Trand']) {
      listeners.push(await signUp(t.app, { name }));
    }
  });
  afterAll(() => t.close());

  it('splits the validated clips by speaker into train, dev and test, with the votes as cast, the same every time', async () => {
    const [erin, finn, gail, hal] = listeners as [Account, Account, Account, Account];
    const validated = new Map<string, string>(); // recording id -> speaker name
    let waitingId = '';
    let disputedId = '';
    let settledId = '';
    for (let index = 0; index < SPEAKERS; index++) {
      const speaker = await signUp(t.app, { name: `Speaker ${index}` });
      await grantConsent(t.app, speaker.auth, 'recording');
      for (const seconds of index === 0 ? [1, 1.5] : [1 + index * 0.1]) {
        const clip = await storeClip(t.app, speaker.auth, {
          transcript: `zorbel ${index} ${seconds}`,
          seconds,
        });
        await castVotes(t.app, clip.id, [up(erin), up(finn)]);
        validated.set(clip.id, speaker.user.id);
      }
      if (index === 0) {
        disputedId = (await storeClip(t.app, speaker.auth, { transcript: 'kwintafa drax' })).id;
        await castVotes(t.app, disputedId, [up(erin), up(finn), down(gail), up(hal)]);
        validated.set(disputedId, speaker.user.id);
        waitingId = (await storeClip(t.app, speaker.auth, { transcript: 'mebbo tash' })).id;
        await castVotes(t.app, waitingId, [up(erin)]);
      }
      if (index === 1) {
        settledId = (await storeClip(t.app, speaker.auth, { transcript: 'plimbo vorn' })).id;
        const settled = await t.app.inject({
          method: 'POST',
          url: `/api/admin/review/clips/${settledId}/settle`,
          headers: admin.auth,
          payload: { state: 'validated', reason: 'Heard it myself: it says the text' },
        });
        expect(settled.statusCode, settled.body).toBe(200);
        validated.set(settledId, speaker.user.id);
      }
    }

    const first = await download('/api/admin/exports/asr.zip?audio=original');
    const all = rowsOf(first.file('validated.tsv'));
    expect(all.map((row) => idOf(row.path)).sort()).toEqual([...validated.keys()].sort());
    const byId = new Map(all.map((row) => [idOf(row.path), row]));
    expect(byId.get(disputedId)).toMatchObject({ up_votes: '3', down_votes: '1' });
    expect(byId.get(settledId)).toMatchObject({ up_votes: '0', down_votes: '0' });
    expect(byId.has(waitingId)).toBe(false);

    // Every validated clip in exactly one split, every speaker in one split only, and none of them empty.
    const splits = (['train', 'dev', 'test'] as const).map((split) => ({
      split,
      rows: rowsOf(first.file(`${split}.tsv`)),
    }));
    expect(splits.flatMap(({ rows }) => rows.map((row) => row.path)).sort()).toEqual(
      all.map((row) => row.path).sort(),
    );
    const splitOfSpeaker = new Map<string, Set<string>>();
    for (const { split, rows } of splits) {
      expect(rows.length, split).toBeGreaterThan(0);
      for (const row of rows) {
        // Each clip's audio is in its split's folder (the Hugging Face audiofolder split).
        expect(row.path!.startsWith(`${split}/`), row.path).toBe(true);
        splitOfSpeaker.set(row.client_id!, (splitOfSpeaker.get(row.client_id!) ?? new Set()).add(split));
      }
    }
    expect(splitOfSpeaker.size).toBe(SPEAKERS);
    for (const seen of splitOfSpeaker.values()) expect(seen.size).toBe(1);
    // Dev and test each hold out about a tenth of the audio (whole speakers, in the order of their pseudonyms,
    // so one speaker more or less than a tenth): train keeps at least as many speakers as either.
    const speakersIn = (index: number) => new Set(splits[index]!.rows.map((row) => row.client_id)).size;
    expect(speakersIn(0)).toBeGreaterThanOrEqual(Math.max(speakersIn(1), speakersIn(2)));
    expect(first.manifest).toMatchObject({
      counts: { validated: validated.size, pending: 0 },
      splits: {
        train: { clips: splits[0]!.rows.length, speakers: speakersIn(0) },
        dev: { clips: splits[1]!.rows.length, speakers: speakersIn(1) },
        test: { clips: splits[2]!.rows.length, speakers: speakersIn(2) },
      },
    });

    // Deterministic: the same data gives the same files.
    const second = await download('/api/admin/exports/asr.zip?audio=original');
    for (const name of [
      'validated.tsv',
      'train.tsv',
      'dev.tsv',
      'test.tsv',
      'clip_durations.tsv',
      'train_manifest.json',
      'dev_manifest.json',
      'test_manifest.json',
    ]) {
      expect(second.file(name), name).toBe(first.file(name));
    }
  }, 90_000);

  it('leaves a withdrawn speaker out of every file of the full set, whatever the review of the clips', async () => {
    const [erin, finn] = listeners as [Account, Account];
    const speaker = await signUp(t.app, { name: 'Withdrawing Speaker' });
    await grantConsent(t.app, speaker.auth, 'recording');
    const ids: string[] = [];
    for (const votes of [[up(erin), up(finn)], [down(erin), down(finn)], [up(erin)]] as [
      Auth,
      'up' | 'down',
    ][][]) {
      const clip = await storeClip(t.app, speaker.auth, { transcript: 'tokal ibwe' });
      await castVotes(t.app, clip.id, votes);
      ids.push(clip.id);
    }
    const flagged = await storeClip(t.app, speaker.auth, { transcript: 'narit sopek' });
    await holdByReports(
      t.app,
      flagged.id,
      listeners.map((listener) => listener.auth),
      { reason: 'not-lopit' },
    );
    ids.push(flagged.id);

    const before = await download('/api/admin/exports/asr.zip?set=all&audio=original');
    for (const id of ids)
      expect(
        [...before.entries.keys()].some((key) => key.includes(id)),
        id,
      ).toBe(true);
    const counted = (
      await t.app.inject({ method: 'GET', url: '/api/admin/exports', headers: admin.auth })
    ).json<ExportSummary>().asr.states;

    expect(
      (await t.app.inject({ method: 'POST', url: '/api/consent/withdraw', headers: speaker.auth }))
        .statusCode,
    ).toBe(200);
    const after = await download('/api/admin/exports/asr.zip?set=all&audio=original');
    const everything = [...after.entries.entries()]
      .map(([name, entry]) => `${name}\n${text(entry)}`)
      .join('\n');
    for (const id of ids) expect(everything, id).not.toContain(id);
    const summary = (
      await t.app.inject({ method: 'GET', url: '/api/admin/exports', headers: admin.auth })
    ).json<ExportSummary>();
    expect(summary.asr.states).toEqual({
      validated: counted.validated - 1,
      invalidated: counted.invalidated - 1,
      pending: counted.pending - 1,
      reported: counted.reported - 1,
    });
    expect(summary.asr.withoutConsent).toBe(4);
  });

  it('answers the chat and fills the translation export with approved texts only: after the second approval', async () => {
    const [erin, finn] = listeners as [Account, Account];
    const author = await signUp(t.app, { name: 'Proposing Author' });
    await grantConsent(t.app, author.auth, 'translation');
    const pairs = answer(
      await t.app.inject({ method: 'GET', url: '/api/translation/pairs', headers: author.auth }),
      pairsResponseSchema,
    ).pairs.filter((pair) => pair.lopit === '');
    const [waiting, rejected, approved] = pairs as [ReviewedPair, ReviewedPair, ReviewedPair];
    const translate = async (pair: ReviewedPair) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/translation/translate',
        payload: { text: pair.english, direction: 'en_to_lpx' },
      });
      return response.statusCode === 200 ? response.json<{ translated: string; source: string }>() : null;
    };

    const { proposal: first } = await propose(t.app, author.auth, waiting.id, 'zorvani kelt');
    const { proposal: second } = await propose(t.app, author.auth, rejected.id, 'drumbo wessel');
    const { proposal: third } = await propose(t.app, author.auth, approved.id, 'quillo menrab');
    for (const who of [erin, finn]) {
      const review = await reviewProposal(t.app, who.auth, second!.id, {
        verdict: 'reject',
        reason: 'Not this',
      });
      expect(review.statusCode, review.body).toBe(200);
    }
    expect((await reviewProposal(t.app, erin.auth, third!.id, { verdict: 'approve' })).statusCode).toBe(200);
    // One approval is not enough: the memory does not know the text yet.
    expect((await translate(approved))?.translated).not.toBe('quillo menrab');
    expect((await reviewProposal(t.app, finn.auth, third!.id, { verdict: 'approve' })).statusCode).toBe(200);
    expect(await translate(approved)).toMatchObject({ translated: 'quillo menrab', source: 'memory' });
    expect((await translate(waiting))?.translated).not.toBe('zorvani kelt');
    expect((await translate(rejected))?.translated).not.toBe('drumbo wessel');
    expect(first).toBeDefined();

    const { file, manifest } = await download('/api/admin/exports/mt.zip');
    const tsv = file('pairs.tsv');
    expect(tsv).toContain(`\t${approved.english}\tquillo menrab\n`);
    expect(tsv).not.toContain('zorvani kelt');
    expect(tsv).not.toContain('drumbo wessel');
    expect(file('pairs.tmx')).not.toMatch(/zorvani kelt|drumbo wessel/);
    expect(manifest.counts).toMatchObject({ pairs: rowsOf(tsv).length });
  });
});
