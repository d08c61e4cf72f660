// The cut-upload tier: what 2G phones do every day, in numbers. Over a real socket, multipart uploads to both
// receivers (recordings and consent evidence) and tus PATCHes are cut at random byte offsets (a fixed seed), in
// bursts of 20 sent in parallel. After every burst the server still answers health, and when all is done its open
// descriptors and temporary files are back to where they started. An unhandled rejection anywhere in the server
// fails this file (Vitest reports it), as it would have killed the process.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { seededRandom } from '../../core/seeded-random.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAudioTestApp,
  multipartBody,
  opusOf,
  sha256,
  toneWav,
  tusCreate,
  tusHead,
  tusPatch,
  type AudioTestApp,
} from './audio-fixtures.ts';
import { DATABASE_KINDS, grantConsent, signUp } from './test-app.ts';

const BURSTS = 10;
const BURST_SIZE = 20;
/** 200 requests and 10 health checks take 5-15 s on an idle 2-core machine; a loaded one may take several times that. */
const TIER_TIMEOUT_MS = 180_000;

/**
 * Sends the head and the first `cutAt` bytes of the body, then drops the connection (at once, or after a short
 * pause so the server is mid-write); resolves when the socket is closed. Answers the server gave early (a 4xx
 * before the body was read) are fine: the point is that the server outlives the cut.
 */
function cutRequest(port: number, head: string, body: Buffer, cutAt: number, pauseMs: number): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const done = () => {
      clearTimeout(guard);
      socket.destroy();
      resolve();
    };
    const guard = setTimeout(done, 10_000);
    socket.on('error', () => undefined);
    socket.on('close', done);
    socket.on('connect', () => {
      socket.write(head);
      socket.write(body.subarray(0, cutAt), () => {
        if (pauseMs === 0) done();
        else setTimeout(done, pauseMs);
      });
    });
  });
}

/** Inodes of this process's TCP sockets connected to `port` (the PostgreSQL pool's, which grows under load). */
function socketInodesTo(port: number): Set<string> {
  const inodes = new Set<string>();
  for (const table of ['/proc/self/net/tcp', '/proc/self/net/tcp6']) {
    if (!fs.existsSync(table)) continue;
    for (const line of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
      const columns = line.trim().split(/\s+/);
      const remotePort = Number.parseInt(columns[2]?.split(':')[1] ?? '', 16);
      if (remotePort === port && columns[9]) inodes.add(columns[9]);
    }
  }
  return inodes;
}

const databasePort = process.env.TEST_DATABASE_URL
  ? Number(new URL(process.env.TEST_DATABASE_URL).port || 5432)
  : null;

/** Open descriptors of the process, less the database pool's connections. */
function openDescriptors(): number {
  const pool = databasePort ? socketInodesTo(databasePort) : new Set<string>();
  let count = 0;
  for (const fd of fs.readdirSync('/proc/self/fd')) {
    const target = (() => {
      try {
        return fs.readlinkSync(`/proc/self/fd/${fd}`);
      } catch {
        return '';
      }
    })();
    const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
    if (!inode || !pool.has(inode)) count += 1;
  }
  return count;
}

