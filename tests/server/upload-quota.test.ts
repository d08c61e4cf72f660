// The quota on each account's unfinished tus uploads (issue 29): the (N+1)th open upload and bytes past the limit
// are refused with 429 UPLOAD_QUOTA (the phone retries it later), nothing is created for them, other accounts are
// not touched, and uploads that finish or are terminated stop counting; a restarted server counts what is left, and
// two servers on one PostgreSQL count one quota.
// Partial uploads and their info files are private to the server's user (0600 in a 0700 folder).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../core/api/errors.ts';
import { UPLOAD_QUOTA_BYTES, UPLOAD_QUOTA_OPEN_UPLOADS } from '../../core/constants.ts';
import { buildApp } from '../../server/app.ts';
import { openDatabase } from '../../server/db/driver.ts';
import {
  createAudioTestApp,
  grantRecordingConsent,
  sha256,
  toneWav,
  TUS,
  tusCreate,
  tusSend,
  type AudioTestApp,
} from './audio-fixtures.ts';
import { DATABASE_KINDS, signUp } from './test-app.ts';
import { checkAnswersAgainstContract } from './live-contract.ts';

type Account = Awaited<ReturnType<typeof signUp>>;
const MB = 1024 * 1024;

describe.each(DATABASE_KINDS)('upload quota on %s', (kind) => {
  let t: AudioTestApp;
  let tusDir: string;
  const clip = toneWav(1.5);

  beforeAll(async () => {
    t = await createAudioTestApp(kind);
    tusDir = path.join(t.dataDir, 'uploads', 'tus');
    await signUp(t.app); // the first account is admin
  });
  afterAll(() => t.close());

  const contributor = async () => {
    const account = await signUp(t.app);
    await grantRecordingConsent(t.app, account.auth);
    return account;
  };
  /** Creates an upload of `length` declared bytes (nothing sent); the response. */
  const open = (
    account: Account,
    length = clip.length,
    recordingId: string = crypto.randomUUID(),
    app = t.app,
  ) =>
    tusCreate(app, account.auth, length, {
      recordingId,
      fileName: 'clip.wav',
      mimeType: 'audio/wav',
      durationSeconds: '1.5',
      sha256: length === clip.length ? sha256(clip) : 'ab'.repeat(32),
    });
  const terminate = (account: Account, location: string) =>
    t.app.inject({ method: 'DELETE', url: location, headers: { ...account.auth, ...TUS } });
  const tusFiles = () => fs.readdirSync(tusDir);
  const expectQuotaRefusal = (response: Awaited<ReturnType<typeof open>>) => {
    expect(response.statusCode, response.body).toBe(429);
    const body = JSON.parse(response.body) as { message: string; code: string };
    expect(body.code).toBe(ERROR_CODES.uploadQuota);
    expect(body.message).toMatch(/unfinished uploads/);
    expect(response.headers.location).toBeUndefined();
  };

  it(`refuses the open upload after ${UPLOAD_QUOTA_OPEN_UPLOADS}, and takes it once one finishes or is terminated`, async () => {
    const phone = await contributor();
    const locations: string[] = [];
    const ids: string[] = [];
    for (let index = 0; index < UPLOAD_QUOTA_OPEN_UPLOADS; index += 1) {
      const recordingId = crypto.randomUUID();
      const created = await open(phone, clip.length, recordingId);
      expect(created.statusCode, created.body).toBe(201);
      locations.push(String(created.headers.location));
      ids.push(recordingId);
    }
    const files = tusFiles().length;
    const next = crypto.randomUUID();
    expectQuotaRefusal(await open(phone, clip.length, next));
    expect(tusFiles()).toHaveLength(files);

    // Creating one of its open uploads again resumes it: it is not counted twice.
    expect((await open(phone, clip.length, ids[0])).statusCode).toBe(201);
    // Another account is not held back by this one's uploads.
    expect((await open(await contributor())).statusCode).toBe(201);

    // One finishes (stored): it stops counting, and the refused upload is taken.
    const stored = await tusSend(t.app, phone.auth, locations[0]!, clip);
    expect(stored.statusCode, stored.body).toBe(201);
    expect((await open(phone, clip.length, next)).statusCode).toBe(201);
    expectQuotaRefusal(await open(phone));

    // One is terminated by the phone: it stops counting too.
    expect((await terminate(phone, locations[1]!)).statusCode).toBe(204);
    expect((await open(phone)).statusCode).toBe(201);
    expectQuotaRefusal(await open(phone));

    // A restarted server counts the uploads left in the folder.
    const restarted = await buildApp({ config: t.config, database: t.database, logger: false });
    try {
      await restarted.ready();
      checkAnswersAgainstContract(restarted);
      expectQuotaRefusal(await open(phone, clip.length, crypto.randomUUID(), restarted));
    } finally {
      await restarted.close();
    }
  }, 120_000);

  it(`refuses an upload that would bring an account's unfinished uploads past ${UPLOAD_QUOTA_BYTES / MB} MB`, async () => {
    const phone = await contributor();
    const largest = t.config.AUDIO_MAX_BYTES;
    const fit = Math.floor(UPLOAD_QUOTA_BYTES / largest);
    const locations: string[] = [];
    for (let index = 0; index < fit; index += 1) {
      const created = await open(phone, largest);
      expect(created.statusCode, created.body).toBe(201);
      locations.push(String(created.headers.location));
    }
    const left = UPLOAD_QUOTA_BYTES - fit * largest;
    const files = tusFiles().length;
    const over = await open(phone, left + 1);
    expectQuotaRefusal(over);
    expect(JSON.parse(over.body)).toMatchObject({
      details: { openBytes: fit * largest, uploadBytes: left + 1, maxOpenBytes: UPLOAD_QUOTA_BYTES },
    });
    expect(tusFiles()).toHaveLength(files);
    if (left > 0) expect((await open(phone, left)).statusCode).toBe(201);
    expectQuotaRefusal(await open(phone, 1));

    expect((await terminate(phone, locations[0]!)).statusCode).toBe(204);
    expect((await open(phone, largest)).statusCode).toBe(201);
  });

  it.runIf(kind === 'postgres')(
    'reaches one quota with uploads created through two app instances on one PostgreSQL',
    async () => {
      // A second server: its own connection to the same database (the partial uploads' folder is the same, as an
      // object store would be for both).
      const database = await openDatabase({ databaseUrl: t.databaseUrl! });
      const second = await buildApp({ config: t.config, database, logger: false });
      try {
        await second.ready();
        checkAnswersAgainstContract(second);
        const phone = await contributor();
        for (let index = 0; index < UPLOAD_QUOTA_OPEN_UPLOADS; index += 1) {
          const created = await open(phone, clip.length, crypto.randomUUID(), index % 2 ? second : t.app);
          expect(created.statusCode, created.body).toBe(201);
        }
        // Each instance alone has created about half the quota; both refuse the next.
        expectQuotaRefusal(await open(phone, clip.length, crypto.randomUUID(), t.app));
        expectQuotaRefusal(await open(phone, clip.length, crypto.randomUUID(), second));
      } finally {
        await second.close();
        await database.close();
      }
    },
  );

  it('writes partial uploads and their info files 0600 in a 0700 folder', async () => {
    const phone = await contributor();
    const created = await open(phone);
    expect(created.statusCode, created.body).toBe(201);
    const id = String(created.headers.location).split('/').pop()!;
    // A piece received: the data file keeps its mode as it grows.
    const piece = await t.app.inject({
      method: 'PATCH',
      url: String(created.headers.location),
      headers: {
        ...phone.auth,
        ...TUS,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      payload: clip.subarray(0, 1000),
    });
    expect(piece.statusCode, piece.body).toBe(204);
    const mode = (file: string) => fs.statSync(file).mode & 0o777;
    expect(mode(path.join(tusDir, id))).toBe(0o600);
    expect(mode(path.join(tusDir, `${id}.json`))).toBe(0o600);
    expect(mode(tusDir)).toBe(0o700);
  });
});
