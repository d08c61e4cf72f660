// POST /api/tts/synthesize: a consented, validated recording of the text, else the text assembled from such
// recordings of its words, else espeak-ng synthesis (Lopit labelled an approximation); cached; a clip listeners
// have not validated is never played; withdrawn consent is honoured at once, whatever the clip's review.
// Lopit-looking text here is made up ("zorbel kwintafa"): no real Lopit words are used.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEECH_HEADERS, readSpeechInfo } from '../../core/api/tts.ts';
import { inspectAudio } from '../../server/features/recordings/inspect-audio.ts';
import { encodeWav, generateSamples } from '../../server/features/recordings/wav.ts';
import {
  createAudioTestApp,
  grantRecordingConsent,
  hasFfmpeg,
  multipartBody,
  type AudioTestApp,
} from './audio-fixtures.ts';
import { castVotes } from './review-fixtures.ts';
import { DATABASE_KINDS, inspectionsDone, signUp, speakerLabelOf } from './test-app.ts';

type Account = Awaited<ReturnType<typeof signUp>>;

/** A steady tone of one frequency: which recording was played can be told from the answer's pitch. */
const tone = (seconds: number, frequency: number) =>
  encodeWav({
    sampleRate: 16_000,
    samples: generateSamples(seconds, 16_000, (t) => 0.4 * Math.sin(2 * Math.PI * frequency * t)),
  });

/** Mono 16-bit samples and rate of a PCM WAV answer. */
function readWav(bytes: Buffer): { samples: Int16Array; sampleRate: number } {
  expect(bytes.toString('latin1', 0, 4)).toBe('RIFF');
  expect(bytes.toString('latin1', 8, 12)).toBe('WAVE');
  let position = 12;
  let sampleRate = 0;
  while (position + 8 <= bytes.length) {
    const id = bytes.toString('latin1', position, position + 4);
    const size = bytes.readUInt32LE(position + 4);
    if (id === 'fmt ') {
      expect(bytes.readUInt16LE(position + 8)).toBe(1); // PCM
      expect(bytes.readUInt16LE(position + 10)).toBe(1); // mono
      sampleRate = bytes.readUInt32LE(position + 12);
    } else if (id === 'data') {
      const data = bytes.subarray(position + 8, position + 8 + size);
      const samples = new Int16Array(data.length / 2);
      for (let i = 0; i < samples.length; i++) samples[i] = data.readInt16LE(i * 2);
      return { samples, sampleRate };
    }
    position += 8 + size + (size % 2);
  }
  throw new Error('no data chunk');
}

/** The main frequency of a stretch of samples, from its zero crossings. */
function frequencyOf(
  samples: Int16Array,
  sampleRate: number,
  fromSeconds: number,
  toSeconds: number,
): number {
  const start = Math.round(fromSeconds * sampleRate);
  const end = Math.round(toSeconds * sampleRate);
  let crossings = 0;
  for (let i = start + 1; i < end; i++) {
    if (
      ((samples[i - 1] ?? 0) < 0 && (samples[i] ?? 0) >= 0) ||
      ((samples[i - 1] ?? 0) >= 0 && (samples[i] ?? 0) < 0)
    )
      crossings++;
  }
  return crossings / 2 / (toSeconds - fromSeconds);
}

