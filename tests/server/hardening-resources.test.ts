// Hostile and broken bodies on a real socket: truncated multipart, bodies sent a byte at a time, idle
// connections and pathological sign-ins are answered or cut, leave no descriptor or temporary file behind,
// and the server keeps answering health checks meanwhile.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from './test-app.ts';

const IDLE_MS = 1_000;

function openDescriptors(): number {
  return fs.readdirSync('/proc/self/fd').length;
}

function filesUnder(directory: string): number {
  if (!fs.existsSync(directory)) return 0;
  return fs.readdirSync(directory, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
    .length;
}

/** Sends raw bytes; resolves with the status line (or '' when the server closed without answering). */
function rawRequest(
  port: number,
  head: string,
  body: Buffer | string,
  options: { trickleMs?: number; waitMs?: number } = {},
): Promise<{ status: string; closedAfterMs: number; gaveUp: boolean }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let trickle: NodeJS.Timeout | undefined;
    let gaveUp = false;
    const finish = () => {
      clearInterval(trickle);
      clearTimeout(limit);
      socket.destroy();
      resolve({ status: answer.split('\r\n')[0] ?? '', closedAfterMs: Date.now() - started, gaveUp });
    };
    socket.on('connect', () => {
      socket.write(head);
      const bytes = Buffer.from(body);
      if (!options.trickleMs) socket.write(bytes);
      else {
        let sent = 0;
        trickle = setInterval(() => {
          if (sent < bytes.length && !socket.destroyed) socket.write(bytes.subarray(sent, ++sent));
        }, options.trickleMs);
      }
    });
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      if (answer.includes('\r\n\r\n')) finish();
    });
    socket.on('close', finish);
    socket.on('error', () => undefined);
    // The client's own patience: past it, it closes the connection itself (`gaveUp`).
    const limit = setTimeout(() => {
      gaveUp = true;
      finish();
    }, options.waitMs ?? 10_000);
  });
}

/** GET /api/health on a connection of its own (closed after the answer, so it holds no descriptor). */
async function healthLatency(port: number): Promise<number> {
  const started = Date.now();
  const { status } = await rawRequest(
    port,
    'GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    '',
  );
  expect(status).toBe('HTTP/1.1 200 OK');
  return Date.now() - started;
}

async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 300));
}

/**
 * The descriptors (and files under DATA_DIR) come back to where they were: asked again until they do, as a
 * loaded machine closes what a cut connection held later than an idle one, and failing only if they never do.
 */
async function expectReleased(fdsBefore: number, files?: { under: string; before: number }): Promise<void> {
  await expect.poll(openDescriptors, { timeout: 60_000, interval: 200 }).toBeLessThanOrEqual(fdsBefore);
  if (files)
    await expect.poll(() => filesUnder(files.under), { timeout: 60_000, interval: 200 }).toBe(files.before);
}

