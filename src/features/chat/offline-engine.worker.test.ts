// What the phone keeps for translating offline (offline-engine.worker.ts): the model file, and the translation
// memory kept apart page by page. A link that drops mid-way keeps the pages already stored and the next refresh goes
// on from there; an answer it cannot read changes nothing; removals and a rebuilt server's reset are followed; the
// kept pairs answer exactly, with or without a model. The network is a fake fetch serving a real model file of the
// made-up toy language.
import { IDBFactory, IDBObjectStore } from 'fake-indexeddb';
import { clear } from 'idb-keyval';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryColumns, type MemoryEntry, type MemoryPage } from '../../../core/api/chat.ts';
import { encodeMemoryPage, MEMORY_PAGE_CODED_TYPE } from '../../../core/api/memory-page-coding.ts';
import { compactModel } from '../../../core/mt/prune.ts';
import { parseModelFile, phoneFile, serialiseModel } from '../../../core/mt/serialise.ts';
import { toyCorpus } from '../../../core/mt/toy-language.fixture.ts';
import { trainModel } from '../../../core/mt/train.ts';

const MODEL_KEY = 'lopit.mt-model';
/** Reads of the whole kept model file from IndexedDB. */
const fileReads = vi.spyOn(IDBObjectStore.prototype, 'get');
const modelReads = () => fileReads.mock.calls.filter(([key]) => key === MODEL_KEY).length;

const BASE = 'http://phone.invalid/api/translation';
const EPOCH = '0f0e0d0c-0b0a-4909-8807-060504030201';
const corpus = toyCorpus(120, 3);
const entries: MemoryEntry[] = corpus.slice(0, 5).map((p, i) => ({ id: i + 1, ...p }));
let modelFile: Uint8Array;

/** The server as the phone sees it: a model (or none), memory pages by cursor, and failures on demand. */
interface FakeServer {
  model: Uint8Array | null;
  etag: string;
  /** Whether it codes memory pages for a phone naming its model (a version of 64 hex digits, as ours are). */
  coded: boolean;
  /** The model each memory request named. */
  models: (string | null)[];
  pages: Map<string, MemoryPage>;
  failAt: Set<string>;
  asked: string[];
}
let server: FakeServer;

const page = (
  since: string,
  {
    entries: given = [],
    ...part
  }: Partial<Omit<MemoryPage, 'ids' | 'english' | 'lopit'>> & { entries?: MemoryEntry[] },
): [string, MemoryPage] => [
  since,
  {
    ...memoryColumns(given),
    removed: [],
    cursor: `${EPOCH}:0:0`,
    more: false,
    remaining: 0,
    reset: false,
    ...part,
  },
];

function fakeFetch(input: string | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input));
  if (url.pathname.endsWith('/model')) {
    if (!server.model) return Promise.resolve(new Response('{}', { status: 404 }));
    const etag = server.etag;
    const cached = new Headers(init?.headers).get('If-None-Match') === etag;
    return Promise.resolve(
      cached
        ? new Response(null, { status: 304, headers: { ETag: etag } })
        : new Response(new Blob([server.model as BlobPart]), { status: 200, headers: { ETag: etag } }),
    );
  }
  const since = url.searchParams.get('since') ?? '';
  server.asked.push(since);
  server.models.push(url.searchParams.get('model'));
  if (server.failAt.has(since)) return Promise.reject(new TypeError('Failed to fetch'));
  const answer = server.pages.get(since);
  if (!answer) return Promise.resolve(new Response('{}', { status: 500 }));
  // Coded with the model's words when the phone names the model the server holds, as the server does.
  if (server.coded && server.model && url.searchParams.get('model') === server.etag.slice(1, -1)) {
    const { vocab } = parseModelFile(server.model).model;
    const body = encodeMemoryPage(answer, vocab);
    return Promise.resolve(
      new Response(new Blob([body as BlobPart]), { headers: { 'Content-Type': MEMORY_PAGE_CODED_TYPE } }),
    );
  }
  return Promise.resolve(Response.json(answer));
}

async function freshWorker() {
  vi.resetModules();
  return import('./offline-engine.worker.ts');
}

