// The dataset exports read back by tools nobody on this project wrote (issues 17 and 32): Python's zipfile, csv
// module with csv.QUOTE_NONE (as Common Voice's readers read its raw TSVs: Lhotse's recipe, ESPnet, Hugging Face's
// Common Voice script) and json, soundfile (libsndfile) for every audio file, translate-toolkit for the TMX, and
// the pairs importer for the spreadsheet CSV. Texts with quotes (a leading one too), tabs, line
// breaks, a leading = + - @, emoji and combining marks, in a made-up language, come back exactly as stored (on one
// line in the TSVs): clips, Common Voice's sentence files and reported sentences. Only Lopit speech is in the
// speech exports: an English clip is in none. A mono AAC upload is recorded as mono.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingResponseSchema } from '../../core/api/recordings.ts';
import { importReportSchema, pairsExportSchema } from '../../core/api/translation.ts';
import { parseDelimited } from '../../server/features/translation/pairs-import.ts';
import {
  createAudioTestApp,
  hasFfmpeg,
  inspectedRecording,
  multipartBody,
  toneWav,
  type AudioTestApp,
} from './audio-fixtures.ts';
import { castVotes, propose, type Auth } from './review-fixtures.ts';
import { answer, DATABASE_KINDS, grantConsent, signUp } from './test-app.ts';

type Account = Awaited<ReturnType<typeof signUp>>;

const READERS = path.join(import.meta.dirname, 'export-interop-readers.py');
/** Debian's python3, which has python3-soundfile and python3-translate (another python3 may come first on PATH). */
const python = ['/usr/bin/python3', 'python3'].find(
  (candidate) =>
    spawnSync(candidate, ['-c', 'import soundfile, translate.storage.tmx'], { stdio: 'ignore' }).status === 0,
);
if (!python || !hasFfmpeg) {
  console.warn(
    'SKIPPED: reading the exports back needs ffmpeg and python3 with soundfile and translate-toolkit (Debian: apt-get install ffmpeg python3-soundfile python3-translate; .ci/run installs them).',
  );
}

/**
 * Transcripts in a made-up language. `line` is the text as one-line files write it (Common Voice's TSVs, pairs.tsv:
 * a tab or line break, with the spaces around it, is one space); `lj` as LJSpeech's | file writes it.
 */
const SAMPLES: { text: string; line?: string; lj?: string }[] = [
  { text: '"Vorp" kwin tash, zorbel' },
  { text: '"zorbel kwintafa' },
  { text: 'mebbo "tash" vorn' },
  { text: '"' },
  { text: 'kwin\ttash', line: 'kwin tash', lj: 'kwin tash' },
  {
    text: 'zorbel vorn\nmebbo tash \r\n plimbo',
    line: 'zorbel vorn mebbo tash plimbo',
    lj: 'zorbel vorn mebbo tash plimbo',
  },
  { text: '=SUM(1,2)' },
  { text: '+tash vorn' },
  { text: '-Vorp kwin' },
  { text: '@zeb drax' },
  { text: 'zorbel 🙂 kwin 👋🏽' },
  { text: 'ke\u0301lo zu\u0331m n\u0303a' },
  { text: 'drax, vorn; tash | mebbo', lj: 'drax, vorn; tash mebbo' },
];

interface AudioRead {
  format: string;
  subtype: string;
  samplerate: number;
  channels: number;
  frames: number;
  decodedFrames: number;
  peak: number;
  sha256: string;
}
type Read = {
  json?: Record<string, unknown>;
  default?: Record<string, string>[];
  quoteNone?: Record<string, string>[];
  ljspeech?: string[][];
  jsonl?: Record<string, unknown>[];
  audio?: AudioRead;
  tmx?: { id: string; source: string; target: string }[];
};