function filesUnder(directory: string): string[] {
  if (!fs.existsSync(directory)) return [];
  return fs
    .readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Waits until `check` holds (the server closes files after the sockets are gone), at most 15 s. */
async function eventually(check: () => boolean): Promise<void> {
  for (let i = 0; i < 150 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
}

describe.each(DATABASE_KINDS)('cut uploads on %s', { timeout: TIER_TIMEOUT_MS }, (kind) => {
  let t: AudioTestApp;
  let port: number;
  let authorization: string;
  let auth: Record<string, string>;
  const speakerId = crypto.randomUUID();
  const random = seededRandom(0x10b17);
  let fdsAtStart: number;
  let temporaryAtStart: string[];

  /** GET /api/health on a connection of its own, closed after the answer (so it holds no descriptor). */
  const health = () =>
    new Promise<number>((resolve, reject) => {
      const request = http.get(
        { host: '127.0.0.1', port, path: '/api/health', agent: false, headers: { connection: 'close' } },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      request.on('error', reject);
      request.setTimeout(20_000, () => request.destroy(new Error('health did not answer in 20 s')));
    });

  /** Runs BURSTS bursts of BURST_SIZE cut requests made by `make`; health after each. */
  async function burst(make: (i: number) => { head: string; body: Buffer }): Promise<number> {
    let sent = 0;
    for (let b = 0; b < BURSTS; b += 1) {
      await Promise.all(
        Array.from({ length: BURST_SIZE }, (_, i) => {
          const { head, body } = make(b * BURST_SIZE + i);
          // Anywhere from the first byte of the body to its last but one (never a whole body).
          const cutAt = Math.floor(random() * (body.length - 1));
          const pauseMs = random() < 0.5 ? 0 : Math.floor(random() * 30);
          sent += 1;
          return cutRequest(port, head, body, cutAt, pauseMs);
        }),
      );
      expect(await health(), `health after burst ${b + 1}`).toBe(200);
    }
    return sent;
  }

  beforeAll(async () => {
    t = await createAudioTestApp(kind, {
      AUTH_RATE_LIMIT_PER_IP_PER_MINUTE: '100000',
      PUBLIC_RATE_LIMIT_PER_MINUTE: '100000',
    });
    const user = await signUp(t.app);
    auth = user.auth;
    authorization = user.auth.authorization;
    await grantConsent(t.app, auth, 'recording');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/speakers',
      headers: { ...auth, 'idempotency-key': crypto.randomUUID() },
      payload: {
        id: speakerId,
        name: 'Elder Quillan',
        ageGroup: '60+',
        gender: 'female',
        dialect: 'Vorn hill',
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
    fdsAtStart = openDescriptors();
    temporaryAtStart = filesUnder(path.join(t.dataDir, 'uploads', 'tmp'));
  });
  afterAll(() => t.close());

  /** Temporary files and descriptors are back to their starting counts (once the server has closed them). */
  async function expectNothingLeft() {
    const temporary = () => filesUnder(path.join(t.dataDir, 'uploads', 'tmp'));
    await eventually(() => temporary().length === temporaryAtStart.length);
    expect(temporary()).toEqual(temporaryAtStart);
    await eventually(() => openDescriptors() <= fdsAtStart);
    expect(openDescriptors()).toBeLessThanOrEqual(fdsAtStart);
  }

  it('survives 200 cut recording uploads (multipart) and keeps no temporary file', async () => {
    const audio = opusOf(toneWav(20, { frequency: 300 }));
    const sent = await burst(() => {
      const { payload, headers } = multipartBody(
        { bytes: audio, fileName: 'clip.ogg' },
        { recordingId: crypto.randomUUID(), sha256: sha256(audio), language: 'lpx' },
      );
      // Declares a body five times larger than sent, as the phone's request did before its link dropped.
      const head =
        `POST /api/audio/upload HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${authorization}\r\n` +
        `Content-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length * 5}\r\n\r\n`;
      return { head, body: payload };
    });
    expect(sent).toBe(BURSTS * BURST_SIZE);
    await expectNothingLeft();
  });

  it('survives 200 cut consent evidence uploads (multipart) and keeps no temporary file', async () => {
    const evidence = opusOf(toneWav(30, { frequency: 330 }));
    const sent = await burst(() => {
      const boundary = `----cut${crypto.randomBytes(8).toString('hex')}`;
      const consent = JSON.stringify({ id: crypto.randomUUID(), consentType: 'recording', kind: 'spoken' });
      const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="consent"\r\n\r\n${consent}\r\n`),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="evidence"; filename="consent"\r\n` +
            'Content-Type: application/octet-stream\r\n\r\n',
        ),
        evidence,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const head =
        `POST /api/speakers/${speakerId}/consent HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${authorization}\r\n` +
        `Idempotency-Key: ${crypto.randomUUID()}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length * 5}\r\n\r\n`;
      return { head, body };
    });
    expect(sent).toBe(BURSTS * BURST_SIZE);
    await expectNothingLeft();
    // Nothing was recorded on the strength of a cut file.
    const speakers = await t.app.inject({ method: 'GET', url: '/api/speakers', headers: auth });
    expect(speakers.json<{ speakers: { id: string; evidence: unknown[] }[] }>().speakers).toEqual([
      expect.objectContaining({ id: speakerId, evidence: [] }),
    ]);
  });

  it('survives 200 cut tus PATCHes, and every upload still resumes from the offset it reports', async () => {
    const audio = opusOf(toneWav(30, { frequency: 260 }));
    // One upload per place in a burst: each burst's PATCHes go to different uploads, as phones' do.
    const locations: string[] = [];
    for (let i = 0; i < BURST_SIZE; i += 1) {
      const created = await tusCreate(t.app, auth, audio.length, {
        recordingId: crypto.randomUUID(),
        fileName: 'clip.ogg',
        sha256: sha256(audio),
        language: 'lpx',
      });
      expect(created.statusCode, created.body).toBe(201);
      locations.push(created.headers.location as string);
    }
    const tusFiles = () => filesUnder(path.join(t.dataDir, 'uploads', 'tus')).sort();
    const tusAtStart = tusFiles();
    const offsetOf = async (location: string) => {
      const head = await tusHead(t.app, auth, location);
      expect(head.statusCode).toBe(200);
      return Number(head.headers['upload-offset']);
    };
    const offsets = new Map<string, number>(locations.map((location) => [location, 0]));
    for (let b = 0; b < BURSTS; b += 1) {
      const heads = await Promise.all(
        locations.map(async (location) => [location, await offsetOf(location)] as const),
      );
      for (const [location, offset] of heads) {
        // The offset only grows, and never past the file.
        expect(offset).toBeGreaterThanOrEqual(offsets.get(location)!);
        expect(offset).toBeLessThan(audio.length);
        offsets.set(location, offset);
      }
      await Promise.all(
        heads.map(([location, offset]) => {
          const body = audio.subarray(offset);
          const head =
            `PATCH ${location} HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${authorization}\r\n` +
            `Tus-Resumable: 1.0.0\r\nUpload-Offset: ${offset}\r\n` +
            `Content-Type: application/offset+octet-stream\r\nContent-Length: ${body.length}\r\n\r\n`;
          const cutAt = Math.floor(random() * (body.length - 1));
          const pauseMs = random() < 0.5 ? 0 : Math.floor(random() * 30);
          return cutRequest(port, head, body, cutAt, pauseMs);
        }),
      );
      expect(await health(), `health after tus burst ${b + 1}`).toBe(200);
    }
    // Each upload keeps its file and its record, nothing more; descriptors are back.
    await eventually(() => openDescriptors() <= fdsAtStart);
    expect(openDescriptors()).toBeLessThanOrEqual(fdsAtStart);
    expect(tusFiles()).toEqual(tusAtStart);
    // And the phone finishes every one from where the server says it stands: stored once, whole.
    for (const location of locations) {
      const offset = await offsetOf(location);
      const finished = await tusPatch(t.app, auth, location, offset, audio.subarray(offset));
      // The last PATCH stores the recording and answers it.
      expect(finished.statusCode, finished.body).toBe(201);
      expect(finished.json<{ recording: { sha256: string } }>().recording.sha256).toBe(sha256(audio));
    }
    expect(tusFiles()).toEqual([]);
    // Twenty recordings, each once; none of the cut multipart uploads became one.
    const list = await t.app.inject({ method: 'GET', url: '/api/audio/recordings?limit=100', headers: auth });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<{ total: number }>().total).toBe(BURST_SIZE);
  });
});