describe.each(DATABASE_KINDS)('speech playback on %s', (kind) => {
  let t: AudioTestApp;
  let alice: Account;
  let bob: Account;
  /** Two listeners who validate the clips (nobody votes on their own). */
  let listeners: Account[];
  beforeAll(async () => {
    t = await createAudioTestApp(kind);
    listeners = [await signUp(t.app), await signUp(t.app)]; // the first account is admin
    alice = await signUp(t.app, { name: 'Alice' });
    bob = await signUp(t.app, { name: 'Bob' });
    await grantRecordingConsent(t.app, alice.auth);
    await grantRecordingConsent(t.app, bob.auth);
  });
  afterAll(() => t.close());

  const speak = (payload: object) => t.app.inject({ method: 'POST', url: '/api/tts/synthesize', payload });
  const info = (response: LightMyRequestResponse) =>
    readSpeechInfo({ get: (name) => (response.headers[name.toLowerCase()] as string | undefined) ?? null });
  const vote = (id: string, vote: 'up' | 'down') =>
    castVotes(
      t.app,
      id,
      listeners.map((listener) => [listener.auth, vote]),
    );
  /** Uploads a clip; listeners validate it unless `review` is false. */
  const upload = async (
    who: Account,
    bytes: Buffer,
    transcript: string,
    { language = 'lpx', review = true }: { language?: string; review?: boolean } = {},
  ) => {
    const body = multipartBody(
      { bytes },
      { recordingId: crypto.randomUUID(), fileName: 'take.wav', transcript, language },
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/audio/upload',
      headers: { ...who.auth, ...body.headers },
      payload: body.payload,
    });
    if (response.statusCode !== 201) throw new Error(response.body);
    const { id } = response.json<{ recording: { id: string } }>().recording;
    await inspectionsDone(t.app); // reviewed once inspected
    if (review) await vote(id, 'up');
    return id;
  };
  /** Duration and levels of the answer, measured as uploads are. */
  const inspect = async (bytes: Buffer) => {
    const file = path.join(t.dataDir, `answer-${crypto.randomUUID()}.wav`);
    fs.writeFileSync(file, bytes);
    try {
      return await inspectAudio(file, { ffmpegPath: 'ffmpeg', maxSeconds: 300 });
    } finally {
      fs.rmSync(file, { force: true });
    }
  };

  it('reads English with the English voice: a playable, audible WAV marked synthesis', async () => {
    const response = await speak({ text: 'Good morning, and welcome to the village.' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/wav');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(response.headers['cache-control']).toMatch(/max-age/);
    expect(info(response)).toMatchObject({ source: 'synthesis', approximation: false, language: 'en' });
    const audio = await inspect(response.rawPayload);
    expect(audio.mimeType).toBe('audio/wav');
    expect(audio.duration).toBeGreaterThan(1);
    expect(audio.duration).toBeLessThan(6);
    expect(audio.quality.silent).toBe(false);
    expect(audio.quality.quiet).toBe(false);
    expect(audio.quality.clipped).toBe(false);
  });

  it('reads Lopit through the letter-to-sound table and says it is an approximation', async () => {
    const response = await speak({ text: 'Zorbel kwintafa nyoŋ.', language: 'lpx' });
    expect(response.statusCode).toBe(200);
    expect(info(response)).toMatchObject({
      source: 'synthesis',
      approximation: true,
      language: 'lpx',
      missingWords: ['Zorbel', 'kwintafa', 'nyoŋ'],
    });
    const audio = await inspect(response.rawPayload);
    expect(audio.duration).toBeGreaterThan(0.8);
    expect(audio.quality.silent).toBe(false);
  });

  it('takes text that is mostly not basic Latin letters as Lopit when no language is given', async () => {
    const response = await speak({ text: 'ŋɔ́ɲɛ́ ŋàŋɔ̀' });
    expect(response.statusCode).toBe(200);
    expect(info(response)).toMatchObject({ source: 'synthesis', approximation: true, language: 'lpx' });
  });

  it('reads markup in English text as text: no SSML pauses from the caller', async () => {
    const response = await speak({ text: 'wait <break time="60s"/> go' });
    expect(response.statusCode).toBe(200);
    expect((await inspect(response.rawPayload)).duration).toBeLessThan(8);
  });

  it.runIf(hasFfmpeg)('plays a consented recording whose transcript matches the text', async () => {
    await upload(alice, tone(1.5, 440), 'Zorbel kwintafa!');
    const response = await speak({ text: '  zorbel   KWINTAFA ', language: 'lpx' });
    expect(response.statusCode).toBe(200);
    expect(info(response)).toMatchObject({
      source: 'recording',
      approximation: false,
      missingWords: [],
      speakers: [await speakerLabelOf(t.database, alice.user.id)],
    });
    expect(response.headers['cache-control']).toBe('no-store');
    const { samples, sampleRate } = readWav(response.rawPayload);
    expect(samples.length / sampleRate).toBeCloseTo(1.5, 1);
    expect(frequencyOf(samples, sampleRate, 0.2, 1.2)).toBeCloseTo(440, -1);
  });

  it.runIf(hasFfmpeg)('never plays a recording listeners have not validated, or turned down', async () => {
    const waiting = await upload(alice, tone(1.2, 520), 'Grovum taleki', { review: false });
    const text = { text: 'grovum taleki', language: 'lpx' };
    expect(info(await speak(text))).toMatchObject({ source: 'synthesis', speakers: [] });
    await vote(waiting, 'down');
    expect(info(await speak(text))).toMatchObject({ source: 'synthesis', speakers: [] });
    // Listeners change their minds: validated now, so it speaks.
    await vote(waiting, 'up');
    expect(info(await speak(text))).toMatchObject({
      source: 'recording',
      speakers: [await speakerLabelOf(t.database, alice.user.id)],
    });
  });

  it.runIf(hasFfmpeg)(
    'assembles the text from single-word recordings: loudness-normalised, joined with short crossfades',
    async () => {
      await upload(bob, tone(0.8, 300), 'Plimdo');
      await upload(bob, tone(1.0, 600), 'vaskor.');
      const response = await speak({ text: 'vaskor plimdo, plimdo', language: 'lpx' });
      expect(response.statusCode).toBe(200);
      expect(info(response)).toMatchObject({
        source: 'assembled',
        approximation: false,
        speakers: [await speakerLabelOf(t.database, bob.user.id)],
      });
      const { samples, sampleRate } = readWav(response.rawPayload);
      // 1.0 + 0.8 + 0.8 s less two crossfades of 40 ms.
      expect(samples.length / sampleRate).toBeCloseTo(2.52, 1);
      expect(frequencyOf(samples, sampleRate, 0.1, 0.8)).toBeCloseTo(600, -1);
      expect(frequencyOf(samples, sampleRate, 1.1, 1.6)).toBeCloseTo(300, -1);
      expect(frequencyOf(samples, sampleRate, 1.9, 2.4)).toBeCloseTo(300, -1);
      // Both words at one loudness, though recorded at different pitches.
      const rms = (from: number, to: number) => {
        let sum = 0;
        for (let i = Math.round(from * sampleRate); i < Math.round(to * sampleRate); i++)
          sum += (samples[i] ?? 0) ** 2;
        return Math.sqrt(sum / ((to - from) * sampleRate));
      };
      expect(rms(0.1, 0.8) / rms(1.1, 1.6)).toBeGreaterThan(0.7);
      expect(rms(0.1, 0.8) / rms(1.1, 1.6)).toBeLessThan(1.4);
    },
  );

  it.runIf(hasFfmpeg)('synthesises when a word has no recording, naming the missing words', async () => {
    const response = await speak({ text: 'plimdo grunvel vaskor grunvel', language: 'lpx' });
    expect(response.statusCode).toBe(200);
    expect(info(response)).toMatchObject({
      source: 'synthesis',
      approximation: true,
      missingWords: ['grunvel'],
    });
  });

  it.runIf(hasFfmpeg)("prefers the requested speaker's recording, by pseudonym or user id", async () => {
    await upload(alice, tone(0.9, 800), 'plimdo');
    const pitchOf = (response: LightMyRequestResponse) => {
      const { samples, sampleRate } = readWav(response.rawPayload);
      return frequencyOf(samples, sampleRate, 0.1, 0.6);
    };
    const asBob = await speak({
      text: 'plimdo',
      language: 'lpx',
      speaker: await speakerLabelOf(t.database, bob.user.id),
    });
    expect(info(asBob)).toMatchObject({
      source: 'recording',
      speakers: [await speakerLabelOf(t.database, bob.user.id)],
    });
    expect(pitchOf(asBob)).toBeCloseTo(300, -1);

    const asAlice = await speak({ text: 'plimdo', language: 'lpx', speaker: alice.user.id });
    expect(info(asAlice)).toMatchObject({
      source: 'recording',
      speakers: [await speakerLabelOf(t.database, alice.user.id)],
    });
    expect(pitchOf(asAlice)).toBeCloseTo(800, -1);

    // A speaker without the word: someone else's recording rather than none.
    const fallback = await speak({ text: 'vaskor', language: 'lpx', speaker: alice.user.id });
    expect(info(fallback)).toMatchObject({
      source: 'recording',
      speakers: [await speakerLabelOf(t.database, bob.user.id)],
    });
  });

  it.runIf(hasFfmpeg)(
    'stops using recordings as soon as their owner withdraws recording consent',
    async () => {
      const carol = await signUp(t.app, { name: 'Carol' });
      await grantRecordingConsent(t.app, carol.auth);
      await upload(carol, tone(1.2, 500), 'trosko melvandi');
      const before = await speak({ text: 'trosko melvandi', language: 'lpx' });
      expect(info(before).source).toBe('recording');

      const withdrawn = await t.app.inject({
        method: 'POST',
        url: '/api/consent/withdraw',
        headers: carol.auth,
      });
      expect(withdrawn.statusCode).toBe(200);
      const after = await speak({ text: 'trosko melvandi', language: 'lpx' });
      expect(after.statusCode).toBe(200);
      expect(info(after)).toMatchObject({ source: 'synthesis', approximation: true, speakers: [] });
      expect(after.headers.etag).not.toBe(before.headers.etag);

      // Consent for translations only does not cover recordings either.
      await t.app.inject({
        method: 'POST',
        url: '/api/consent/submit',
        headers: carol.auth,
        payload: { consent_type: 'translation' },
      });
      expect(info(await speak({ text: 'trosko melvandi', language: 'lpx' })).source).toBe('synthesis');
      await t.app.inject({
        method: 'POST',
        url: '/api/consent/submit',
        headers: carol.auth,
        payload: { consent_type: 'full' },
      });
      expect(info(await speak({ text: 'trosko melvandi', language: 'lpx' })).source).toBe('recording');
    },
  );

  it('answers a repeated request from the cache with identical bytes; no text in the cache paths', async () => {
    const text = 'The river is wide and the cattle are home.';
    const first = await speak({ text });
    const second = await speak({ text: ` ${text}  ` });
    expect(first.headers[SPEECH_HEADERS.cache.toLowerCase()]).toBe('miss');
    expect(second.headers[SPEECH_HEADERS.cache.toLowerCase()]).toBe('hit');
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(Buffer.compare(first.rawPayload, second.rawPayload)).toBe(0);
    const cached = fs.readdirSync(path.join(t.dataDir, 'tts-cache'), { recursive: true }).map(String);
    expect(cached.length).toBeGreaterThan(0);
    for (const name of cached) expect(name).toMatch(/^[0-9a-f]{2}([/\\][0-9a-f]{64}\.wav)?$/);
  });

  it('refuses invalid requests with 400 and the error shape', async () => {
    const cases: [object, string][] = [
      [{}, 'text'],
      [{ text: '   ' }, 'text'],
      [{ text: 'x'.repeat(501) }, 'text'],
      [{ text: '?!' }, 'text'],
      [{ text: 'hello', language: 'fr' }, 'language'],
      [{ text: 'hello', speaker: '../etc/passwd' }, 'speaker'],
      [{ text: 42 }, 'text'],
    ];
    for (const [payload, field] of cases) {
      const response = await speak(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const body = response.json<{ message: string; code: string; details: { path: string }[] }>();
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.message.length).toBeGreaterThan(0);
      expect(body.details[0]?.path).toBe(field);
    }
    expect((await speak({ text: 'Hello there. '.repeat(40).slice(0, 500) })).statusCode).toBe(200);
  });
});
