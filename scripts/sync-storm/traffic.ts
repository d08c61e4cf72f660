// Sync-storm network: each phone's own connections, and a log timing every request the phones make.
// Requests go through fetch (the sync engine, the recording sender) and tus-js-client's Node HTTP stack.
import fs from 'node:fs';
import { AsyncLocalStorage } from 'node:async_hooks';
import http from 'node:http';
import { Readable } from 'node:stream';
import { defaultOptions, DefaultHttpStack, type HttpRequest, type HttpResponse } from 'tus-js-client';

/** One request as a phone saw it: from the call until the response headers (or the failure). */
export interface RequestRecord {
  phone: number | null;
  method: string;
  /** Path with ids replaced by :id, e.g. POST /api/audio/tus/:id. */
  route: string;
  /** 0 when no answer came (network error, timeout). */
  status: number;
  startedMs: number;
  durationMs: number;
  /** Why the client will try again: null when it will not. */
  retry: 'network' | 'timeout' | '429' | '503-busy' | '5xx' | '409-in-flight' | '409-offset' | '408' | null;
  /** The answer's Retry-After in seconds (a busy server's 503, a 429); null without one. */
  retryAfterS: number | null;
  error: string | null;
  /** A tus PATCH answered with the stored recording's id (the upload's last): the wait for the recording. */
  final?: boolean;
}

/** Retry-After as seconds (the server sends whole seconds), or null. */
function retryAfterSeconds(header: string | null | undefined): number | null {
  if (!header) return null;
  const seconds = Number(header);
  return Number.isFinite(seconds) ? seconds : null;
}

/** Which phone the current async chain belongs to (set around each phone's run). */
export const phoneContext = new AsyncLocalStorage<number>();

/**
 * Connections per phone, as a browser keeps them per host (at most 6, kept alive). Node's own fetch would pool
 * every phone of this process on shared connections, which 200 separate devices do not do.
 */
const agents = new Map<number | null, http.Agent>();

function phoneAgent(): http.Agent {
  const phone = phoneContext.getStore() ?? null;
  let agent = agents.get(phone);
  if (!agent) {
    agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
    agents.set(phone, agent);
  }
  return agent;
}

