// Consent evidence is decoded before it counts (issue 29): a photo declaring a huge image, a truncated one, random
// bytes behind a RIFF header are refused with 4xx { message, code }, nothing is kept and the speaker does not
// become consenting; real photos (the phone's 1600-pixel JPEG, a PNG, a WebP) and real spoken consents pass, and a
// spoken consent is kept and served as audio (WebM as audio/webm, not video/webm).
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONSENT_PHOTO_MAX_EDGE,
  speakerConsentResponseSchema,
  speakersResponseSchema,
} from '../../core/api/speakers.ts';
import { createAudioTestApp, form, opusOf, sha256, toneWav, type AudioTestApp } from './audio-fixtures.ts';
import { answer, DATABASE_KINDS, signUp } from './test-app.ts';

type Account = Awaited<ReturnType<typeof signUp>>;

/** One frame of ffmpeg's test pattern, encoded as the image type asked for. */
function testImage(width: number, height: number, codec: 'mjpeg' | 'png' | 'libwebp'): Buffer {
  const quality = codec === 'mjpeg' ? ['-q:v', '4'] : [];
  return execFileSync('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', `testsrc=size=${width}x${height}:rate=1`, '-frames:v', '1'],
    ...['-c:v', codec, ...quality, '-f', 'image2pipe', 'pipe:1'],
  ]);
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  let crc = 0xffffffff;
  for (const byte of body) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  const framing = Buffer.alloc(8);
  framing.writeUInt32BE(data.length, 0);
  framing.writeUInt32BE((crc ^ 0xffffffff) >>> 0, 4);
  return Buffer.concat([framing.subarray(0, 4), body, framing.subarray(4)]);
}

/** A PNG declaring 30000 x 30000 whose ~110 kB of IDAT inflate to zeros (a decompression bomb, cut short). */
function hugePng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(30_000, 0);
  header.writeUInt32BE(30_000, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(110_000_000))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 244-byte baseline JPEG declaring 65500 x 65500 (tables, a frame header, a few bytes of scan). */
function hugeJpeg(): Buffer {
  const head = Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    Buffer.from([0xff, 0xdb, 0x00, 0x43, 0x00]),
    Buffer.alloc(64, 1),
    Buffer.from([0xff, 0xc0, 0x00, 0x0b, 0x08, 0xff, 0xdc, 0xff, 0xdc, 0x01, 0x01, 0x11, 0x00]),
    Buffer.from([0xff, 0xc4, 0x00, 0x1f, 0x00, 0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]),
    Buffer.from([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]),
    Buffer.from([0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00]),
  ]);
  return Buffer.concat([head, crypto.randomBytes(244 - head.length - 2), Buffer.from([0xff, 0xd9])]);
}

/** 2 kB of random bytes behind a RIFF header of the form given (WEBP: sniffs as an image, WAVE: as audio). */
function riffNoise(form: 'WEBP' | 'WAVE'): Buffer {
  const bytes = Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.alloc(4),
    Buffer.from(form),
    crypto.randomBytes(2048),
  ]);
  bytes.writeUInt32LE(bytes.length - 8, 4);
  return bytes;
}

/** The WAV encoded as WebM/Opus, as a phone's MediaRecorder makes it. */
function webmOf(wav: Buffer): Buffer {
  return execFileSync(
    'ffmpeg',
    [
      ...[
        '-v',
        'error',
        '-f',
        'wav',
        '-i',
        'pipe:0',
        '-c:a',
        'libopus',
        '-b:a',
        '32k',
        '-f',
        'webm',
        'pipe:1',
      ],
    ],
    { input: wav },
  );
}

