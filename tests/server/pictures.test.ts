// Picture prompts (issue 32): an admin uploads a picture with its rights; what is not an image (a text file named
// .png, a JPEG cut short), an upload without its rights, and a contributor's upload are refused with nothing kept;
// the image served is a re-encoding without the upload's EXIF (its GPS position among it) and at most
// PICTURE_SERVED_MAX_EDGE pixels; the pack lists active pictures only; a clip said from a picture is stored with
// its pictureId and counted on it, and a clip naming an unknown picture is refused.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { imageSize } from 'image-size';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminPictureResponseSchema,
  adminPicturesSchema,
  PICTURE_SERVED_MAX_EDGE,
  picturePackSchema,
} from '../../core/api/pictures.ts';
import { recordingResponseSchema } from '../../core/api/recordings.ts';
import { transcribeQueueSchema } from '../../core/api/transcripts.ts';
import {
  createAudioTestApp,
  form,
  grantRecordingConsent,
  opusOf,
  sha256,
  toneWav,
  tusCreate,
  tusSend,
  type AudioTestApp,
} from './audio-fixtures.ts';
import { answer, DATABASE_KINDS, inspectionsDone, signUp } from './test-app.ts';

type Account = Awaited<ReturnType<typeof signUp>>;

/** One frame of ffmpeg's test pattern as a JPEG. */
function testJpeg(width: number, height: number): Buffer {
  return execFileSync('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', `testsrc=size=${width}x${height}:rate=1`, '-frames:v', '1'],
    ...['-c:v', 'mjpeg', '-q:v', '4', '-f', 'image2pipe', 'pipe:1'],
  ]);
}

const MARKER = 'MADE-UP-PLACE-MARKER';

/**
 * The JPEG with an EXIF segment (APP1) right after its start: an ImageDescription holding MARKER and a GPS IFD
 * with a latitude (N 4 27' 0"), as a phone's camera writes where a photo was taken.
 */
function withGpsExif(jpeg: Buffer): Buffer {
  const tiff = Buffer.alloc(92 + MARKER.length + 1);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  // IFD0 at 8: ImageDescription, GPSInfo.
  tiff.writeUInt16BE(2, 8);
  const entry = (at: number, tag: number, type: number, count: number, value: number) => {
    tiff.writeUInt16BE(tag, at);
    tiff.writeUInt16BE(type, at + 2);
    tiff.writeUInt32BE(count, at + 4);
    tiff.writeUInt32BE(value, at + 8);
  };
  entry(10, 0x010e, 2, MARKER.length + 1, 92);
  entry(22, 0x8825, 4, 1, 38);
  tiff.writeUInt32BE(0, 34);
  // GPS IFD at 38: GPSLatitudeRef "N", GPSLatitude (3 rationals at 68).
  tiff.writeUInt16BE(2, 38);
  tiff.writeUInt16BE(0x0001, 40);
  tiff.writeUInt16BE(2, 42);
  tiff.writeUInt32BE(2, 44);
  tiff.write('N\0', 48, 'latin1');
  entry(52, 0x0002, 5, 3, 68);
  tiff.writeUInt32BE(0, 64);
  [4, 1, 27, 1, 0, 1].forEach((value, index) => tiff.writeUInt32BE(value, 68 + index * 4));
  tiff.write(MARKER, 92, 'latin1');
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, payload, jpeg.subarray(2)]);
}

/** A JPEG `width` x `height`, its left half red and right half blue, as ffmpeg encodes one. */
function halvesJpeg(width: number, height: number): Buffer {
  const half = `s=${width / 2}x${height}`;
  return execFileSync('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', `color=red:${half}[a];color=blue:${half}[b];[a][b]hstack`],
    ...['-frames:v', '1', '-c:v', 'mjpeg', '-q:v', '2', '-f', 'image2pipe', 'pipe:1'],
  ]);
}

