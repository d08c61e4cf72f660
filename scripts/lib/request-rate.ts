// Requests per second a server answers, measured from outside: `connections` keep-alive HTTP/1.1 connections
// each sending the next request as soon as the last answer's body has arrived (as a village of phones reading
// pages would), for `seconds`; the bytes are read as sent (no decoding on this side). And a Fastify hello world
// in a process of its own, the yardstick of what this machine answers at all in the same run.
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';

export interface RateResult {
  requests: number;
  perSecond: number;
  /** Mean bytes of an answer's body as sent. */
  meanBytes: number;
  /** Answers other than 200 (counted apart, not in `requests`). */
  failures: number;
}

/** One GET, its body read whole; the status and the body's length. */
function get(agent: http.Agent, url: URL, headers: Record<string, string>) {
  return new Promise<{ status: number; bytes: number }>((resolve, reject) => {
    const request = http.get(url, { agent, headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** Measures `urls` (taken in turn, as phones walking through pages) with `headers` on every request. */
export async function requestRate(
  urls: readonly string[],
  headers: Record<string, string>,
  { seconds, connections }: { seconds: number; connections: number },
): Promise<RateResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const parsed = urls.map((url) => new URL(url));
  let next = 0;
  let requests = 0;
  let failures = 0;
  let bytes = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        const url = parsed[next++ % parsed.length]!;
        const answer = await get(agent, url, headers);
        if (answer.status === 200) {
          requests += 1;
          bytes += answer.bytes;
        } else failures += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return { requests, perSecond: requests / elapsed, meanBytes: requests ? bytes / requests : 0, failures };
}

/** A Fastify hello world (`{"hello":"world"}`) on `port`, in a process of its own; stop() ends it. */
export async function helloWorld(port: number): Promise<{ url: string; stop: () => Promise<void> }> {
  const script = `import Fastify from 'fastify';
const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child: ChildProcess = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}/`;
  for (let tries = 0; ; tries += 1) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      if (tries > 200) throw new Error('the hello world did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
