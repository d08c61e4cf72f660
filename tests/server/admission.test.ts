// Admission control on a real socket: with every place taken, a database-bound request is answered 503 with
// Retry-After and { message, code } at once, a queued one is served once a place frees, and health is
// answered throughout. Places are held by requests whose bodies have not finished arriving, so the test
// orders events by what the server answered, never by how long anything took.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { apiErrorSchema, ERROR_CODES } from '../../core/api/errors.ts';
import { createAudioTestApp, grantRecordingConsent, sha256, toneWav, tusCreate } from './audio-fixtures.ts';
import { createTestApp, DATABASE_KINDS, signUp, type TestApp } from './test-app.ts';

const BODY = JSON.stringify({ id: 1, translation: 'zorblish', baseVersion: 1 });

/** A POST whose body stops halfway: it holds its place until `finish` sends the rest. */
function heldRequest(port: number, token: string) {
  const socket = net.connect(port, '127.0.0.1');
  let text = '';
  const answered = new Promise<number>((resolve) => {
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text);
      if (status && text.includes('\r\n\r\n')) resolve(Number(status[1]));
    });
    socket.on('close', () => resolve(0));
  });
  socket.on('error', () => undefined);
  socket.write(
    'POST /api/translation/save HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      `Authorization: Bearer ${token}\r\nContent-Length: ${BODY.length}\r\n\r\n${BODY.slice(0, 10)}`,
  );
  return {
    answered,
    finish: () => socket.write(BODY.slice(10)),
    close: () => socket.destroy(),
  };
}

for (const kind of DATABASE_KINDS) {
  describe(`admission control (${kind})`, () => {
    let test: TestApp | null = null;
    const sockets: { close(): void }[] = [];

    afterEach(async () => {
      for (const socket of sockets.splice(0)) socket.close();
      await test?.close();
      test = null;
    });

    async function start(env: Record<string, string>, audio = false) {
      const settings = { ...env, ADMISSION_MAX_WAIT_MS: '600000' };
      test = audio ? await createAudioTestApp(kind, settings) : await createTestApp(kind, settings);
      const { token } = await signUp(test.app);
      await test.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = test.app.server.address() as AddressInfo;
      const base = `http://127.0.0.1:${port}`;
      const hold = () => {
        const held = heldRequest(port, token);
        sockets.push(held);
        return held;
      };
      /** Resolves once the gate has this many requests in flight and this many waiting. */
      const settled = async (inFlight: number, queued: number) => {
        while (test!.app.admission.inFlight !== inFlight || test!.app.admission.queued !== queued)
          await new Promise((resolve) => setImmediate(resolve));
      };
      const status = () =>
        fetch(`${base}/api/consent/status`, { headers: { authorization: `Bearer ${token}` } });
      return { base, port, token, hold, settled, status };
    }

    it('answers 503 with Retry-After when every place is taken, and health meanwhile', async () => {
      const { base, hold, settled, status } = await start({
        ADMISSION_MAX_IN_FLIGHT: '1',
        ADMISSION_MAX_QUEUE: '0',
      });
      const held = hold();
      await settled(1, 0);

      const busy = await status();
      expect(busy.status).toBe(503);
      expect(Number(busy.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      const body = apiErrorSchema.parse(await busy.json());
      expect(body.code).toBe(ERROR_CODES.serverBusy);
      expect(body.message).toMatch(/busy/);

      const health = await fetch(`${base}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok', database: { reachable: true } });
      // An unknown API address and the public family data need no database either.
      expect((await fetch(`${base}/api/no-such-route`)).status).toBe(404);
      expect((await fetch(`${base}/api/families`)).status).not.toBe(503);

      held.finish();
      expect(await held.answered).not.toBe(503);
      await settled(0, 0);
      expect((await status()).status).toBe(200);
    });

    it('serves a queued request once a place frees, turning away the one beyond the queue first', async () => {
      const { hold, settled, status } = await start({
        ADMISSION_MAX_IN_FLIGHT: '1',
        ADMISSION_MAX_QUEUE: '1',
      });
      const order: string[] = [];
      const held = hold();
      await settled(1, 0);
      const queued = status().then((response) => {
        order.push(`queued ${response.status}`);
      });
      await settled(1, 1);
      const turnedAway = await status();
      order.push(`beyond the queue ${turnedAway.status}`);
      expect(turnedAway.headers.get('retry-after')).not.toBeNull();

      held.finish();
      await queued;
      expect(order).toEqual(['beyond the queue 503', 'queued 200']);
      expect(await held.answered).not.toBe(503);
      expect(test!.app.admission.rejected).toBe(1);
    });

    it('an upload whose body is still arriving gives its place back', async () => {
      const { port, token, settled, status } = await start(
        { ADMISSION_MAX_IN_FLIGHT: '1', ADMISSION_MAX_QUEUE: '0' },
        true,
      );
      const auth = { authorization: `Bearer ${token}` };
      await grantRecordingConsent(test!.app, auth);
      const wav = toneWav(2);
      const created = await tusCreate(test!.app, auth, wav.length, {
        recordingId: crypto.randomUUID(),
        fileName: 'greeting.wav',
        mimeType: 'audio/wav',
        durationSeconds: '2',
        sha256: sha256(wav),
      });
      expect(created.statusCode).toBe(201);
      // Half of the audio arrives; the rest is still on its way over a slow link.
      const admittedBefore = test!.app.admission.admitted;
      const socket = net.connect(port, '127.0.0.1');
      sockets.push({ close: () => socket.destroy() });
      socket.on('error', () => undefined);
      socket.write(
        `PATCH ${String(created.headers.location)} HTTP/1.1\r\nHost: 127.0.0.1\r\nTus-Resumable: 1.0.0\r\n` +
          `Authorization: Bearer ${token}\r\nContent-Type: application/offset+octet-stream\r\n` +
          `Upload-Offset: 0\r\nContent-Length: ${wav.length}\r\n\r\n`,
      );
      socket.write(wav.subarray(0, wav.length / 2));
      // The upload was let in and, its body still arriving, holds no place.
      while (test!.app.admission.admitted === admittedBefore)
        await new Promise((resolve) => setImmediate(resolve));
      await settled(0, 0);
      // With a single place, a database-bound request is still served while the upload goes on.
      expect((await status()).status).toBe(200);
      expect(test!.app.admission.rejected).toBe(0);
    });
  });
}