describe.each(DATABASE_KINDS)('consent evidence on %s', (kind) => {
  let t: AudioTestApp;
  let field: Account;
  let admin: Account;

  beforeAll(async () => {
    t = await createAudioTestApp(kind);
    admin = await signUp(t.app);
    field = await signUp(t.app);
  });
  afterAll(() => t.close());

  const addSpeaker = async () => {
    const id = crypto.randomUUID();
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/speakers',
      headers: { ...field.auth, 'idempotency-key': crypto.randomUUID() },
      payload: { id, name: `Speaker ${id.slice(0, 6)}`, addedAt: new Date().toISOString() },
    });
    expect(added.statusCode, added.body).toBe(200);
    return id;
  };
  const sendConsent = (speakerId: string, kind: 'spoken' | 'photo', bytes: Buffer) => {
    const body = form(
      { consent: JSON.stringify({ id: crypto.randomUUID(), consentType: 'full', kind }) },
      { name: 'evidence', bytes, fileName: 'evidence' },
    );
    return t.app.inject({
      method: 'POST',
      url: `/api/speakers/${speakerId}/consent`,
      headers: { ...field.auth, ...body.headers, 'idempotency-key': crypto.randomUUID() },
      payload: body.payload,
    });
  };
  const speaker = async (id: string) => {
    const list = await t.app.inject({ method: 'GET', url: '/api/speakers', headers: field.auth });
    return answer(list, speakersResponseSchema).speakers.find((one) => one.id === id)!;
  };
  const keptFiles = () => {
    const folder = path.join(t.dataDir, 'consent-evidence');
    return fs.existsSync(folder) ? fs.readdirSync(folder, { recursive: true }).length : 0;
  };
  const leftInTemp = () => t.uploadFiles().filter((name) => name.endsWith('.evidence'));

  it.each([
    ['a 109 kB PNG declaring 30000 x 30000', 'photo', hugePng, 422, 'IMAGE_TOO_LARGE'],
    ['a 244-byte JPEG declaring 65500 x 65500', 'photo', hugeJpeg, 422, 'IMAGE_TOO_LARGE'],
    ['random bytes behind a RIFF/WEBP header', 'photo', () => riffNoise('WEBP'), 422, 'UNREADABLE_IMAGE'],
    ['random bytes behind a RIFF/WAVE header', 'photo', () => riffNoise('WAVE'), 400, 'VALIDATION_FAILED'],
    ['random bytes behind a RIFF/WAVE header', 'spoken', () => riffNoise('WAVE'), 422, 'UNREADABLE_AUDIO'],
    ['random bytes behind a RIFF/WEBP header', 'spoken', () => riffNoise('WEBP'), 415, 'UNSUPPORTED_AUDIO'],
    [
      'the first half of a real JPEG',
      'photo',
      () => halfOf(testImage(1600, 1200, 'mjpeg')),
      422,
      'UNREADABLE_IMAGE',
    ],
    ['a real PNG cut short', 'photo', () => halfOf(testImage(320, 240, 'png')), 422, 'UNREADABLE_IMAGE'],
    ['a real WebP cut short', 'photo', () => halfOf(testImage(320, 240, 'libwebp')), 422, 'UNREADABLE_IMAGE'],
    ['a real WAV spoken consent cut short', 'spoken', () => halfOf(toneWav(3)), 422, 'TRUNCATED_AUDIO'],
    [
      `a real PNG wider than ${CONSENT_PHOTO_MAX_EDGE} pixels`,
      'photo',
      () => testImage(CONSENT_PHOTO_MAX_EDGE + 2, 16, 'png'),
      422,
      'IMAGE_TOO_LARGE',
    ],
  ] as const)('refuses %s as %s evidence, keeping nothing', async (_name, kind, make, status, code) => {
    const id = await addSpeaker();
    const kept = keptFiles();
    const refused = await sendConsent(id, kind, make());
    expect(refused.statusCode, refused.body).toBe(status);
    const body = JSON.parse(refused.body) as { message: unknown; code: unknown };
    expect(body.code).toBe(code);
    expect(typeof body.message === 'string' && body.message.length > 10).toBe(true);
    const after = await speaker(id);
    expect(after.consent).toMatchObject({ recording: false, translation: false });
    expect(after.evidence).toEqual([]);
    expect(keptFiles()).toBe(kept);
    expect(leftInTemp()).toEqual([]);
  });

  it.each([
    ["the phone's 1600-pixel JPEG", 'photo', () => testImage(1600, 1200, 'mjpeg'), 'image/jpeg'],
    ['a small PNG', 'photo', () => testImage(320, 240, 'png'), 'image/png'],
    ['a small WebP', 'photo', () => testImage(320, 240, 'libwebp'), 'image/webp'],
    ['a spoken consent recorded as WebM/Opus', 'spoken', () => webmOf(toneWav(2)), 'audio/webm'],
    ['a spoken consent as Ogg/Opus', 'spoken', () => opusOf(toneWav(2)), 'audio/ogg'],
    ['a spoken consent as WAV', 'spoken', () => toneWav(2), 'audio/wav'],
  ] as const)('keeps %s, and the speaker consents', async (_name, kind, make, mimeType) => {
    const id = await addSpeaker();
    const bytes = make();
    const granted = await sendConsent(id, kind, bytes);
    expect(granted.statusCode, granted.body).toBe(200);
    const { speaker: now } = answer(granted, speakerConsentResponseSchema);
    expect(now.consent).toMatchObject({ recording: true, translation: true });
    expect(now.evidence.map((evidence) => evidence.kind)).toEqual([kind]);
    expect(leftInTemp()).toEqual([]);
    // The admin opens it with the type it was kept as.
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/speakers', headers: admin.auth });
    const evidence = answer(list, speakersResponseSchema).speakers.find((one) => one.id === id)!.evidence[0]!;
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/admin/speakers/${id}/evidence/${evidence.id}`,
      headers: admin.auth,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(mimeType);
    expect(sha256(file.rawPayload)).toBe(sha256(bytes));
  });

  it('answers 503 for a photo while the server has no ffmpeg to decode it, keeping nothing', async () => {
    const bare = await createAudioTestApp(kind, { FFMPEG_PATH: '/nonexistent/ffmpeg' });
    try {
      await signUp(bare.app);
      const phone = await signUp(bare.app);
      const id = crypto.randomUUID();
      const added = await bare.app.inject({
        method: 'POST',
        url: '/api/speakers',
        headers: { ...phone.auth, 'idempotency-key': crypto.randomUUID() },
        payload: { id, name: 'Speaker Bare' },
      });
      expect(added.statusCode, added.body).toBe(200);
      const body = form(
        { consent: JSON.stringify({ id: crypto.randomUUID(), consentType: 'full', kind: 'photo' }) },
        { name: 'evidence', bytes: testImage(320, 240, 'png'), fileName: 'form.png' },
      );
      const refused = await bare.app.inject({
        method: 'POST',
        url: `/api/speakers/${id}/consent`,
        headers: { ...phone.auth, ...body.headers, 'idempotency-key': crypto.randomUUID() },
        payload: body.payload,
      });
      // 503: the phone keeps the photo and sends it again later.
      expect(refused.statusCode, refused.body).toBe(503);
      expect(JSON.parse(refused.body)).toMatchObject({ code: 'UNAVAILABLE' });
      const list = await bare.app.inject({ method: 'GET', url: '/api/speakers', headers: phone.auth });
      const [speaker] = answer(list, speakersResponseSchema).speakers;
      expect(speaker).toMatchObject({ consent: { recording: false }, evidence: [] });
    } finally {
      await bare.close();
    }
  });
});

function halfOf(bytes: Buffer): Buffer {
  return bytes.subarray(0, Math.floor(bytes.length / 2));
}