/** Closes every phone's connections. */
export function closePhoneConnections(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

/** Statuses whose responses have no body (the Response constructor refuses one). */
const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * fetch for plain http on the current phone's own connections: the subset the app's sync code uses (method,
 * headers, a string body, an AbortSignal). An aborted request rejects with the signal's reason, as fetch does.
 */
export const phoneFetch: typeof fetch = (input, init = {}) => {
  if (input instanceof Request) return Promise.reject(new TypeError('phoneFetch takes a URL, not a Request'));
  const url = new URL(input);
  const headers = Object.fromEntries(new Headers(init.headers).entries());
  const body = init.body ?? null;
  if (body !== null && typeof body !== 'string')
    return Promise.reject(new TypeError('phoneFetch sends string bodies only'));
  const signal = init.signal ?? undefined;
  const reason = (): Error => (signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
  return new Promise<Response>((resolve, reject) => {
    if (signal?.aborted) return reject(reason());
    const request = http.request(url, { method: init.method ?? 'GET', headers, agent: phoneAgent() });
    const abort = () => request.destroy(reason());
    signal?.addEventListener('abort', abort, { once: true });
    request.once('error', (error) => {
      signal?.removeEventListener('abort', abort);
      reject(signal?.aborted ? reason() : error);
    });
    request.once('response', (response) => {
      const status = response.statusCode ?? 0;
      const responseHeaders = new Headers();
      for (const [name, value] of Object.entries(response.headers)) {
        if (value !== undefined) responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      response.once('end', () => signal?.removeEventListener('abort', abort));
      const hasBody = !NULL_BODY.has(status) && (init.method ?? 'GET') !== 'HEAD';
      if (!hasBody) response.resume();
      resolve(
        new Response(hasBody ? (Readable.toWeb(response) as ReadableStream<Uint8Array>) : null, {
          status,
          statusText: response.statusMessage ?? '',
          headers: responseHeaders,
        }),
      );
    });
    request.end(body ?? undefined);
  });
};

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const UPLOAD_ID = /\/[0-9a-f]{48}(?=$|[/?])/gi;

export function routeOf(url: string): string {
  const { pathname } = new URL(url);
  return pathname.replace(UUID, ':id').replace(UPLOAD_ID, '/:id');
}

export class TrafficLog {
  readonly records: RequestRecord[] = [];
  /** Requests before this time (setup) are not kept. */
  private recording = false;
  /** performance.now() at which the log's times start. */
  readonly originMs: number;

  constructor(origin = performance.now()) {
    this.originMs = origin;
  }

  start(): void {
    this.recording = true;
  }

  stop(): void {
    this.recording = false;
  }

  now(): number {
    return performance.now() - this.originMs;
  }

  add(record: Omit<RequestRecord, 'phone'>): void {
    if (!this.recording) return;
    this.records.push({ ...record, phone: phoneContext.getStore() ?? null });
  }

  /** A fetch that records every call, then behaves exactly like `inner`. */
  fetch(inner: typeof fetch): typeof fetch {
    return async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
      const startedMs = this.now();
      try {
        const response = await inner(input, init);
        const retryAfterS = retryAfterSeconds(response.headers.get('retry-after'));
        let retry = retryReason(response.status, retryAfterS);
        if (response.status === 409) {
          // The sync engine retries a 409 only when the key is still in flight; read the code from a copy.
          const code = await response
            .clone()
            .json()
            .then((body: { code?: unknown }) => body.code)
            .catch(() => undefined);
          retry = code === 'IDEMPOTENCY_KEY_IN_FLIGHT' ? '409-in-flight' : null;
        }
        this.add({
          method,
          route: routeOf(url),
          status: response.status,
          startedMs,
          durationMs: this.now() - startedMs,
          retry,
          retryAfterS,
          error: null,
        });
        return response;
      } catch (error) {
        const name = error instanceof Error ? error.name : 'Error';
        this.add({
          method,
          route: routeOf(url),
          status: 0,
          startedMs,
          durationMs: this.now() - startedMs,
          retry: name === 'TimeoutError' ? 'timeout' : 'network',
          retryAfterS: null,
          error: describeError(error),
        });
        throw error;
      }
    };
  }

  /**
   * Makes every tus Upload created from now on in this process record its requests, and accept a Blob (the
   * app hands tus-js-client the recording as a Blob; its Node build reads only Buffers and streams).
   */
  instrumentTus(): void {
    const reader = defaultOptions.fileReader;
    defaultOptions.fileReader = {
      openFile: async (input: unknown, chunkSize: number) =>
        reader.openFile(input instanceof Blob ? Buffer.from(await input.arrayBuffer()) : input, chunkSize),
    };
    defaultOptions.httpStack = {
      getName: () => 'timed NodeHttpStack on the phone’s connections',
      createRequest: (method, url) =>
        this.timedTusRequest(new DefaultHttpStack({ agent: phoneAgent() }).createRequest(method, url)),
    };
  }

  private timedTusRequest(request: HttpRequest): HttpRequest {
    let progressHandler: ((bytesSent: number) => void) | null = null;
    return {
      getMethod: () => request.getMethod(),
      getURL: () => request.getURL(),
      setHeader: (header, value) => request.setHeader(header, value),
      getHeader: (header) => request.getHeader(header),
      setProgressHandler: (handler) => {
        progressHandler = handler;
        request.setProgressHandler(handler);
      },
      abort: () => request.abort(),
      getUnderlyingObject: (): unknown => request.getUnderlyingObject(),
      send: async (body: unknown): Promise<HttpResponse> => {
        const startedMs = this.now();
        const base = { method: request.getMethod(), route: routeOf(request.getURL()), startedMs };
        try {
          const sending = request.send(body);
          // As a browser's XHR reports the upload's progress until its last byte went out, so the app sizes its
          // pieces by the link rather than by the server's answer (upload-chunks.ts pieceSendingMs); Node's stack
          // reports only while its buffer is full.
          const underlying = request.getUnderlyingObject() as http.ClientRequest | null;
          if (body instanceof Uint8Array && underlying)
            underlying.once('finish', () => progressHandler?.(body.length));
          const response = await sending;
          const status = response.getStatus();
          const retryAfterS = retryAfterSeconds(response.getHeader('Retry-After'));
          this.add({
            ...base,
            status,
            durationMs: this.now() - startedMs,
            // tus-js-client retries 409 and 423 as well as 5xx (and the sync engine's next round covers 429).
            retry: status === 409 || status === 423 ? '409-offset' : retryReason(status, retryAfterS),
            retryAfterS,
            error: null,
            final: base.method === 'PATCH' && Boolean(response.getHeader('Recording-Id')),
          });
          return response;
        } catch (error) {
          this.add({
            ...base,
            status: 0,
            durationMs: this.now() - startedMs,
            retry: 'network',
            retryAfterS: null,
            error: describeError(error),
          });
          throw error;
        }
      },
    };
  }
}

function retryReason(status: number, retryAfterS: number | null): RequestRecord['retry'] {
  if (status === 429) return '429';
  if (status === 503 && retryAfterS !== null) return '503-busy';
  if (status === 408) return '408';
  if (status >= 500) return '5xx';
  return null;
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  const detail = cause instanceof Error ? `: ${cause.message}` : '';
  return `${error.name}: ${error.message}${detail}`.slice(0, 200);
}

/** Appends one JSON line per request and per responsiveness probe to `file` (--trace), times from the origin. */
export function appendTrace(
  file: string,
  database: string,
  records: readonly RequestRecord[],
  originMs: number,
  probes: readonly { kind: string; startedAt: number; ms: number | null }[],
): void {
  const lines = [
    ...records.map((record) => JSON.stringify({ database, ...record })),
    ...probes.map((sample) =>
      JSON.stringify({
        database,
        probe: sample.kind,
        startedMs: sample.startedAt - originMs,
        durationMs: sample.ms,
      }),
    ),
  ];
  fs.appendFileSync(file, lines.join('\n') + '\n');
}