describe('hostile bodies on a real socket', () => {
  let test: TestApp;
  let port: number;
  let dataDir: string;
  let authorization: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lopit-resources-'));
    test = await createTestApp('pglite', {
      DATA_DIR: dataDir,
      REQUEST_IDLE_TIMEOUT_MS: String(IDLE_MS),
      AUTH_RATE_LIMIT_PER_IP_PER_MINUTE: '100000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      AUTH_RATE_LIMIT_PER_ACCOUNT_PER_MINUTE: '100000',
      // This file is about bodies, not the admission queue (tests/server/admission.test.ts): every request is let in.
      ADMISSION_MAX_IN_FLIGHT: '1000',
    });
    const admin = await signUp(test.app);
    authorization = admin.auth.authorization;
    await test.app.inject({
      method: 'POST',
      url: '/api/consent/submit',
      headers: admin.auth,
      payload: { consent_type: 'full' },
    });
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    port = (test.app.server.address() as net.AddressInfo).port;
  });

  afterAll(async () => {
    await test.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers truncated multipart uploads with 400 and leaks no descriptor or temporary file', async () => {
    await settle();
    const fdsBefore = openDescriptors();
    const filesBefore = filesUnder(dataDir);
    const boundary = 'TruncatedBoundary';
    const body =
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="clip.wav"\r\n` +
      `Content-Type: audio/wav\r\n\r\n${'A'.repeat(20_000)}`;
    const head =
      `POST /api/audio/upload HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${authorization}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
    const answers = await Promise.all(Array.from({ length: 10 }, () => rawRequest(port, head, body)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill('HTTP/1.1 400 Bad Request'));
    await expectReleased(fdsBefore, { under: dataDir, before: filesBefore });
    console.log(
      `resources: truncated multipart x10: fds ${fdsBefore} -> ${openDescriptors()}, files ${filesBefore} -> ${filesUnder(dataDir)}`,
    );
  });

  it('cuts a multipart upload whose client goes away mid-file, and removes its temporary file', async () => {
    await settle();
    const fdsBefore = openDescriptors();
    const filesBefore = filesUnder(dataDir);
    const boundary = 'GoneBoundary';
    const part =
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="clip.wav"\r\n` +
      `Content-Type: audio/wav\r\n\r\n${'B'.repeat(50_000)}`;
    const head =
      `POST /api/audio/upload HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${authorization}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 10000000\r\n\r\n`;
    // Half the declared body, then the client disappears.
    await Promise.all(Array.from({ length: 5 }, () => rawRequest(port, head, part, { waitMs: 300 })));
    await expectReleased(fdsBefore, { under: dataDir, before: filesBefore });
  });

  it('cuts bodies sent a byte at a time and connections gone idle, and keeps answering health meanwhile', async () => {
    await settle();
    const fdsBefore = openDescriptors();
    const head =
      'POST /api/auth/logout HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
      'Content-Length: 4096\r\n\r\n';
    const trickling = Array.from({ length: 30 }, () =>
      rawRequest(port, head, '{'.repeat(4096), { trickleMs: 100, waitMs: 20 * IDLE_MS }),
    );
    const idle = Array.from({ length: 30 }, () => rawRequest(port, head, '{"a":', { waitMs: 20 * IDLE_MS }));
    const health: number[] = [];
    const polling = (async () => {
      for (let i = 0; i < 10; i += 1) {
        health.push(await healthLatency(port));
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })();
    const cut = await Promise.all([...trickling, ...idle]);
    await polling;
    // Cut by the server (closed without an answer) before the client gave up.
    for (const { status, gaveUp } of cut) {
      expect(status).toBe('');
      expect(gaveUp).toBe(false);
    }
    // Health answered every time while the bodies were held (healthLatency checks each answer is 200).
    expect(health).toHaveLength(10);
    await expectReleased(fdsBefore);
  });

  it('sets no socket inactivity timeout: an answer in preparation is never cut (only bodies in flight are judged)', () => {
    // A socket timeout cut final tus PATCHes that took over a minute under load (the sync storm found it).
    expect(test.app.server.timeout).toBe(0);
  });

  it('refuses pathological sign-ins at once while health keeps answering', async () => {
    const pathological = JSON.stringify({ email: `a@${'b.'.repeat(500_000)}@`, password: 'x' });
    const small = JSON.stringify({ email: `a@${'b.'.repeat(120)}@`, password: 'x' });
    const statuses: number[] = [];
    const health: number[] = [];
    const attacks = Array.from({ length: 20 }, async (_, i) => {
      const response = await fetch(`http://127.0.0.1:${port}/api/auth/${i % 2 ? 'login' : 'signup'}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: i % 4 < 2 ? pathological : small,
      });
      statuses.push(response.status);
      const body = (await response.json()) as { message?: unknown };
      expect(typeof body.message).toBe('string');
    });
    const polling = (async () => {
      for (let i = 0; i < 5; i += 1) {
        health.push(await healthLatency(port));
      }
    })();
    await Promise.all([...attacks, polling]);
    expect(new Set(statuses)).toEqual(new Set([400, 413]));
    // Health answered (200) each time it was asked during the attack; how fast is the benchmarks' business.
    expect(health).toHaveLength(5);
  });
});
