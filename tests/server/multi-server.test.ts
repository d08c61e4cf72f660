// Two server processes behind no proxy, sharing one PostgreSQL (a fresh database) and one S3-compatible store
// (s3rver): a tus upload begun on server A and finished on server B is stored once and plays by range from both;
// a rate limit is reached by requests spread over both. Needs TEST_DATABASE_URL (several processes cannot share
// the embedded database).
import crypto from 'node:crypto';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { recordingResponseSchema } from '../../core/api/recordings.ts';
import { createScratchDatabase, type ScratchDatabase } from '../../server/db/scratch-database.ts';
import { storageArea } from '../../server/lib/blob-store.ts';
import {
  freePort,
  RAISED_RATE_LIMITS,
  serverProcess,
  TEST_ADMISSION_WAIT,
  type ServerProcess,
} from '../../scripts/lib/server-process.ts';
import { startS3Server, type TestS3Server } from '../s3-server.ts';
import { sha256, toneWav, TUS, uploadMetadata } from './audio-fixtures.ts';

/** Requests a minute to public endpoints, per client address, across all servers. */
const PUBLIC_LIMIT = 10;

describe.skipIf(!process.env.TEST_DATABASE_URL)('two servers on one PostgreSQL and one S3 store', () => {
  let s3: TestS3Server;
  let scratch: ScratchDatabase;
  let a: ServerProcess;
  let b: ServerProcess;
  let env: Record<string, string>;
  const root = path.resolve('.tmp', 'api-tests', `multi-${crypto.randomBytes(6).toString('hex')}`);

  beforeAll(async () => {
    s3 = await startS3Server(path.join(root, 's3'));
    scratch = await createScratchDatabase(
      process.env.TEST_DATABASE_URL!,
      'lopit_test',
      inject('postgresTemplate') ?? undefined,
    );
    env = {
      ...s3.env(`two-servers-${crypto.randomBytes(4).toString('hex')}`),
      ...RAISED_RATE_LIMITS,
      ...TEST_ADMISSION_WAIT,
      PUBLIC_RATE_LIMIT_PER_MINUTE: String(PUBLIC_LIMIT),
    };
    const server = async (name: string) =>
      serverProcess({
        port: await freePort(),
        dataDir: path.join(root, name), // each its own: nothing is shared through it
        databaseUrl: scratch.url,
        env,
        startTimeoutMs: 120_000,
      });
    [a, b] = [await server('a'), await server('b')];
    await Promise.all([a.start(), b.start()]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await scratch?.drop();
    await s3?.close();
  });

  const call = async (server: ServerProcess, method: string, url: string, init: RequestInit = {}) =>
    fetch(`${server.url}${url}`, { method, ...init, signal: AbortSignal.timeout(60_000) });

  async function signUp(server: ServerProcess) {
    const response = await call(server, 'POST', '/api/auth/signup', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Field recorder',
        email: `recorder-${crypto.randomUUID().slice(0, 8)}@example.org`,
        password: 'correct horse battery',
      }),
    });
    expect(response.status).toBe(201);
    const { token } = (await response.json()) as { token: string };
    return { authorization: `Bearer ${token}` };
  }

  it('resumes on server B an upload begun on server A, stores it once, and plays it by range from both', async () => {
    await signUp(a); // the first account is admin
    const auth = await signUp(b);
    const consent = await call(a, 'POST', '/api/consent/submit', {
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ consent_type: 'recording' }),
    });
    expect(consent.status).toBe(200);

    const bytes = toneWav(8, { frequency: 470 });
    const hash = sha256(bytes);
    const created = await call(a, 'POST', '/api/audio/tus', {
      headers: {
        ...auth,
        ...TUS,
        'upload-length': String(bytes.length),
        'upload-metadata': uploadMetadata({
          recordingId: crypto.randomUUID(),
          fileName: 'two servers.wav',
          mimeType: 'audio/wav',
          durationSeconds: '8',
          sha256: hash,
        }),
      },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const location = String(created.headers.get('location'));
    const patch = (server: ServerProcess, offset: number, piece: Buffer) =>
      call(server, 'PATCH', location, {
        headers: {
          ...auth,
          ...TUS,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body: new Uint8Array(piece),
      });

    // A receives the first part; then the phone's connection moves to B.
    const half = Math.floor(bytes.length / 2);
    const first = await patch(a, 0, bytes.subarray(0, half));
    expect(first.status).toBe(204);
    const head = await call(b, 'HEAD', location, { headers: { ...auth, ...TUS } });
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(half));

    const last = await patch(b, half, bytes.subarray(half));
    expect(last.status, await last.clone().text()).toBe(201);
    const { recording } = recordingResponseSchema.parse(await last.json());
    expect(recording.sizeBytes).toBe(bytes.length);

    // Stored once: one row, one object in the bucket, no partial upload left.
    const sql = postgres(scratch.url, { max: 1, onnotice: () => undefined });
    try {
      const rows = await sql<
        { n: number }[]
      >`select count(*)::int as n from recordings where sha256 = ${hash}`;
      expect(rows[0]?.n).toBe(1);
    } finally {
      await sql.end();
    }
    const config = { DATA_DIR: root, BLOB_STORE: env.BLOB_STORE, BLOB_STORE_S3_PATH_STYLE: true };
    const restoreEnvironment = s3.useInThisProcess();
    try {
      const objects: string[] = [];
      for await (const info of storageArea(config, 'blobs').list('')) objects.push(info.key);
      expect(objects.filter((key) => key.endsWith(hash))).toHaveLength(1);
      const partials: string[] = [];
      for await (const info of storageArea(config, 'tus-uploads').list('')) partials.push(info.key);
      expect(partials).toEqual([]);
    } finally {
      restoreEnvironment();
    }

    for (const server of [a, b]) {
      const part = await call(server, 'GET', `/api/audio/recordings/${recording.id}/audio`, {
        headers: { ...auth, range: 'bytes=1000-50999' },
      });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 1000-50999/${bytes.length}`);
      expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(1000, 51000))).toBe(true);
    }
  });

  it('reaches one rate limit with requests spread over both servers', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < PUBLIC_LIMIT; i++)
      statuses.push((await call(i % 2 === 0 ? a : b, 'GET', '/api/families')).status);
    expect(statuses).toEqual(Array(PUBLIC_LIMIT).fill(200));
    // Each server alone has answered only half the limit; together they have answered all of it.
    for (const server of [a, b]) {
      const refused = await call(server, 'GET', '/api/families');
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { code?: string }).code).toBe('RATE_LIMITED');
    }
  });
});
