// Answers made once and sent many times: a bounded in-process cache of pages (their bytes, compressed at most once
// per coding and kept), and sending one with its ETag (304 when the client holds it) in the coding the client
// accepts. @fastify/compress leaves an answer alone once it carries Content-Encoding, so a cached page costs no
// compression per request (the plugin compresses synchronously, on the event loop).
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Whether an If-None-Match header names this ETag (weak or strong, in a list, or `*`). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const tag = part.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

/** Whether the client accepts an answer in `coding` (named or `*`, and not refused with q=0). */
export function acceptsEncoding(header: string | undefined, coding: 'gzip' | 'br'): boolean {
  return (header ?? '').split(',').some((part) => {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return (name === coding || name === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/**
 * Brotli quality for answers made per request. Measured on verse-length pairs (10,000 of them, in pages as the
 * API sends them): quality 5 is 3-8 % smaller than gzip level 6 and no slower (memory pages of 500: 864 kB in
 * 3.9 ms a page against 887 kB in 5.4 ms; pairs pages of 1,000: 946 kB against 1,024 kB), where quality 4 was
 * 1-3 % larger than gzip. Quality 6 saves 1-2 % more for a third more time; 9 and up cost 6 to 50 times as much.
 */
export const DYNAMIC_BROTLI_QUALITY = 5;
/** zlib's default level: what gzip answers are made with, per request or cached (below). */
export const GZIP_LEVEL = 6;

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * A cached page is compressed as the answers made per request are (the settings above), only once per page and
 * change, and off the event loop. A higher brotli quality does not pay even so: a pairs page of 1,000 (216 kB of
 * JSON) was 30.8 kB at quality 5 in 9-21 ms and 30.0 kB at quality 9 in 126-189 ms
 * (`npm run bench:pairs -- --rates`, 10,000 pairs, PostgreSQL).
 */
const BROTLI_PARAMS = { [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY };

export type PageCoding = 'br' | 'gzip';

/** One page: its bytes as they are, the codings made of them so far, and its ETag (the bytes' hash). */
export class CachedPage {
  readonly etag: string;
  private readonly coded = new Map<PageCoding, Promise<Buffer>>();

  constructor(
    readonly type: string,
    readonly plain: Buffer,
    /** Anything the maker of the page keeps with it (e.g. who it was made for). */
    readonly note: unknown = null,
  ) {
    this.etag = `"${crypto.createHash('sha256').update(plain).digest('base64url').slice(0, 27)}"`;
  }

  /** The page in `coding`, compressed (in libuv's thread pool) the first time it is asked for. */
  encoded(coding: PageCoding): Promise<Buffer> {
    let bytes = this.coded.get(coding);
    if (!bytes) {
      bytes =
        coding === 'br'
          ? brotliAsync(this.plain, {
              params: { ...BROTLI_PARAMS, [constants.BROTLI_PARAM_SIZE_HINT]: this.plain.length },
            })
          : gzipAsync(this.plain, { level: GZIP_LEVEL });
      this.coded.set(coding, bytes);
      // A failure is not kept: the next request tries again.
      bytes.catch(() => this.coded.delete(coding));
    }
    return bytes;
  }

  /** Bytes held: the plain page and its codings made so far (about: a coding in the making counts a third). */
  get bytes(): number {
    return this.plain.length * (1 + this.coded.size / 3);
  }
}

/**
 * Pages by key, least recently used dropped first past `maxBytes`. Requests for a key being made wait for that
 * one making (a village of phones asking for the same page at once makes it once). The key names everything the
 * page depends on, so an entry is never invalidated, only left unused; a failed making is not kept.
 */
export class PageCache {
  private readonly pages = new Map<string, Promise<CachedPage>>();
  private readonly made = new Map<string, CachedPage>();
  /** How many requests were answered from the cache and how many made a page (for tests and benches). */
  readonly counts = { hits: 0, made: 0 };

  constructor(private readonly maxBytes: number) {}

  async get(key: string, make: () => Promise<CachedPage>): Promise<CachedPage> {
    let page = this.pages.get(key);
    if (page) {
      this.counts.hits += 1;
      // Most recently used last.
      this.pages.delete(key);
      this.pages.set(key, page);
      return page;
    }
    this.counts.made += 1;
    page = make();
    this.pages.set(key, page);
    try {
      const done = await page;
      this.made.set(key, done);
      this.trim();
      return done;
    } catch (error) {
      if (this.pages.get(key) === page) this.pages.delete(key);
      throw error;
    }
  }

  private trim(): void {
    let held = 0;
    for (const page of this.made.values()) held += page.bytes;
    for (const key of this.pages.keys()) {
      if (held <= this.maxBytes) break;
      const page = this.made.get(key);
      if (!page) continue; // still being made
      held -= page.bytes;
      this.pages.delete(key);
      this.made.delete(key);
    }
  }
}

/**
 * Sends a cached page: 304 when If-None-Match names it, else its bytes in brotli or gzip when the client accepts
 * them (as they are otherwise), with its ETag (the coding named in it, as a strong validator must differ per
 * coding) and `Vary: Accept-Encoding`.
 */
export async function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
): Promise<FastifyReply> {
  const accepted = request.headers['accept-encoding'];
  const coding: PageCoding | null = acceptsEncoding(accepted, 'br')
    ? 'br'
    : acceptsEncoding(accepted, 'gzip')
      ? 'gzip'
      : null;
  const etag = coding ? `${page.etag.slice(0, -1)}-${coding}"` : page.etag;
  void reply.header('ETag', etag).header('Vary', 'Accept-Encoding').type(page.type);
  const held = request.headers['if-none-match'];
  if (
    [page.etag, `${page.etag.slice(0, -1)}-br"`, `${page.etag.slice(0, -1)}-gzip"`].some((tag) =>
      etagMatches(held, tag),
    )
  )
    return reply.status(304).send();
  if (!coding) return reply.header('Content-Length', String(page.plain.length)).send(page.plain);
  const bytes = await page.encoded(coding);
  return reply.header('Content-Encoding', coding).header('Content-Length', String(bytes.length)).send(bytes);
}
