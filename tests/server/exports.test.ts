// Dataset exports (admins only): each archive's files in Common Voice's, Hugging Face's and NeMo's layouts (with
// Common Voice's sentence files and reported sentences), the manifest's figures, text exactly as written, a
// well-formed TMX, exact WAV sizes, only Lopit speech (an English clip is in no speech export and counts nowhere),
// only what the community accepted (validated clips, approved pairs) unless the full set is asked for, and
// nothing from contributors whose consent does not stand, whatever its review. Real readers (Python, soundfile,
// translate-toolkit) read them back in export-interop.test.ts.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportManifest, ExportSummary } from '../../core/api/exports.ts';
import {
  createAudioTestApp,
  grantRecordingConsent,
  hasFfmpeg,
  multipartBody,
  opusOf,
  toneWav,
  type AudioTestApp,
} from './audio-fixtures.ts';
import { approvedByCommunity, castVotes, holdByReports, propose, reviewProposal } from './review-fixtures.ts';
import { answer, DATABASE_KINDS, inspectionsDone, signUp } from './test-app.ts';
import { readZip, type ZipEntry } from './zip-reader.ts';
import { pairsResponseSchema } from '../../core/api/translation.ts';

type Account = Awaited<ReturnType<typeof signUp>>;
interface Stored {
  id: string;
  bytes: Buffer;
  duration: number;
}

const hasUnzip = spawnSync('unzip', ['-v']).status === 0;

/** Tags balanced, attributes quoted, every & an entity: what a well-formed XML document needs here. */
function checkWellFormed(xml: string): void {
  const body = xml.replace(/^<\?xml[^>]*\?>\s*/, '').replace(/^<!DOCTYPE[^>]*>\s*/, '');
  const stack: string[] = [];
  for (const token of body.split(/(<[^>]*>)/)) {
    if (!token) continue;
    if (token.startsWith('<')) {
      const match =
        /^<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<&]*(?:&(?:amp|lt|gt|quot|apos);[^"<&]*)*")*)\s*(\/?)>$/.exec(
          token,
        );
      if (!match) throw new Error(`malformed tag ${token}`);
      const [, closing, name, , selfClosing] = match;
      if (closing) {
        if (stack.pop() !== name) throw new Error(`unbalanced </${name}>`);
      } else if (!selfClosing) stack.push(name!);
    } else if (/[<>]|&(?!(amp|lt|gt|quot|apos);)/.test(token)) {
      throw new Error(`unescaped text ${token}`);
    }
  }
  if (stack.length > 0) throw new Error(`unclosed ${stack.join(', ')}`);
}

const text = (entry: ZipEntry | undefined) => entry?.data.toString('utf8') ?? '';
/** Common Voice's columns in its order (release 17 on). */
const TSV_HEADER =
  'client_id\tpath\tsentence_id\tsentence\tsentence_domain\tup_votes\tdown_votes\tage\tgender\taccents\tvariant\tlocale\tsegment';
const SENTENCES_HEADER = 'sentence_id\tsentence\tsentence_domain\tsource\tis_used\tclips_count';
const UNVALIDATED_HEADER = 'sentence_id\tsentence\tsentence_domain\tsource';
const REPORTED_HEADER = 'sentence_id\tsentence\tlocale\treason';
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** The rows of a TSV by column name, split on tabs as Common Voice's readers do (export-interop reads with Python). */
const cvRows = (tsv: string) => {
  const [header, ...lines] = tsv.replace(/\n$/, '').split('\n');
  const names = header!.split('\t');
  return lines.map((line) => {
    const cells = line.split('\t');
    return Object.fromEntries(names.map((name, index) => [name, cells[index]!]));
  });
};

