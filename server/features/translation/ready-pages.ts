// The pages a phone reads to get ready, made once and sent many times: pairs pages (GET /api/translation/pairs)
// and translation-memory pages (GET /api/translation/memory), kept as bytes (server/lib/precompressed.ts) under a
// key naming everything a page depends on: the query (category, cursor, limit, and for the memory the model
// version the phone holds), the installation's sync epoch and the revision counters of the tables the page is
// made from (lib/data-revisions.ts). A change to a pair, a proposal (it touches its pair), a consent, a model or
// an account's name moves a counter, so the next request makes new pages; nothing is ever invalidated by hand.
//
// Each server process keeps its own cache, and each request first reads the counters (one small query): a change
// made through another server is seen by the next request here, exactly when its data is, as the translation
// engine does (mt.service.ts). A cache shared through the database or Redis would cost a round trip carrying the
// page's bytes on every request; this one costs a few bytes, and each process makes each page once per change.
//
// A pairs page names the viewer's own open proposals (`mine`). The page kept for everyone is made for no viewer
// (every `mine` false), with the authors of its open proposals beside it; an author of one of them gets a page of
// their own, kept under a key naming them.
import type { MemoryPage, MemoryQuery } from '../../../core/api/chat.ts';
import { memoryPageSchema } from '../../../core/api/chat.ts';
import { pairsResponseSchema, type PairsQuery } from '../../../core/api/translation.ts';
import type { DbOrTx } from '../../db/driver.ts';
import { readDataRevisions } from '../../lib/data-revisions.ts';
import { CachedPage, PageCache } from '../../lib/precompressed.ts';
import type { Repositories } from '../../lib/repositories.ts';
import { syncEpoch } from './sync-cursor.ts';

/** Bytes each cache may hold (plain and compressed): 10,000 pairs take about 4 MB as pairs pages of 1,000. */
export const READY_PAGES_CACHE_BYTES = 48 * 1024 * 1024;

const JSON_TYPE = 'application/json; charset=utf-8';
/** A viewer id no account has: the page made for everyone. */
const NO_VIEWER = '';

/** Coded bytes of a memory page for the model the phone holds, or null to send it as JSON. */
export type MemoryCoder = (page: MemoryPage) => Promise<{ type: string; bytes: Uint8Array } | null>;

export class ReadyPages {
  readonly cache: PageCache;

  constructor(
    private readonly db: DbOrTx,
    private readonly repositories: Pick<Repositories, 'translation' | 'proposals'>,
    maxBytes = READY_PAGES_CACHE_BYTES,
  ) {
    this.cache = new PageCache(maxBytes);
  }

  /** The epoch and the counters named, as a key's prefix. */
  private async version(
    ...sources: ('translation_pairs' | 'consent_events' | 'model_artifacts' | 'users')[]
  ) {
    const [epoch, revisions] = await Promise.all([syncEpoch(this.db), readDataRevisions(this.db)]);
    return [epoch, ...sources.map((source) => `${source}=${revisions[source]}`)].join('|');
  }

  /** A pairs page as `viewerId` sees it. */
  async pairs(query: PairsQuery, viewerId: string): Promise<CachedPage> {
    const version = await this.version('translation_pairs', 'users');
    const key = `pairs|${version}|${query.category ?? ''}|${query.since ?? ''}|${query.limit ?? ''}`;
    const shared = await this.cache.get(key, () => this.makePairs(query, NO_VIEWER));
    const authors = shared.note as Set<string>;
    if (!authors.has(viewerId)) return shared;
    return this.cache.get(`${key}|${viewerId}`, () => this.makePairs(query, viewerId));
  }

  private async makePairs(query: PairsQuery, viewerId: string): Promise<CachedPage> {
    const { translation, proposals } = this.repositories;
    const page = await translation.page(query);
    const ids = page.pairs.map((pair) => pair.id);
    const [pairs, authors] = await Promise.all([
      proposals.withProposals(page.pairs, viewerId),
      proposals.openProposalAuthors(ids),
    ]);
    // What the route's response schema would send (fastify-type-provider-zod parses, then stringifies).
    const body = JSON.stringify(pairsResponseSchema.parse({ ...page, pairs }));
    return new CachedPage(JSON_TYPE, Buffer.from(body), authors);
  }

  /** A memory page, coded for the model the phone holds when `coder` says so (else JSON). */
  async memory(query: MemoryQuery, coder: MemoryCoder): Promise<CachedPage> {
    const version = await this.version('translation_pairs', 'consent_events', 'model_artifacts');
    const key = `memory|${version}|${query.since ?? ''}|${query.limit ?? ''}|${query.model ?? ''}`;
    return this.cache.get(key, async () => {
      const page = await this.repositories.translation.memoryPage(query);
      const coded = query.model ? await coder(page) : null;
      if (coded) return new CachedPage(coded.type, Buffer.from(coded.bytes));
      return new CachedPage(JSON_TYPE, Buffer.from(JSON.stringify(memoryPageSchema.parse(page))));
    });
  }
}