beforeAll(async () => {
  modelFile = phoneFile(serialiseModel(compactModel(await trainModel(corpus)), { pairs: [], lexicon: [] }));
});

beforeEach(async () => {
  // A phone with nothing kept. idb-keyval's default store (the model's) stays open on the database it first
  // opened, across re-imports of the worker: emptied here. The memory's own store opens on the fresh factory.
  vi.stubGlobal('indexedDB', new IDBFactory());
  await clear();
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  server = {
    model: modelFile,
    etag: '"v1"',
    coded: false,
    models: [],
    pages: new Map(),
    failAt: new Set(),
    asked: [],
  };
  server.pages = new Map([
    page('', { entries: entries.slice(0, 3), cursor: `${EPOCH}:3:0`, more: true, remaining: 2, reset: true }),
    page(`${EPOCH}:3:0`, { entries: entries.slice(3), cursor: `${EPOCH}:5:0` }),
  ]);
});
afterEach(() => vi.unstubAllGlobals());

describe('the offline copy on the phone', () => {
  it('keeps the model and the whole memory, page by page with progress, and answers exactly from it', async () => {
    const worker = await freshWorker();
    const progress: unknown[] = [];
    const copy = await worker.refreshOfflineCopy(BASE, (p) => progress.push(p));
    expect(copy).toMatchObject({
      model: { state: 'ready', size: modelFile.length },
      memory: { pairs: 5, complete: true },
    });
    expect(progress).toEqual([
      { received: 3, total: 5 },
      { received: 5, total: 5 },
    ]);
    const [first] = entries;
    const exact = await worker.translateOnDevice(first!.english, 'en_to_lpx');
    expect(exact).toMatchObject({ kind: 'answer', answer: { source: 'memory', translated: first!.lopit } });
    // A sentence it was not given comes from the model.
    const other = corpus.at(-1)!;
    expect(await worker.translateOnDevice(other.english, 'en_to_lpx')).toMatchObject({
      kind: 'answer',
      answer: { source: 'model' },
    });
  });

  it('keeps the pages it had when the link drops, and goes on from there next time', async () => {
    server.failAt.add(`${EPOCH}:3:0`);
    let worker = await freshWorker();
    expect((await worker.refreshOfflineCopy(BASE)).memory).toEqual({ pairs: 3, complete: false });
    expect(await worker.translateOnDevice(entries[0]!.english, 'en_to_lpx')).toMatchObject({
      answer: { source: 'memory' },
    });
    // Reopened later, with signal: only the missing page is asked for.
    server.failAt.clear();
    server.asked = [];
    worker = await freshWorker();
    expect((await worker.refreshOfflineCopy(BASE)).memory).toEqual({ pairs: 5, complete: true });
    expect(server.asked).toEqual([`${EPOCH}:3:0`]);
  });

  it('changes nothing for an answer it cannot read, and follows removals and a rebuilt server', async () => {
    const worker = await freshWorker();
    await worker.refreshOfflineCopy(BASE);
    server.pages.set(`${EPOCH}:5:0`, { ...page('', {})[1], ids: [7], english: [] });
    expect((await worker.refreshOfflineCopy(BASE)).memory).toEqual({ pairs: 5, complete: false });

    server.pages.set(...page(`${EPOCH}:5:0`, { removed: [1], cursor: `${EPOCH}:6:1` }));
    expect((await worker.refreshOfflineCopy(BASE)).memory).toEqual({ pairs: 4, complete: true });
    const gone = await worker.translateOnDevice(entries[0]!.english, 'en_to_lpx');
    expect(gone).not.toMatchObject({ answer: { source: 'memory' } });

    const other = '1f1e1d1c-1b1a-4919-8817-161514131211';
    server.pages.set(
      ...page(`${EPOCH}:6:1`, { entries: [entries[0]!], cursor: `${other}:1:0`, reset: true }),
    );
    expect((await worker.refreshOfflineCopy(BASE)).memory).toEqual({ pairs: 1, complete: true });
  });

  it('answers from the kept pairs even before any model is trained', async () => {
    server.model = null;
    const worker = await freshWorker();
    const copy = await worker.refreshOfflineCopy(BASE);
    expect(copy).toEqual({ model: { state: 'none' }, memory: { pairs: 5, complete: true } });
    expect(await worker.translateOnDevice(entries[2]!.lopit, 'lpx_to_en')).toMatchObject({
      answer: { source: 'memory', translated: entries[2]!.english },
    });
  });

  it('names the model it keeps and reads pages coded with its words, as it reads JSON ones', async () => {
    const version = 'c0ffee'.repeat(10) + 'c0de';
    server.etag = `"${version}"`;
    server.coded = true;
    const worker = await freshWorker();
    const copy = await worker.refreshOfflineCopy(BASE);
    expect(copy.memory).toEqual({ pairs: 5, complete: true });
    expect(server.models).toEqual([version, version]);
    for (const entry of entries)
      expect(await worker.translateOnDevice(entry.english, 'en_to_lpx')).toMatchObject({
        answer: { source: 'memory', translated: entry.lopit },
      });
    // Reopened later: the kept model is named again, and a page coded with it is read the same way.
    server.pages.set(...page(`${EPOCH}:5:0`, { removed: [2], cursor: `${EPOCH}:6:1` }));
    const reopened = await freshWorker();
    expect((await reopened.refreshOfflineCopy(BASE)).memory).toEqual({ pairs: 4, complete: true });
    expect(server.models.at(-1)).toBe(version);

    // A coded page that does not read (damaged on the way) keeps what was kept, like any unreadable answer.
    server.pages.set(...page(`${EPOCH}:6:1`, { entries: [{ id: 9, english: 'the dog', lopit: 'ka pim' }] }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL, init?: RequestInit) => {
        const response = await fakeFetch(input, init);
        if (response.headers.get('Content-Type') !== MEMORY_PAGE_CODED_TYPE) return response;
        const bytes = new Uint8Array(await response.arrayBuffer());
        return new Response(new Blob([bytes.subarray(0, bytes.length - 3)]), {
          headers: { 'Content-Type': MEMORY_PAGE_CODED_TYPE },
        });
      }),
    );
    expect((await reopened.refreshOfflineCopy(BASE)).memory).toEqual({ pairs: 4, complete: false });
  });

  it('asks for JSON pages when the kept model has no version the server could name', async () => {
    server.coded = true;
    const worker = await freshWorker();
    expect((await worker.refreshOfflineCopy(BASE)).memory).toEqual({ pairs: 5, complete: true });
    expect(server.models).toEqual([null, null]);
  });

  it('reads the kept model file once, not for every sentence, and picks up one another tab kept', async () => {
    const sentences = corpus.slice(0, 8).map((p) => p.english);
    const downloaded = await freshWorker();
    await downloaded.refreshOfflineCopy(BASE);
    fileReads.mockClear();
    for (const text of sentences) await downloaded.translateOnDevice(text, 'en_to_lpx');
    // The file just downloaded is used as parsed, never read back.
    expect(modelReads()).toBe(0);

    // Reopened days later: the kept file is read once for all the sentences.
    const reopened = await freshWorker();
    for (const text of sentences) await reopened.translateOnDevice(text, 'en_to_lpx');
    expect(modelReads()).toBe(1);

    // Another tab keeps a retrained model: this one reads the new file once, at its next sentence.
    server.etag = '"v2"';
    const otherTab = await freshWorker();
    await otherTab.refreshOfflineCopy(BASE);
    fileReads.mockClear();
    for (const text of sentences) await reopened.translateOnDevice(text, 'en_to_lpx');
    expect(modelReads()).toBe(1);
  });

  it('has nothing to answer with before anything was kept', async () => {
    server.model = null;
    server.failAt.add('');
    const worker = await freshWorker();
    expect(await worker.refreshOfflineCopy(BASE)).toEqual({
      model: { state: 'none' },
      memory: { pairs: 0, complete: false },
    });
    expect(await worker.translateOnDevice('the big dog', 'en_to_lpx')).toEqual({ kind: 'no-model' });
  });
});