/** The JPEG with an EXIF segment holding only an Orientation (tag 0x0112), as a phone's camera writes it. */
function withOrientation(jpeg: Buffer, orientation: number): Buffer {
  const tiff = Buffer.alloc(26);
  tiff.write('II', 0, 'latin1');
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4);
  tiff.writeUInt16LE(1, 8);
  tiff.writeUInt16LE(0x0112, 10);
  tiff.writeUInt16LE(3, 12);
  tiff.writeUInt32LE(1, 14);
  tiff.writeUInt16LE(orientation, 18);
  tiff.writeUInt32LE(0, 22);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, payload, jpeg.subarray(2)]);
}

/** The colour at (x, y) of a JPEG, decoded by ffmpeg: 'red', 'blue' or what it is. */
function colourAt(jpeg: Buffer, x: number, y: number): string {
  const pixel = execFileSync(
    'ffmpeg',
    [
      ...['-v', 'error', '-f', 'image2pipe', '-c:v', 'mjpeg', '-i', 'pipe:0'],
      ...['-vf', `format=rgb24,crop=1:1:${x}:${y}`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
    ],
    { input: jpeg },
  );
  const [r = 0, g = 0, b = 0] = pixel;
  if (r > 200 && g < 60 && b < 60) return 'red';
  if (b > 200 && r < 60 && g < 60) return 'blue';
  return `rgb(${r}, ${g}, ${b})`;
}

const halfOf = (bytes: Buffer) => bytes.subarray(0, Math.floor(bytes.length / 2));

const RIGHTS = {
  description: 'A cow standing under a tree',
  credit: 'Drawn for the project by a test illustrator',
  licence: 'CC BY 4.0',
};

describe.each(DATABASE_KINDS)('picture prompts on %s', (kind) => {
  let t: AudioTestApp;
  let admin: Account;
  let contributor: Account;

  beforeAll(async () => {
    t = await createAudioTestApp(kind);
    admin = await signUp(t.app);
    contributor = await signUp(t.app);
    expect(admin.user.role).toBe('admin');
    expect(contributor.user.role).not.toBe('admin');
    await grantRecordingConsent(t.app, contributor.auth);
  });
  afterAll(() => t.close());

  const upload = (
    account: Account,
    bytes: Buffer | null,
    fields: Record<string, string> = RIGHTS,
    fileName = 'picture.jpg',
  ) => {
    const body = form(fields, bytes ? { name: 'image', bytes, fileName } : null);
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/pictures',
      headers: { ...account.auth, ...body.headers },
      payload: body.payload,
    });
  };
  const keptImages = () => {
    const folder = path.join(t.dataDir, 'pictures');
    return fs.existsSync(folder)
      ? fs
          .readdirSync(folder, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => entry.name)
      : [];
  };
  const adminList = async () =>
    answer(
      await t.app.inject({ method: 'GET', url: '/api/admin/pictures', headers: admin.auth }),
      adminPicturesSchema,
    ).pictures;
  const pack = async () =>
    answer(
      await t.app.inject({ method: 'GET', url: '/api/pictures/pack', headers: contributor.auth }),
      picturePackSchema,
    ).pictures;
  const uploaded = async (bytes: Buffer, fields = RIGHTS) => {
    const response = await upload(admin, bytes, fields);
    expect(response.statusCode, response.body).toBe(201);
    return answer(response, adminPictureResponseSchema).picture;
  };

  it.each([
    [
      'a text file named .png',
      () => Buffer.from('This is not a picture at all.\n'.repeat(40)),
      400,
      'VALIDATION_FAILED',
    ],
    ['the first half of a real JPEG', () => halfOf(testJpeg(800, 600)), 422, 'UNREADABLE_IMAGE'],
  ] as const)('refuses %s, keeping nothing', async (_name, make, status, code) => {
    const before = { rows: (await adminList()).length, files: keptImages().length };
    const refused = await upload(admin, make(), RIGHTS, 'picture.png');
    expect(refused.statusCode, refused.body).toBe(status);
    const body = JSON.parse(refused.body) as { message: unknown; code: unknown };
    expect(body.code).toBe(code);
    expect(typeof body.message === 'string' && body.message.length > 10).toBe(true);
    expect((await adminList()).length).toBe(before.rows);
    expect(keptImages().length).toBe(before.files);
    expect(t.uploadFiles()).toEqual([]);
  });

  it.each([
    ['without a credit', { description: RIGHTS.description, licence: RIGHTS.licence }, 'credit'],
    ['with a blank licence', { ...RIGHTS, licence: '   ' }, 'licence'],
    ['without a description', { credit: RIGHTS.credit, licence: RIGHTS.licence }, 'description'],
  ])('refuses a picture %s, naming the field', async (_name, fields, field) => {
    const before = (await adminList()).length;
    const refused = await upload(admin, testJpeg(320, 240), fields);
    expect(refused.statusCode, refused.body).toBe(400);
    const body = JSON.parse(refused.body) as { code: string; details: { path: string }[] };
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details.map((detail) => detail.path)).toContain(field);
    expect((await adminList()).length).toBe(before);
  });

  it("refuses a contributor's upload and list; a contributor reads the pack", async () => {
    const refused = await upload(contributor, testJpeg(320, 240));
    expect(refused.statusCode).toBe(403);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'FORBIDDEN' });
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/pictures', headers: contributor.auth });
    expect(list.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/pictures/pack' });
    expect(anonymous.statusCode).toBe(401);
    expect(Array.isArray(await pack())).toBe(true);
  });

  it.each([
    // [orientation, served width x height, colour at the top, colour at the left]: stored 160 x 80, red | blue.
    [6, [80, 160], 'red', undefined],
    [8, [80, 160], 'blue', undefined],
    [3, [160, 80], undefined, 'blue'],
    [1, [160, 80], undefined, 'red'],
  ] as const)(
    'turns a photo with EXIF orientation %i upright before dropping the EXIF',
    async (orientation, [width, height], top, left) => {
      const stored = halvesJpeg(160, 80);
      const original = withOrientation(stored, orientation);
      // The upload says how to turn it; its pixels are as the sensor stored them.
      expect(imageSize(original)).toMatchObject({ width: 160, height: 80, orientation });
      const picture = await uploaded(original);
      expect(picture).toMatchObject({ width, height });
      const served = await t.app.inject({ method: 'GET', url: picture.imageUrl, headers: contributor.auth });
      const bytes = served.rawPayload;
      expect(imageSize(bytes)).toMatchObject({ width, height });
      expect(imageSize(bytes).orientation).toBeUndefined();
      expect(bytes.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
      if (top) {
        expect(colourAt(bytes, width / 2, 10)).toBe(top);
        expect(colourAt(bytes, width / 2, height - 10)).toBe(top === 'red' ? 'blue' : 'red');
      }
      if (left) {
        expect(colourAt(bytes, 10, height / 2)).toBe(left);
        expect(colourAt(bytes, width - 10, height / 2)).toBe(left === 'red' ? 'blue' : 'red');
      }
    },
  );

  it('serves a re-encoding without the EXIF and its GPS position, no larger than the bound', async () => {
    const original = withGpsExif(testJpeg(2000, 1500));
    // The upload does carry the position (so the test below can fail).
    expect(original.includes(Buffer.from(MARKER))).toBe(true);
    expect(original.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(true);
    const picture = await uploaded(original);
    expect(picture).toMatchObject({ ...RIGHTS, retiredAt: null, clips: 0 });
    expect(picture.uploadedBy?.id).toBe(admin.user.id);
    expect(Math.max(picture.width, picture.height)).toBe(PICTURE_SERVED_MAX_EDGE);

    const served = await t.app.inject({ method: 'GET', url: picture.imageUrl, headers: contributor.auth });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const bytes = served.rawPayload;
    expect(bytes.length).toBe(picture.sizeBytes);
    expect(sha256(bytes)).toBe(picture.sha256);
    expect(bytes.includes(Buffer.from(MARKER))).toBe(false);
    expect(bytes.includes(Buffer.from('Exif', 'latin1'))).toBe(false);
    // No APP1 (EXIF, XMP) segment at all.
    expect(bytes.includes(Buffer.from([0xff, 0xe1]))).toBe(false);
    const size = imageSize(bytes);
    expect(size).toMatchObject({ type: 'jpg', width: 1024, height: 768 });
    // Kept under its hash alone, never under a name the upload gave.
    expect(keptImages()).toContain(picture.sha256);
    expect(keptImages().every((name) => /^[0-9a-f]{64}$/.test(name))).toBe(true);
  });

  it('lists active pictures only in the pack; a retired one stays with admins', async () => {
    const kept = await uploaded(testJpeg(320, 240), { ...RIGHTS, description: 'A goat' });
    const retiring = await uploaded(testJpeg(320, 240), { ...RIGHTS, description: 'A drum' });
    expect((await pack()).map((picture) => picture.id)).toEqual(
      expect.arrayContaining([kept.id, retiring.id]),
    );
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/pictures/${retiring.id}/retire`,
      headers: contributor.auth,
    });
    expect(refused.statusCode).toBe(403);
    const retired = await t.app.inject({
      method: 'POST',
      url: `/api/admin/pictures/${retiring.id}/retire`,
      headers: admin.auth,
    });
    expect(answer(retired, adminPictureResponseSchema).picture.retiredAt).not.toBeNull();
    const ids = (await pack()).map((picture) => picture.id);
    expect(ids).toContain(kept.id);
    expect(ids).not.toContain(retiring.id);
    expect((await adminList()).find((picture) => picture.id === retiring.id)?.retiredAt).not.toBeNull();
    const unknown = await t.app.inject({
      method: 'POST',
      url: `/api/admin/pictures/${crypto.randomUUID()}/retire`,
      headers: admin.auth,
    });
    expect(unknown.statusCode).toBe(404);
  });

  const sendClip = async (pictureId: string) => {
    const bytes = opusOf(toneWav(2));
    const recordingId = crypto.randomUUID();
    const created = await tusCreate(t.app, contributor.auth, bytes.length, {
      recordingId,
      fileName: 'picture-clip.ogg',
      sha256: sha256(bytes),
      language: 'lpx',
      pictureId,
    });
    return { recordingId, created, bytes };
  };

  it('stores a clip said from a picture with its pictureId, and counts it on the picture', async () => {
    const picture = await uploaded(testJpeg(320, 240), { ...RIGHTS, description: 'A granary' });
    const { recordingId, created, bytes } = await sendClip(picture.id);
    expect(created.statusCode, created.body).toBe(201);
    const last = await tusSend(t.app, contributor.auth, String(created.headers.location), bytes);
    expect(last.statusCode, last.body).toBe(201);
    const { recording } = answer(last, recordingResponseSchema);
    expect(recording).toMatchObject({
      id: recordingId,
      pictureId: picture.id,
      language: 'lpx',
      transcript: null,
    });
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/audio/recordings/${recordingId}`,
      headers: contributor.auth,
    });
    expect(answer(listed, recordingResponseSchema).recording.pictureId).toBe(picture.id);
    expect((await adminList()).find((one) => one.id === picture.id)?.clips).toBe(1);
    // Once its sound is checked, Transcribe offers it with its picture: the id (the image is in the phone's pack)
    // and its description.
    await inspectionsDone(t.app);
    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/transcripts/queue?limit=50',
      headers: admin.auth,
    });
    const offered = answer(queue, transcribeQueueSchema).clips.find((clip) => clip.id === recordingId);
    expect(offered?.picture).toEqual({ id: picture.id, description: 'A granary' });
  });

  it('refuses a clip naming an unknown picture, keeping nothing', async () => {
    const { created } = await sendClip(crypto.randomUUID());
    expect(created.statusCode, created.body).toBe(400);
    expect(JSON.parse(created.body)).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(t.uploadFiles()).toEqual([]);
    const notUuid = await sendClip('cow.jpg');
    expect(notUuid.created.statusCode).toBe(400);
  });
});
