// The body rules judge only bodies in flight: an answer that takes longer than the idle limit still arrives.
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import slowRequestsPlugin from './slow-requests.ts';

const IDLE_MS = 300;

describe('slow requests', () => {
  const app = Fastify();
  let base: string;
  beforeAll(async () => {
    await app.register(slowRequestsPlugin, {
      config: loadConfig({ REQUEST_IDLE_TIMEOUT_MS: String(IDLE_MS) }),
    });
    // A handler that works four idle limits long once the whole body is in (finishing a recording under load).
    app.post('/slow', async (request) => {
      await new Promise((resolve) => setTimeout(resolve, 4 * IDLE_MS));
      return { received: (request.body as { text: string }).text.length };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => app.close());

  it('never cuts a request whose body has arrived while the server prepares its answer', async () => {
    const response = await fetch(`${base}/slow`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'x'.repeat(100_000) }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: 100_000 });
  });
});