describe.each(DATABASE_KINDS)('dataset exports on %s', (kind) => {
  let t: AudioTestApp;
  let admin: Account;
  let alice: Account; // recording consent
  let bob: Account; // full consent, then withdrew
  let dave: Account; // translation consent
  let erin: Account; // a listener and reviewer, no consent of her own
  const clips: Record<string, Stored> = {};

  const inject = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    auth?: Record<string, string>,
    payload?: object,
  ) => t.app.inject({ method, url, headers: auth ?? {}, ...(payload === undefined ? {} : { payload }) });

  const upload = async (
    who: Account,
    name: string,
    bytes: Buffer,
    meta: Record<string, unknown>,
    duration: number,
  ) => {
    const body = multipartBody({ bytes }, { fileName: `${name}.wav`, ...meta });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/audio/upload',
      headers: { ...who.auth, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    await inspectionsDone(t.app); // exported once inspected
    clips[name] = { id: response.json<{ recording: { id: string } }>().recording.id, bytes, duration };
  };

  const download = async (url: string, auth = admin.auth) => {
    const response = await inject('GET', url, auth);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    if (hasUnzip) {
      const file = path.join(t.dataDir, `check-${Date.now()}.zip`);
      fs.writeFileSync(file, response.rawPayload);
      const tested = spawnSync('unzip', ['-tq', file], { encoding: 'utf8' });
      expect(tested.status, tested.stdout + tested.stderr).toBe(0);
    }
    const entries = readZip(response.rawPayload);
    const folder = [...entries.keys()][0]!.split('/')[0]!;
    const file = (name: string) => entries.get(`${folder}/${name}`);
    const manifest = JSON.parse(text(file('manifest.json'))) as ExportManifest & Record<string, unknown>;
    return { response, entries, folder, file, manifest };
  };

  beforeAll(async () => {
    t = await createAudioTestApp(kind);
    admin = await signUp(t.app, { name: 'Admin Qorvath' });
    alice = await signUp(t.app, { name: 'Alinta Vesk' });
    bob = await signUp(t.app, { name: 'Brolo Tandi' });
    dave = await signUp(t.app, { name: 'Davro Quell' });
    erin = await signUp(t.app, { name: 'Erwa Pimsel' });
    expect(
      (
        await inject('PATCH', '/api/auth/me', alice.auth, {
          ageGroup: '18-29',
          gender: 'female',
          dialect: 'Zorvek',
        })
      ).statusCode,
    ).toBe(200);
    await grantRecordingConsent(t.app, alice.auth);
    await inject('POST', '/api/consent/submit', bob.auth, { consent_type: 'full' });
    await inject('POST', '/api/consent/submit', dave.auth, { consent_type: 'translation' });

    await upload(
      alice,
      'plain',
      toneWav(1.2, { frequency: 300 }),
      { transcript: 'zorbel kwintafa', language: 'lpx' },
      1.2,
    );
    await upload(
      alice,
      'formula',
      toneWav(2, { frequency: 320 }),
      { transcript: '=HYPERLINK("http://x.invalid")' },
      2,
    );
    await upload(alice, 'untranscribed', toneWav(1.5, { frequency: 340 }), {}, 1.5);
    await upload(
      alice,
      'english',
      toneWav(1.1, { frequency: 360 }),
      { transcript: 'good morning', language: 'en' },
      1.1,
    );
    if (hasFfmpeg) {
      await upload(
        alice,
        'opus',
        opusOf(toneWav(1.3, { frequency: 380 })),
        { transcript: 'mebbo | tash\nvorn' },
        1.3,
      );
    }
    await upload(bob, 'withdrawn', toneWav(1, { frequency: 400 }), { transcript: 'brolo kwin' }, 1);
    // Clips the community has not accepted: turned down, still waiting, reported.
    await upload(alice, 'doubtful', toneWav(1.4, { frequency: 420 }), { transcript: 'vorn tash' }, 1.4);
    await upload(alice, 'waiting', toneWav(1.6, { frequency: 440 }), { transcript: 'plimbo drax' }, 1.6);
    await upload(alice, 'flagged', toneWav(1.7, { frequency: 460 }), { transcript: 'munek fesha' }, 1.7);

    const up = (who: Account): [Record<string, string>, 'up'] => [who.auth, 'up'];
    const down = (who: Account): [Record<string, string>, 'down'] => [who.auth, 'down'];
    for (const name of ['plain', 'formula', 'untranscribed', 'english', 'opus', 'withdrawn']) {
      if (clips[name]) await castVotes(t.app, clips[name].id, [up(erin), up(dave)]);
    }
    await castVotes(t.app, clips.formula!.id, [down(admin)]);
    await castVotes(t.app, clips.doubtful!.id, [down(erin), down(dave)]);
    await castVotes(t.app, clips.waiting!.id, [up(erin)]);
    await holdByReports(t.app, clips.flagged!.id, [dave.auth, erin.auth, bob.auth]);

    const pairs = answer(await inject('GET', '/api/translation/pairs', dave.auth), pairsResponseSchema).pairs;
    await approvedByCommunity(t.app, dave.auth, [erin.auth, alice.auth], pairs[0]!.id, '<zorbel & "kwin">');
    await approvedByCommunity(t.app, dave.auth, [erin.auth, alice.auth], pairs[1]!.id, '+tash');
    // The Lopit sentence alice's 'plain' clip reads.
    await approvedByCommunity(t.app, dave.auth, [erin.auth, alice.auth], pairs[5]!.id, 'zorbel kwintafa');
    await approvedByCommunity(t.app, bob.auth, [erin.auth, alice.auth], pairs[2]!.id, 'brolo withdrawn text');
    // A proposal still waiting, and one the community turned down: neither is in a dataset.
    await propose(t.app, dave.auth, pairs[3]!.id, 'dave waiting text');
    const { proposal } = await propose(t.app, dave.auth, pairs[4]!.id, 'dave rejected text');
    for (const who of [erin, alice]) {
      const rejected = await reviewProposal(t.app, who.auth, proposal!.id, {
        verdict: 'reject',
        reason: 'Not what the English says',
      });
      expect(rejected.statusCode, rejected.body).toBe(200);
    }
    // Reports of sentences: two of an approved one; one of bob's (withdrawn) and one of a sentence without an
    // approved Lopit text, which no dataset lists.
    const report = async (who: Account, pairId: number, reason: string) => {
      const response = await inject('POST', `/api/audio/prompts/${pairId}/report`, who.auth, { reason });
      expect(response.json(), response.body).toMatchObject({ created: true });
    };
    await report(erin, pairs[0]!.id, 'spelling');
    await report(alice, pairs[0]!.id, 'hard-to-read');
    await report(erin, pairs[2]!.id, 'offensive');
    await report(erin, pairs[3]!.id, 'wrong-language');
    // '+tash' is retired: no longer offered for reading, still a validated sentence.
    expect(
      (await inject('POST', `/api/admin/prompts/${pairs[1]!.id}/retire`, admin.auth, { reason: 'Too short' }))
        .statusCode,
    ).toBe(200);
    expect((await inject('POST', '/api/consent/withdraw', bob.auth)).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it('refuses visitors (401) and contributors (403) on every export', async () => {
    for (const url of [
      '/api/admin/exports',
      '/api/admin/exports/asr.zip',
      '/api/admin/exports/tts.zip',
      '/api/admin/exports/mt.zip',
    ]) {
      const visitor = await inject('GET', url);
      expect(visitor.statusCode, url).toBe(401);
      expect(visitor.json(), url).toMatchObject({ code: 'UNAUTHENTICATED' });
      const contributor = await inject('GET', url, alice.auth);
      expect(contributor.statusCode, url).toBe(403);
      expect(contributor.json(), url).toMatchObject({
        code: 'FORBIDDEN',
        message: expect.any(String) as string,
      });
    }
  });

  it('tells admins what each export holds', async () => {
    const response = await inject('GET', '/api/admin/exports', admin.auth);
    expect(response.statusCode).toBe(200);
    const summary = response.json<ExportSummary>();
    // Lopit only: the validated English clip is in no state, and counted as left out.
    const transcribed = hasFfmpeg ? 3 : 2;
    expect(summary.asr).toMatchObject({
      clips: transcribed,
      speakers: 1,
      untranscribed: 1,
      withoutConsent: 1,
      otherLanguage: 1,
      // bob's validated clip is not counted in any state: his consent was withdrawn.
      states: { validated: transcribed, invalidated: 1, pending: 1, reported: 1 },
    });
    const validatedBytes = ['plain', 'formula', ...(hasFfmpeg ? ['opus'] : [])].reduce(
      (sum, name) => sum + clips[name]!.bytes.length,
      0,
    );
    expect(summary.asr.audioBytes).toBe(validatedBytes);
    expect(summary.asr.allAudioBytes).toBe(
      validatedBytes +
        ['doubtful', 'waiting', 'flagged'].reduce((sum, name) => sum + clips[name]!.bytes.length, 0),
    );
    expect(summary.tts.defaultSpeakerId).toBe(alice.user.id);
    expect(summary.tts.speakers).toEqual([
      expect.objectContaining({ id: alice.user.id, name: 'Alinta Vesk', clips: transcribed }),
    ]);
    expect(summary.mt.pairs).toBe(3);
    expect(summary.ffmpeg).toBe(hasFfmpeg);
  });

  it('exports validated ASR clips as recorded on request, in Common Voice layout with split folders and manifests', async () => {
    const { response, entries, folder, file, manifest } = await download(
      '/api/admin/exports/asr.zip?audio=original',
    );
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="lopit-asr-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(folder).toMatch(/^lopit-asr-/);
    // Audio is stored, not compressed: that is what makes the size known in advance.
    expect([...entries.values()].every((entry) => entry.method === 0)).toBe(true);

    // One speaker: the speaker-disjoint split puts every validated clip in train. Lopit only: not 'english'.
    const included = ['plain', 'formula', ...(hasFfmpeg ? ['opus'] : [])];
    const pathOf = (name: string) => `train/${clips[name]!.id}.${name === 'opus' ? 'ogg' : 'wav'}`;
    for (const name of included) {
      expect(file(`clips/${pathOf(name)}`)?.data.equals(clips[name]!.bytes), name).toBe(true);
    }
    // Nothing of the English clip anywhere: no audio, no row, not its text.
    for (const name of ['untranscribed', 'withdrawn', 'doubtful', 'waiting', 'flagged', 'english']) {
      expect(
        [...entries.keys()].some((key) => key.includes(clips[name]!.id)),
        name,
      ).toBe(false);
    }
    const everything = [...entries.values()].map((entry) => text(entry)).join('\n');
    expect(everything).not.toContain('good morning');
    expect(everything).not.toContain(clips.english!.id);

    const tsv = text(file('validated.tsv'));
    expect(tsv.split('\n')[0]).toBe(TSV_HEADER);
    // The default set is what a model should learn from: the other review states are left empty.
    for (const name of ['invalidated.tsv', 'other.tsv']) {
      expect(text(file(name)), name).toBe(`${TSV_HEADER}\n`);
    }
    const rows = new Map(cvRows(tsv).map((row) => [row.path!, row]));
    expect([...rows.keys()].sort()).toEqual(included.map(pathOf).sort());
    const plain = rows.get(pathOf('plain'))!;
    expect(plain).toEqual({
      client_id: expect.stringMatching(/^[0-9a-f]{64}$/) as string,
      path: pathOf('plain'),
      sentence_id: createHash('sha256').update('zorbel kwintafa').digest('hex'),
      sentence: 'zorbel kwintafa',
      sentence_domain: '',
      up_votes: '2',
      down_votes: '0',
      // Common Voice's vocabularies: 18-29 is twenties, female is female_feminine.
      age: 'twenties',
      gender: 'female_feminine',
      accents: 'Zorvek',
      variant: '',
      locale: 'lpx',
      segment: '',
    });
    // Votes as cast: two up, then one down (still validated: more up than down).
    expect(rows.get(pathOf('formula'))).toMatchObject({ up_votes: '2', down_votes: '1' });
    expect(tsv).not.toContain(alice.user.id);
    // A dataset keeps the text as spoken: no spreadsheet apostrophe.
    expect(rows.get(pathOf('formula'))?.sentence).toBe('=HYPERLINK("http://x.invalid")');
    // Every row names the dataset's locale, also a clip whose language the speaker did not give.
    expect([...rows.values()].map((row) => row.locale)).toEqual(included.map(() => 'lpx'));
    if (hasFfmpeg) expect(rows.get(pathOf('opus'))?.sentence).toBe('mebbo | tash vorn');

    expect(text(file('train.tsv'))).toBe(tsv);
    expect(text(file('dev.tsv'))).toBe(`${TSV_HEADER}\n`);
    expect(text(file('test.tsv'))).toBe(`${TSV_HEADER}\n`);
    expect(
      text(file('clip_durations.tsv'))
        .trimEnd()
        .split('\n')
        .slice(1)
        .map((line) => line.split('\t'))
        .sort(),
    ).toEqual(included.map((name) => [pathOf(name), String(clips[name]!.duration * 1000)]).sort());
    expect(text(file('clip_durations.tsv')).split('\n')[0]).toBe('clip\tduration[ms]');

    // Audiofolder metadata is per split only: no metadata file at the root or under clips/.
    expect(
      [...entries.keys()]
        .filter((key) => /(^|\/)metadata\.[a-z]+$/.test(key))
        .map((key) => key.slice(folder.length + 1)),
    ).toEqual(['clips/train/metadata.jsonl']);

    // Common Voice's sentence files: the approved Lopit sentences of consenting authors (a retired one is no
    // longer in use), with the clips of each in this archive; waiting ones only in the full set.
    expect(text(file('validated_sentences.tsv')).split('\n')[0]).toBe(SENTENCES_HEADER);
    expect(
      cvRows(text(file('validated_sentences.tsv'))).sort((a, b) => a.sentence!.localeCompare(b.sentence!)),
    ).toEqual([
      {
        sentence_id: sha256('+tash'),
        sentence: '+tash',
        sentence_domain: '',
        source: 'community translation',
        is_used: '0',
        clips_count: '0',
      },
      {
        sentence_id: sha256('<zorbel & "kwin">'),
        sentence: '<zorbel & "kwin">',
        sentence_domain: '',
        source: 'community translation',
        is_used: '1',
        clips_count: '0',
      },
      {
        sentence_id: plain.sentence_id,
        sentence: 'zorbel kwintafa',
        sentence_domain: '',
        source: 'community translation',
        is_used: '1',
        clips_count: '1',
      },
    ]);
    expect(text(file('unvalidated_sentences.tsv'))).toBe(`${UNVALIDATED_HEADER}\n`);
    // reported.tsv lists reported sentences as Common Voice does (not clips), with its reasons; reports of a
    // withdrawn author's text or of a sentence without approved Lopit are not there.
    expect(text(file('reported.tsv')).split('\n')[0]).toBe(REPORTED_HEADER);
    expect(cvRows(text(file('reported.tsv')))).toEqual([
      {
        sentence_id: sha256('<zorbel & "kwin">'),
        sentence: '<zorbel & "kwin">',
        locale: 'lpx',
        reason: 'grammar-or-spelling',
      },
      {
        sentence_id: sha256('<zorbel & "kwin">'),
        sentence: '<zorbel & "kwin">',
        locale: 'lpx',
        reason: 'difficult-pronounce',
      },
    ]);

    // The audiofolder split and NeMo's manifest: the text exactly as written (line break included).
    const audiofolder = text(file('clips/train/metadata.jsonl'))
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(audiofolder.map((row) => row.file_name).sort()).toEqual(
      included.map((name) => pathOf(name).slice('train/'.length)).sort(),
    );
    expect(audiofolder.find((row) => row.file_name === `${clips.plain!.id}.wav`)).toEqual({
      file_name: `${clips.plain!.id}.wav`,
      transcription: 'zorbel kwintafa',
      speaker_id: plain.client_id,
      age: '18-29',
      gender: 'female',
      dialect: 'Zorvek',
      locale: 'lpx',
      recorded_at: '',
      duration: 1.2,
    });
    expect(text(file('clips/train/metadata.jsonl'))).toMatch(/"duration":1\.200\}\n/);
    expect(entries.has(`${folder}/clips/dev/metadata.jsonl`)).toBe(false);
    const nemo = text(file('train_manifest.json'))
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(nemo).toContainEqual({
      audio_filepath: `clips/${pathOf('plain')}`,
      duration: 1.2,
      text: 'zorbel kwintafa',
    });
    if (hasFfmpeg) expect(nemo.map((row) => row.text)).toContain('mebbo | tash\nvorn');
    expect(text(file('dev_manifest.json'))).toBe('');

    expect(manifest).toMatchObject({
      kind: 'asr',
      set: 'accepted',
      licence: 'CC-BY-NC-4.0',
      language: { code: 'lpx', name: 'Lopit' },
      counts: {
        clips: included.length,
        speakers: 1,
        validated: included.length,
        invalidated: 0,
        pending: 0,
        reported: 0,
        validatedSentences: 3,
        unvalidatedSentences: 0,
        sentenceReports: 2,
      },
      clipsByLocale: { lpx: included.length },
      splits: {
        train: { speakers: 1, clips: included.length },
        dev: { speakers: 0, clips: 0, hours: 0 },
        test: { speakers: 0, clips: 0, hours: 0 },
      },
      consentFormVersions: { '2026-11-v1': 1 },
      excluded: {
        recordingsWithoutConsent: 1,
        recordingsWithoutTranscript: 1,
        recordingsWithMissingAudio: 0,
        recordingsNotValidated: 3,
        recordingsNotInLopit: 1,
      },
      review: { votesToDecide: 2, tieInvalidAfterVotes: 3 },
      audio: { format: 'original' },
      commonVoice: {
        ages: { '18-29': 'twenties', '30-44': 'thirties', '45-59': 'fifties', '60+': 'sixties' },
      },
      format: { name: expect.stringContaining('Common Voice') as string },
    });
    // Every file of the archive is described in the manifest (a folder's entry describes its audio).
    const described = Object.keys(manifest.format.files);
    for (const name of [...entries.keys()].map((key) => key.slice(folder.length + 1))) {
      expect(
        described.some((key) => key === name || (key.endsWith('/') && name.startsWith(key))),
        name,
      ).toBe(true);
    }
    expect(described).not.toContain('clips/dev/');
    expect(manifest.clipsByLocale).toEqual({ lpx: included.length });
    const seconds = included.reduce((sum, name) => sum + clips[name]!.duration, 0);
    expect(manifest.hours).toBeCloseTo(seconds / 3600, 3);
    expect(Date.parse(manifest.createdAt)).toBeGreaterThan(Date.now() - 60_000);

    // The pseudonymous id stays the same from one export to the next.
    const again = await download('/api/admin/exports/asr.zip?audio=original');
    expect(text(again.file('validated.tsv'))).toContain(`${plain.client_id}\t${pathOf('plain')}\t`);
  });

  it('exports the full set for research on request: every review state with its votes, clearly named', async () => {
    const { response, entries, folder, file, manifest } = await download(
      '/api/admin/exports/asr.zip?set=all&audio=original',
    );
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="lopit-asr-full-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(folder).toMatch(/^lopit-asr-full-/);
    const validated = ['plain', 'formula', ...(hasFfmpeg ? ['opus'] : [])];
    const everyState = [...validated, 'doubtful', 'waiting', 'flagged'];
    // Validated clips in their split's folder, the others in clips/other (no audiofolder split).
    const pathOf = (name: string) =>
      `${validated.includes(name) ? 'train' : 'other'}/${clips[name]!.id}.${name === 'opus' ? 'ogg' : 'wav'}`;
    for (const name of everyState) {
      expect(file(`clips/${pathOf(name)}`)?.data.equals(clips[name]!.bytes), name).toBe(true);
    }
    // Consent still decides: bob's clip was validated, then he withdrew. The English clip is not in it either.
    expect([...entries.keys()].some((key) => key.includes(clips.withdrawn!.id))).toBe(false);
    expect([...entries.keys()].some((key) => key.includes(clips.english!.id))).toBe(false);
    expect(entries.has(`${folder}/clips/other/metadata.jsonl`)).toBe(false);

    const rowsOf = (name: string) => cvRows(text(file(name)));
    expect(
      rowsOf('validated.tsv')
        .map((row) => row.path)
        .sort(),
    ).toEqual(validated.map(pathOf).sort());
    expect(rowsOf('invalidated.tsv')).toEqual([
      expect.objectContaining({
        path: pathOf('doubtful'),
        sentence: 'vorn tash',
        up_votes: '0',
        down_votes: '2',
        age: 'twenties',
        gender: 'female_feminine',
        accents: 'Zorvek',
        locale: 'lpx',
      }),
    ]);
    // Clips not yet decided, waiting for votes or held by reports, are in other.tsv as Common Voice lists them;
    // clip_review_states.tsv tells the two apart.
    expect(
      rowsOf('other.tsv')
        .map((row) => [row.path, row.up_votes, row.down_votes])
        .sort(),
    ).toEqual(
      [
        [pathOf('waiting'), '1', '0'],
        [pathOf('flagged'), '0', '0'],
      ].sort(),
    );
    expect(
      Object.fromEntries(rowsOf('clip_review_states.tsv').map((row) => [row.clip, row.review_state])),
    ).toEqual(
      Object.fromEntries(
        everyState.map((name) => [
          pathOf(name),
          validated.includes(name)
            ? 'validated'
            : { doubtful: 'invalidated', waiting: 'pending', flagged: 'reported' }[name],
        ]),
      ),
    );
    expect(
      [...rowsOf('validated.tsv'), ...rowsOf('invalidated.tsv'), ...rowsOf('other.tsv')].every(
        (row) => row.locale === 'lpx',
      ),
    ).toBe(true);
    // The full set adds the sentences waiting for review (not the one the community turned down), and lists
    // the same reported sentences.
    expect(rowsOf('unvalidated_sentences.tsv')).toEqual([
      {
        sentence_id: sha256('dave waiting text'),
        sentence: 'dave waiting text',
        sentence_domain: '',
        source: 'community translation',
      },
    ]);
    expect(
      rowsOf('validated_sentences.tsv')
        .map((row) => [row.sentence, row.clips_count])
        .sort(),
    ).toEqual([
      ['+tash', '0'],
      ['<zorbel & "kwin">', '0'],
      ['zorbel kwintafa', '1'],
    ]);
    expect(rowsOf('reported.tsv').map((row) => row.reason)).toEqual([
      'grammar-or-spelling',
      'difficult-pronounce',
    ]);
    // Train, dev and test hold validated clips only, in the full set too.
    expect(
      [...rowsOf('train.tsv'), ...rowsOf('dev.tsv'), ...rowsOf('test.tsv')].map((row) => row.path).sort(),
    ).toEqual(validated.map(pathOf).sort());
    expect(text(file('clip_durations.tsv')).trimEnd().split('\n')).toHaveLength(everyState.length + 1);

    expect(entries.has(`${folder}/metadata.csv`)).toBe(false);

    expect(manifest).toMatchObject({
      dataset: folder,
      set: 'all',
      counts: {
        clips: everyState.length,
        speakers: 1,
        validated: validated.length,
        invalidated: 1,
        pending: 1,
        reported: 1,
        unvalidatedSentences: 1,
      },
      excluded: { recordingsWithoutConsent: 1, recordingsWithoutTranscript: 1, recordingsNotInLopit: 1 },
    });
    expect(manifest.excluded).not.toHaveProperty('recordingsNotValidated');
    expect(manifest.format.files).toHaveProperty(['clips/other/']);
    expect((await inject('GET', '/api/admin/exports/asr.zip?set=everything', admin.auth)).statusCode).toBe(
      400,
    );
  });

  it.skipIf(!hasFfmpeg)(
    'exports ASR clips as 16 kHz mono WAV of the announced size by default, FLAC of the same samples on request',
    async () => {
      const { file, manifest } = await download('/api/admin/exports/asr.zip');
      const flac = await download('/api/admin/exports/asr.zip?audio=flac');
      for (const name of ['plain', 'formula', 'opus']) {
        const wav = file(`clips/train/${clips[name]!.id}.wav`)!.data;
        expect(wav.toString('latin1', 0, 4)).toBe('RIFF');
        expect(wav.readUInt16LE(22)).toBe(1);
        expect(wav.readUInt32LE(24)).toBe(16_000);
        expect(wav.readUInt16LE(34)).toBe(16);
        expect(wav.length).toBe(44 + Math.round(clips[name]!.duration * 16_000) * 2);
        const encoded = flac.file(`clips/train/${clips[name]!.id}.flac`)!.data;
        expect(encoded.toString('latin1', 0, 4)).toBe('fLaC');
        // Smaller than the WAV it holds (export-interop decodes it and compares the samples).
        expect(encoded.length).toBeLessThan(wav.length);
      }
      expect(cvRows(text(file('validated.tsv'))).every((row) => row.path!.endsWith('.wav'))).toBe(true);
      expect(cvRows(text(flac.file('validated.tsv'))).every((row) => row.path!.endsWith('.flac'))).toBe(true);
      expect(manifest.audio).toMatchObject({
        format: 'wav',
        sampleRate: 16_000,
        channels: 1,
        bitsPerSample: 16,
      });
      expect(flac.manifest.audio).toMatchObject({ format: 'flac', sampleRate: 16_000, channels: 1 });
      expect((await inject('GET', '/api/admin/exports/asr.zip?audio=mp3', admin.auth)).statusCode).toBe(400);
    },
  );

  it.skipIf(!hasFfmpeg)(
    'exports the default voice as LJSpeech: id|text|normalised and 22,050 Hz WAVs',
    async () => {
      const { file, entries, manifest } = await download('/api/admin/exports/tts.zip');
      const lines = text(file('metadata.csv')).trimEnd().split('\n');
      const voiced = ['plain', 'formula', 'opus'];
      expect(lines).toHaveLength(voiced.length);
      expect(lines).toContain(`${clips.plain!.id}|zorbel kwintafa|zorbel kwintafa`);
      // The text as spoken, no spreadsheet apostrophe.
      expect(lines).toContain(
        `${clips.formula!.id}|=HYPERLINK("http://x.invalid")|=HYPERLINK("http://x.invalid")`,
      );
      expect(lines).toContain(`${clips.opus!.id}|mebbo tash vorn|mebbo tash vorn`);
      expect([...entries.keys()].some((key) => key.includes(clips.english!.id))).toBe(false);
      for (const name of voiced) {
        const wav = file(`wavs/${clips[name]!.id}.wav`)!.data;
        expect(wav.readUInt32LE(24)).toBe(22_050);
        expect(wav.readUInt16LE(22)).toBe(1);
        expect(wav.readUInt32LE(40)).toBe(Math.round(clips[name]!.duration * 22_050) * 2);
        expect(wav.length).toBe(44 + wav.readUInt32LE(40));
      }
      // The decoded tone is there, not silence.
      const samples = file(`wavs/${clips.plain!.id}.wav`)!.data.subarray(44);
      let peak = 0;
      for (let i = 0; i < samples.length; i += 2) peak = Math.max(peak, Math.abs(samples.readInt16LE(i)));
      expect(peak).toBeGreaterThan(10_000);

      const asr = await download('/api/admin/exports/asr.zip');
      const clientId = cvRows(text(asr.file('validated.tsv')))[0]!.client_id;
      expect(manifest).toMatchObject({
        kind: 'tts',
        counts: { clips: 3, speakers: 1 },
        speaker: { id: clientId, age: '18-29', gender: 'female', dialect: 'Zorvek' },
        consentFormVersions: { '2026-11-v1': 1 },
        audio: { sampleRate: 22_050, channels: 1, bitsPerSample: 16 },
      });

      const chosen = await download(`/api/admin/exports/tts.zip?speaker=${alice.user.id}`);
      expect(chosen.manifest.counts).toEqual({ clips: 3, speakers: 1 });
    },
  );

  it.skipIf(!hasFfmpeg)(
    'refuses a voice of a speaker whose consent does not stand, or who is unknown',
    async () => {
      for (const id of [bob.user.id, dave.user.id, '00000000-0000-4000-8000-000000000000']) {
        const response = await inject('GET', `/api/admin/exports/tts.zip?speaker=${id}`, admin.auth);
        expect(response.statusCode, id).toBe(404);
        expect(response.json<{ message: string }>().message).toMatch(
          /no consented, transcribed recordings that listeners have validated/,
        );
      }
      expect((await inject('GET', '/api/admin/exports/tts.zip?speaker=nobody', admin.auth)).statusCode).toBe(
        400,
      );
    },
  );

  it('exports approved pairs of consenting authors as TSV and a well-formed TMX 1.4', async () => {
    const { file, manifest } = await download('/api/admin/exports/mt.zip');
    const tsv = text(file('pairs.tsv')).trimEnd().split('\n');
    expect(tsv[0]).toBe('id\tcategory\ten\tlpx');
    expect(tsv).toHaveLength(4);
    expect(tsv.some((line) => line.endsWith(`\t<zorbel & "kwin">`))).toBe(true);
    // A dataset keeps the text as written: no spreadsheet apostrophe.
    expect(tsv.some((line) => line.endsWith(`\t+tash`))).toBe(true);
    for (const left of ['brolo withdrawn text', 'dave waiting text', 'dave rejected text']) {
      expect(tsv.join('\n')).not.toContain(left);
    }

    const tmx = text(file('pairs.tmx'));
    checkWellFormed(tmx);
    expect(tmx).toContain('<tmx version="1.4">');
    expect(tmx).toMatch(/<header [^>]*srclang="en"[^>]*datatype="plaintext"/);
    expect(tmx).toContain('<tuv xml:lang="lpx"><seg>&lt;zorbel &amp; &quot;kwin&quot;&gt;</seg></tuv>');
    // TMX holds texts exactly as written: no spreadsheet apostrophe there.
    expect(tmx).toContain('<seg>+tash</seg>');
    expect(tmx.match(/<tu /g)).toHaveLength(3);
    expect(tmx).not.toContain('brolo withdrawn text');
    expect(tmx).not.toContain('dave waiting text');
    expect(tmx).not.toContain('dave rejected text');

    expect(manifest).toMatchObject({
      kind: 'mt',
      licence: 'CC-BY-NC-4.0',
      counts: { pairs: 3, pairsWithoutAuthor: 0 },
      consentFormVersions: { '2026-11-v1': 1 },
      excluded: { pairsWithoutConsent: 1 },
    });
  });

  it('says that WAV and FLAC conversion need ffmpeg when the server has none, and still exports the original audio', async () => {
    const bare = await createAudioTestApp(kind, { FFMPEG_PATH: '/nonexistent/ffmpeg' });
    try {
      const first = await signUp(bare.app);
      const get = (url: string) => bare.app.inject({ method: 'GET', url, headers: first.auth });
      expect((await get('/api/admin/exports')).json<ExportSummary>().ffmpeg).toBe(false);
      for (const url of [
        '/api/admin/exports/tts.zip',
        '/api/admin/exports/asr.zip',
        '/api/admin/exports/asr.zip?audio=flac',
      ]) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(503);
        expect(response.json(), url).toMatchObject({
          code: 'UNAVAILABLE',
          message: expect.stringMatching(/ffmpeg/) as string,
        });
      }
      expect((await get('/api/admin/exports/asr.zip?audio=original')).statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });

  it('leaves out a speaker who withdraws, at the next export', async () => {
    expect((await inject('POST', '/api/consent/withdraw', alice.auth)).statusCode).toBe(200);
    const { entries, file, manifest } = await download('/api/admin/exports/asr.zip?audio=original');
    expect(text(file('validated.tsv')).trimEnd().split('\n')).toHaveLength(1);
    expect(text(file('train.tsv'))).toBe(`${TSV_HEADER}\n`);
    expect([...entries.keys()].filter((key) => key.includes('/clips/'))).toEqual([]);
    expect(text(file('train_manifest.json'))).toBe('');
    expect(text(file('clip_durations.tsv'))).toBe('clip\tduration[ms]\n');
    expect(manifest).toMatchObject({ counts: { clips: 0, speakers: 0 }, hours: 0, consentFormVersions: {} });
    const tts = await inject('GET', '/api/admin/exports/tts.zip', admin.auth);
    expect(tts.statusCode).toBe(hasFfmpeg ? 404 : 503);
  });
});