describe.skipIf(!python || !hasFfmpeg).each(DATABASE_KINDS)(
  'exports read back by real readers on %s',
  (kind) => {
    let t: AudioTestApp;
    let dir: string;
    let admin: Account;
    let main: Account;
    const listeners: Account[] = [];
    /** Recording id -> transcript as stored, duration in seconds. */
    const stored = new Map<
      string,
      { transcript: string; seconds: number; sample?: (typeof SAMPLES)[number] }
    >();
    const channelsOf = new Map<string, number | null>();
    /** A validated clip of English read speech, by the main speaker: in no speech export. */
    let english: { id: string };
    /** A Lopit translation waiting for review, with a leading quote, a tab and a line break. */
    const WAITING = { text: '"Kwin\tvorn\nzeb drax', line: '"Kwin vorn zeb drax' };

    const upload = async (
      who: Account,
      bytes: Buffer,
      fileName: string,
      transcript: string,
      language = 'lpx',
    ) => {
      const body = multipartBody({ bytes, fileName }, { transcript, language });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/audio/upload',
        headers: { ...who.auth, ...body.headers },
        payload: body.payload,
      });
      expect(response.statusCode, response.body).toBe(201);
      // In review once inspected, with the channels the inspection found.
      const recording = await inspectedRecording(
        t.app,
        who.auth,
        answer(response, recordingResponseSchema).recording.id,
      );
      const up = (listener: Account): [Auth, 'up'] => [listener.auth, 'up'];
      await castVotes(t.app, recording.id, [up(listeners[0]!), up(listeners[1]!)]);
      channelsOf.set(recording.id, recording.channels);
      return recording;
    };

    /** Downloads an export, has Python extract and read it; the files by name inside the dataset's folder. */
    const readExport = async (url: string) => {
      const response = await t.app.inject({ method: 'GET', url, headers: admin.auth });
      expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      const name = `${path.basename(url).replace(/\W+/g, '-')}-${Date.now()}`;
      const archive = path.join(dir, `${name}.zip`);
      fs.writeFileSync(archive, response.rawPayload);
      const out = execFileSync(python!, [READERS, 'zip', archive, path.join(dir, name)], {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
      const read = JSON.parse(out) as Record<string, Read>;
      const folder = Object.keys(read)[0]!.split('/')[0]!;
      const files = new Map(
        Object.entries(read).map(([key, value]) => [key.slice(folder.length + 1), value]),
      );
      const raw = (file: string) => fs.readFileSync(path.join(dir, name, folder, file), 'utf8');
      return { files, raw, folder };
    };

    /** The pairs as stored, of consenting authors (the translation export's rule). */
    const exportedPairs = async () =>
      answer(
        await t.app.inject({
          method: 'GET',
          url: '/api/translation/export?format=json',
          headers: admin.auth,
        }),
        pairsExportSchema,
      ).pairs;

    beforeAll(async () => {
      t = await createAudioTestApp(kind);
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lopit-interop-'));
      admin = await signUp(t.app, { name: 'Admin Qorvath' });
      await grantConsent(t.app, admin.auth, 'full');
      for (const name of ['Erwa Pimsel', 'Finnu Darl']) listeners.push(await signUp(t.app, { name }));
      main = await signUp(t.app, { name: 'Alinta Vesk' });
      await grantConsent(t.app, main.auth, 'recording');
      const patched = await t.app.inject({
        method: 'PATCH',
        url: '/api/auth/me',
        headers: main.auth,
        payload: { ageGroup: '30-44', gender: 'other', dialect: 'Zorvek "upper" | village' },
      });
      expect(patched.statusCode, patched.body).toBe(200);
      for (const [index, sample] of SAMPLES.entries()) {
        const seconds = 1 + index * 0.05;
        const recording = await upload(
          main,
          toneWav(seconds, { frequency: 300 + index * 20 }),
          'clip.wav',
          sample.text,
        );
        stored.set(recording.id, { transcript: recording.transcript!, seconds, sample });
      }
      // Three more speakers, so that train, dev and test all hold clips; two of them upload AAC made by ffmpeg.
      const source = path.join(dir, 'tone.wav');
      fs.writeFileSync(source, toneWav(1.5, { sampleRate: 44_100, frequency: 330 }));
      const aac = (channels: number) => {
        const file = path.join(dir, `aac-${channels}.m4a`);
        execFileSync('ffmpeg', [
          '-v',
          'error',
          '-y',
          '-i',
          source,
          '-ac',
          String(channels),
          '-c:a',
          'aac',
          file,
        ]);
        return fs.readFileSync(file);
      };
      for (const [index, bytes] of [aac(1), aac(2), toneWav(1.2, { frequency: 500 })].entries()) {
        const speaker = await signUp(t.app, { name: `Speaker ${index}` });
        await grantConsent(t.app, speaker.auth, 'recording');
        const fileName = index < 2 ? 'clip.m4a' : 'clip.wav';
        const recording = await upload(speaker, bytes, fileName, `plimbo ${index}`);
        stored.set(recording.id, { transcript: recording.transcript!, seconds: recording.duration });
      }

      english = await upload(main, toneWav(1.1, { frequency: 640 }), 'clip.wav', '"Good" morning', 'en');

      const imported = await t.app.inject({
        method: 'POST',
        url: '/api/admin/import/pairs',
        headers: admin.auth,
        payload: {
          pairs: SAMPLES.map((sample, index) => ({
            english: `${['=', '+', '-', '@', '"', ''][index % 6]}Zorvek test ${index} "${index}"`,
            lopit: sample.text,
            category: 'greetings',
          })),
        },
      });
      expect(answer(imported, importReportSchema)).toMatchObject({ accepted: SAMPLES.length, refused: [] });
      // Reports of two sentences beginning with a quote, and a translation waiting for review.
      const pairs = await exportedPairs();
      const pairOf = (lopit: string) => pairs.find((pair) => pair.lopit === lopit)!;
      for (const text of [SAMPLES[0]!.text, SAMPLES[3]!.text]) {
        const reported = await t.app.inject({
          method: 'POST',
          url: `/api/audio/prompts/${pairOf(text).id}/report`,
          headers: listeners[0]!.auth,
          payload: { reason: 'spelling' },
        });
        expect(reported.json(), reported.body).toMatchObject({ created: true });
      }
      await grantConsent(t.app, listeners[1]!.auth, 'translation');
      const untranslated = pairs.find((pair) => pair.status === 'empty')!;
      const { proposal } = await propose(t.app, listeners[1]!.auth, untranslated.id, WAITING.text);
      expect(proposal?.text).toBe(WAITING.text);
    }, 240_000); // a hang guard: each of its uploads waits for its inspection (issue 33), slow on a loaded machine
    afterAll(async () => {
      await t.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('stores the texts as sent, and a mono AAC upload as one channel (from decoding, not the MP4 header)', () => {
      for (const { transcript, sample } of stored.values()) {
        if (sample) expect(transcript).toBe(sample.text);
      }
      const channels = [...stored.entries()]
        .filter(([, clip]) => clip.transcript.startsWith('plimbo'))
        .map(([id, clip]) => [clip.transcript, channelsOf.get(id)]);
      expect(channels).toEqual([
        ['plimbo 0', 1],
        ['plimbo 1', 2],
        ['plimbo 2', 1],
      ]);
    });

    it('ASR export (WAV): the Common Voice TSVs read back exactly with QUOTE_NONE (a leading quote too), only Lopit clips, sentence files and reported sentences, JSON lines as stored; every WAV opens at 16 kHz mono with its duration', async () => {
      const { files, raw } = await readExport('/api/admin/exports/asr.zip');
      const all = [...stored.entries()];

      // Common Voice's TSVs, raw: Python's csv module with QUOTE_NONE reads every cell exactly as written (on one
      // line), a sentence beginning with a double quote too.
      const validated = files.get('validated.tsv')!.quoteNone!;
      expect(validated).toHaveLength(all.length);
      const byId = new Map(validated.map((row) => [path.basename(row.path!).split('.')[0]!, row]));
      for (const [id, clip] of all) {
        const row = byId.get(id)!;
        expect(row.sentence, clip.transcript).toBe(clip.sample?.line ?? clip.transcript);
        expect(row.path).toMatch(/^(train|dev|test)\/[0-9a-f-]+\.wav$/);
        expect(row.locale).toBe('lpx');
      }
      expect(validated.map((row) => row.sentence)).toEqual(
        expect.arrayContaining(['"Vorp" kwin tash, zorbel', '"zorbel kwintafa', '"']),
      );
      expect(byId.get(all[0]![0])).toMatchObject({
        age: 'thirties',
        gender: 'other',
        accents: 'Zorvek "upper" | village',
      });
      // No quoting anywhere: a reader that splits lines on tabs (ESPnet's data_prep.pl) reads the same cells.
      const [head, ...body] = raw('validated.tsv').replace(/\n$/, '').split('\n');
      const names = head!.split('\t');
      const splitOnTabs = (line: string): Record<string, string> =>
        Object.fromEntries(line.split('\t').map((cell, index) => [names[index]!, cell]));
      expect(body.map(splitOnTabs)).toEqual(validated);

      // The English clip is in no file: not its audio, not its text; every row of every clip file is lpx.
      expect([...files.keys()].some((name) => name.includes(english.id))).toBe(false);
      expect(
        Object.values(Object.fromEntries(files)).some((read) => JSON.stringify(read).includes('Good')),
      ).toBe(false);
      for (const name of [
        'validated.tsv',
        'invalidated.tsv',
        'other.tsv',
        'train.tsv',
        'dev.tsv',
        'test.tsv',
      ]) {
        expect(
          files.get(name)!.quoteNone!.every((row) => row.locale === 'lpx'),
          name,
        ).toBe(true);
      }
      for (const split of ['train', 'dev', 'test']) {
        for (const row of files.get(`clips/${split}/metadata.jsonl`)!.jsonl!) expect(row.locale).toBe('lpx');
      }

      // train, dev and test: together the validated clips, each non-empty, each the same columns.
      const splitRows = (['train', 'dev', 'test'] as const).map(
        (split) => files.get(`${split}.tsv`)!.quoteNone!,
      );
      for (const rows of splitRows) expect(rows.length).toBeGreaterThan(0);
      expect(splitRows.flat().sort((a, b) => a.path!.localeCompare(b.path!))).toEqual(
        [...validated].sort((a, b) => a.path!.localeCompare(b.path!)),
      );

      // Common Voice's sentence files: each sample is a validated sentence (an imported pair's Lopit) with the
      // sentence_id of its clip and one clip in this archive; reported.tsv lists the two reported sentences.
      const sentences = new Map(
        files.get('validated_sentences.tsv')!.quoteNone!.map((row) => [row.sentence!, row]),
      );
      for (const sample of SAMPLES) {
        const line = sample.line ?? sample.text;
        const clipRow = validated.find((row) => row.sentence === line)!;
        expect(sentences.get(line), line).toEqual({
          sentence_id: clipRow.sentence_id,
          sentence: line,
          sentence_domain: '',
          source: 'community translation',
          is_used: '1',
          clips_count: '1',
        });
      }
      expect(files.get('reported.tsv')!.quoteNone).toEqual(
        [SAMPLES[0]!.text, SAMPLES[3]!.text].map((text) => ({
          sentence_id: sentences.get(text)!.sentence_id,
          sentence: text,
          locale: 'lpx',
          reason: 'grammar-or-spelling',
        })),
      );
      // The sentences waiting for review are in the full set only.
      expect(files.get('unvalidated_sentences.tsv')!.quoteNone).toEqual([]);

      // Audiofolder metadata only per split: no metadata.csv beside the metadata.jsonl files.
      expect([...files.keys()].filter((name) => /(^|\/)metadata\.\w+$/.test(name)).sort()).toEqual([
        'clips/dev/metadata.jsonl',
        'clips/test/metadata.jsonl',
        'clips/train/metadata.jsonl',
      ]);

      // clip_durations.tsv, the audiofolder's metadata.jsonl per split and NeMo's manifests.
      const durations = new Map(
        files.get('clip_durations.tsv')!.quoteNone!.map((row) => [row.clip!, Number(row['duration[ms]'])]),
      );
      const nemo = (['train', 'dev', 'test'] as const).flatMap(
        (split) => files.get(`${split}_manifest.json`)!.jsonl!,
      );
      expect(
        new Map(nemo.map((row) => [path.basename(String(row.audio_filepath)).split('.')[0]!, row.text])),
      ).toEqual(new Map(all.map(([id, clip]) => [id, clip.transcript])));
      for (const split of ['train', 'dev', 'test']) {
        const rows = files.get(`clips/${split}/metadata.jsonl`)!.jsonl!;
        for (const row of rows) {
          expect(stored.get(String(row.file_name).split('.')[0]!)?.transcript).toBe(row.transcription);
          expect(files.has(`clips/${split}/${String(row.file_name)}`)).toBe(true);
          expect(typeof row.duration).toBe('number');
        }
      }

      // Every WAV: soundfile opens it as 16 kHz mono 16-bit PCM holding the clip's duration, with sound in it.
      for (const row of validated) {
        const audio = files.get(`clips/${row.path}`)!.audio!;
        const ms = durations.get(row.path!)!;
        expect(audio).toMatchObject({ format: 'WAV', subtype: 'PCM_16', samplerate: 16_000, channels: 1 });
        expect(audio.frames, row.path).toBe(ms * 16);
        expect(audio.decodedFrames).toBe(audio.frames);
        expect(audio.peak, row.path).toBeGreaterThan(3000);
        const clip = stored.get(path.basename(row.path!).split('.')[0]!)!;
        expect(ms / 1000).toBeCloseTo(clip.seconds, 1);
      }
    }, 120_000);

    it('ASR full set: Common Voice sentence files read back exactly with QUOTE_NONE, the waiting translation included; still no English clip', async () => {
      const { files } = await readExport('/api/admin/exports/asr.zip?set=all&audio=original');
      const validated = files.get('validated_sentences.tsv')!.quoteNone!;
      const unvalidated = files.get('unvalidated_sentences.tsv')!.quoteNone!;
      expect(unvalidated).toEqual([
        {
          sentence_id: createHash('sha256').update(WAITING.line).digest('hex'),
          sentence: WAITING.line,
          sentence_domain: '',
          source: 'community translation',
        },
      ]);
      expect(validated.map((row) => row.sentence)).toEqual(
        expect.arrayContaining(SAMPLES.map((sample) => sample.line ?? sample.text)),
      );
      expect(validated.map((row) => row.sentence)).not.toContain(WAITING.line);
      expect(files.get('reported.tsv')!.quoteNone!.map((row) => row.sentence)).toEqual([
        SAMPLES[0]!.text,
        SAMPLES[3]!.text,
      ]);
      const clipRows = ['validated.tsv', 'invalidated.tsv', 'other.tsv'].flatMap(
        (name) => files.get(name)!.quoteNone!,
      );
      expect(clipRows).toHaveLength(stored.size);
      expect(clipRows.every((row) => row.locale === 'lpx')).toBe(true);
      expect([...files.keys()].some((name) => name.includes(english.id))).toBe(false);
      expect(files.get('clip_review_states.tsv')!.quoteNone!.map((row) => row.review_state)).toEqual(
        [...stored.keys()].map(() => 'validated'),
      );
    }, 120_000);

    it('ASR export (FLAC): soundfile opens every clip at 16 kHz mono with the same samples as the WAV', async () => {
      const wav = await readExport('/api/admin/exports/asr.zip');
      const flac = await readExport('/api/admin/exports/asr.zip?audio=flac');
      const paths = flac.files.get('validated.tsv')!.quoteNone!.map((row) => row.path!);
      expect(paths.length).toBe(stored.size);
      for (const clipPath of paths) {
        const audio = flac.files.get(`clips/${clipPath}`)!.audio!;
        const same = wav.files.get(`clips/${clipPath.replace(/\.flac$/, '.wav')}`)!.audio!;
        expect(audio).toMatchObject({ format: 'FLAC', samplerate: 16_000, channels: 1, frames: same.frames });
        expect(audio.sha256, clipPath).toBe(same.sha256);
      }
    }, 120_000);

    it('voice export: LJSpeech lines read as its tools read them, WAVs at 22,050 Hz mono with their durations', async () => {
      const { files } = await readExport(`/api/admin/exports/tts.zip?speaker=${main.user.id}`);
      const lines = files.get('metadata.csv')!.ljspeech!;
      const mine = [...stored.entries()].filter(([, clip]) => clip.sample);
      expect(lines).toHaveLength(mine.length);
      const byId = new Map(lines.map((cells) => [cells[0]!, cells]));
      for (const [id, clip] of mine) {
        const cells = byId.get(id)!;
        expect(cells, clip.transcript).toHaveLength(3);
        expect(cells[1], clip.transcript).toBe(clip.sample!.lj ?? clip.sample!.line ?? clip.transcript);
        const audio = files.get(`wavs/${id}.wav`)!.audio!;
        expect(audio).toMatchObject({ format: 'WAV', samplerate: 22_050, channels: 1 });
        expect(audio.frames).toBe(Math.round(clip.seconds * 22_050));
      }
      // The normalised text keeps formula-like text as spoken.
      expect(lines.map((cells) => cells[2])).toContain('=SUM(1,2)');
    }, 120_000);

    it('translation export: pairs.tsv reads back as stored, the TMX opens in translate-toolkit with the same pairs', async () => {
      const expected = (await exportedPairs()).filter(
        (pair) => pair.status === 'approved' && pair.lopit !== '',
      );
      expect(expected.length).toBeGreaterThanOrEqual(SAMPLES.length);
      const { files, raw } = await readExport('/api/admin/exports/mt.zip');
      // Raw like Common Voice's TSVs: csv.QUOTE_NONE and a split on tabs read every text exactly (on one line).
      const tsv = files.get('pairs.tsv')!.quoteNone!;
      const lines = raw('pairs.tsv').replace(/\n$/, '').split('\n');
      expect(lines.slice(1).map((line) => line.split('\t'))).toEqual(
        tsv.map((row) => [row.id, row.category, row.en, row.lpx]),
      );
      const line = (text: string) => SAMPLES.find((sample) => sample.text === text)?.line ?? text;
      expect(tsv.map((row) => [Number(row.id), row.en, row.lpx])).toEqual(
        expected.map((pair) => [pair.id, line(pair.english), line(pair.lopit)]),
      );
      expect(tsv.map((row) => row.lpx)).toEqual(expect.arrayContaining(['"zorbel kwintafa', '"']));
      const units = files.get('pairs.tmx')!.tmx!;
      expect(units.map((unit) => [Number(unit.id), unit.source, unit.target])).toEqual(
        expected.map((pair) => [pair.id, pair.english, pair.lopit]),
      );
    }, 120_000);

    it('translations.csv (for spreadsheets) is guarded, and importing it back changes nothing: no near-duplicates', async () => {
      const exported = await t.app.inject({
        method: 'GET',
        url: '/api/translation/export?format=csv',
        headers: admin.auth,
      });
      expect(exported.statusCode).toBe(200);
      const before = await exportedPairs();
      // A spreadsheet shows formula-like cells as text: Python reads the apostrophe the guard put there.
      const file = path.join(dir, 'translations.csv');
      fs.writeFileSync(file, exported.rawPayload);
      const rows = JSON.parse(execFileSync(python!, [READERS, 'csv', file], { encoding: 'utf8' })) as Record<
        string,
        string
      >[];
      expect(rows).toHaveLength(before.length);
      expect(rows.map((row) => row.english)).toContain('\'=Zorvek test 0 "0"');
      expect(rows.map((row) => row.lopit)).toContain("'=SUM(1,2)");
      // The importer undoes its own guard: every row reads as stored.
      const candidates = parseDelimited(exported.body);
      expect(candidates.map(({ value }) => value)).toEqual(
        before.map(
          (pair) => expect.objectContaining({ english: pair.english, lopit: pair.lopit }) as unknown,
        ),
      );

      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(exported.rawPayload)]), 'translations.csv');
      const report = answer(
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/import/pairs',
          headers: admin.auth,
          payload: form,
        }),
        importReportSchema,
      );
      expect(report).toMatchObject({ accepted: 0, refused: [], duplicates: before.length });
      const after = await exportedPairs();
      expect(after).toHaveLength(before.length);
      expect(after.filter((pair) => pair.english.startsWith("'"))).toEqual([]);
    });
  },
);
