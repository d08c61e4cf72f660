// The device's translation engine, run in a Web Worker (offline-engine.ts talks to it) so that reading the model
// file and translating never freeze the page. Two things are kept on the device in IndexedDB and read with the
// same core/mt code the server runs:
//   - the trained model file (GET /api/translation/model: the compact model and the lexicon), replaced whole
//     when a new model is trained;
//   - the translation memory (GET /api/translation/memory: the approved pairs the server's engine answers from),
//     fetched page by page and afterwards only what changed, each page stored with its cursor in one
//     transaction, so a link that drops mid-way loses at most one page and the next try goes on from there;
//     the request names the kept model's version, so the pages come coded with its words when it is the latest.
//
// Both are kept with idb-keyval (which works in workers) rather than only in the service worker's cache: they
// then work on a first visit before the service worker controls the page, and survive app updates that clear
// runtime caches. Where workers are missing, offline-engine.ts imports this module on the page instead.
//
// This module is the one owner of these two stores (the model under STORE_KEY and META_KEY in idb-keyval's
// default database, the memory in 'lopit-mt-memory'), and the one part of the app that keeps IndexedDB outside
// local-db.ts, on purpose: the worker is bundled on its own, so using local-db.ts would ship a second copy of
// Dexie and the app's whole schema into it, and a worker connection to the app's database would take part in
// each of its schema upgrades (an upgrade waits until every open connection closes) while a megabyte model may
// be half-written. local-db.ts's schema 9 leaves these two keys where they are (keyval-carry-over.ts).
import { createStore, delMany, entries, get, promisifyRequest, setMany } from 'idb-keyval';
import {
  MEMORY_PAGE_SIZE,
  memoryEntries,
  memoryPageSchema,
  toTranslateResponse,
  type TranslateResponse,
} from '../../../core/api/chat.ts';
import {
  decodeMemoryPage,
  MEMORY_PAGE_CODED_TYPE,
  type MemoryVocabularies,
} from '../../../core/api/memory-page-coding.ts';
import {
  createEngineState,
  createEngineStateFromFile,
  parseModelFile,
  translate,
  type Direction,
  type EngineState,
  type ModelFile,
  type TranslationPairInput,
} from '../../../core/mt/index.ts';

const STORE_KEY = 'lopit.mt-model';
/** What is known of the kept file without reading it (a megabyte at 10,000 pairs): written with it, in one go. */
const META_KEY = 'lopit.mt-model.meta';
/** The memory's own database: pair id -> [English, Lopit], and the cursor under CURSOR_KEY. */
const memoryStore = createStore('lopit-mt-memory', 'pairs');
const CURSOR_KEY = 'cursor';

/** The file as kept: bytes since format version 3 (binary); text for the JSON files of versions 1 and 2. */
interface StoredModel {
  etag: string | null;
  bytes?: Uint8Array;
  text?: string;
  savedAt: number;
}

function storedFile(stored: StoredModel): Uint8Array | string {
  return stored.bytes ?? stored.text ?? '';
}

function storedSize(stored: StoredModel): number {
  return stored.bytes?.length ?? stored.text?.length ?? 0;
}

/** The kept file's version and size, read on every translation instead of the file itself. */
interface ModelMeta {
  etag: string | null;
  savedAt: number;
  size: number;
}

const metaOf = (stored: StoredModel): ModelMeta => ({
  etag: stored.etag,
  savedAt: stored.savedAt,
  size: storedSize(stored),
});

/** The kept file's meta; a phone that kept a file before the meta existed has it written once, from the file. */
async function keptMeta(): Promise<ModelMeta | undefined> {
  const meta = await get<ModelMeta>(META_KEY).catch(() => undefined);
  if (meta) return meta;
  const stored = await get<StoredModel>(STORE_KEY).catch(() => undefined);
  if (!stored) return undefined;
  await setMany([[META_KEY, metaOf(stored)]]).catch(() => undefined);
  return metaOf(stored);
}

export type ModelAvailability =
  | {
      state: 'ready';
      savedAt: number;
      /** Bytes of the model file kept (characters for an older JSON file). */ size: number;
    }
  | { state: 'none' }
  | { state: 'unknown' };

/** The translation memory kept: how many approved pairs, and whether the last refresh reached the server's end. */
export interface MemoryAvailability {
  pairs: number;
  complete: boolean;
}

/** What the device keeps for translating offline. */
export interface OfflineCopy {
  model: ModelAvailability;
  memory: MemoryAvailability;
}

/** Pairs of the memory received so far in a refresh, of those the server had to send. */
export interface MemoryProgress {
  received: number;
  total: number;
}

/** The engine built, and the kept model version (META's etag and savedAt) and memory cursor it was built from. */
let engine: { model: string | null; memory: string | null; state: EngineState } | null = null;
/** The model file last downloaded or read, with its version: each version is read from IndexedDB at most once. */
let parsed: { model: string; file: ModelFile } | null = null;

const versionOf = (meta: ModelMeta | undefined) => (meta ? `${meta.etag}|${meta.savedAt}` : null);

/**
 * Brings the device's copy of the model up to date when the server can be reached: a conditional request,
 * so an unchanged model costs one 304. Never throws; offline it keeps what is stored.
 */
async function refreshModel(url: string): Promise<ModelAvailability> {
  const kept = await keptMeta();
  try {
    const response = await fetch(url, {
      headers: kept?.etag ? { 'If-None-Match': kept.etag } : {},
      cache: 'no-store',
    });
    if (response.status === 304 && kept) return { state: 'ready', savedAt: kept.savedAt, size: kept.size };
    if (response.status === 404) {
      // No model on the server (never trained): nothing to keep.
      await delMany([STORE_KEY, META_KEY]).catch(() => undefined);
      parsed = null;
      return { state: 'none' };
    }
    if (!response.ok) throw new Error(`model download answered ${response.status}`);
    // Bytes whatever the version: parseModelFile tells a binary file from an older JSON one.
    const bytes = new Uint8Array(await response.arrayBuffer());
    // Only a file the engine can read replaces the one kept (an older kept file is replaced cleanly).
    const file = parseModelFile(bytes);
    const saved: StoredModel = { etag: response.headers.get('ETag'), bytes, savedAt: Date.now() };
    // The file and its meta land together or not at all.
    await setMany([
      [STORE_KEY, saved],
      [META_KEY, metaOf(saved)],
    ]);
    parsed = { model: versionOf(metaOf(saved))!, file };
    return { state: 'ready', savedAt: saved.savedAt, size: bytes.length };
  } catch {
    return kept ? { state: 'ready', savedAt: kept.savedAt, size: kept.size } : { state: 'unknown' };
  }
}

/** Pair ids and their texts as kept (the cursor's key is a string, pair ids are numbers). */
async function keptMemory(): Promise<Map<number, [string, string]>> {
  const rows = await entries<IDBValidKey, unknown>(memoryStore);
  const kept = new Map<number, [string, string]>();
  for (const [key, value] of rows) if (typeof key === 'number') kept.set(key, value as [string, string]);
  return kept;
}

/**
 * Brings the device's translation memory up to date, page by page from its cursor. Never throws: a page that
 * fails (offline, a server error, an answer it cannot read) ends the refresh with what is kept so far.
 */
async function refreshMemory(
  url: string,
  onProgress?: (progress: MemoryProgress) => void,
): Promise<MemoryAvailability> {
  let complete = false;
  let received = 0;
  try {
    let cursor = await get<string>(CURSOR_KEY, memoryStore);
    // With the model kept, pages may come coded with its words: they travel once, in the model file.
    const held = await heldVocabularies();
    for (;;) {
      const query = new URLSearchParams({ limit: String(MEMORY_PAGE_SIZE) });
      if (cursor) query.set('since', cursor);
      if (held) query.set('model', held.version);
      const response = await fetch(`${url}?${query}`, { cache: 'no-store' });
      if (!response.ok) throw new Error(`memory download answered ${response.status}`);
      const coded = response.headers.get('Content-Type')?.startsWith(MEMORY_PAGE_CODED_TYPE);
      if (coded && !held) throw new Error('a coded memory page for no model kept');
      const page = coded
        ? decodeMemoryPage(new Uint8Array(await response.arrayBuffer()), held!.vocab)
        : memoryPageSchema.parse(await response.json());
      // The page and its cursor land together or not at all.
      await memoryStore('readwrite', (store) => {
        if (page.reset) store.clear();
        for (const entry of memoryEntries(page)) store.put([entry.english, entry.lopit], entry.id);
        for (const id of page.removed) store.delete(id);
        store.put(page.cursor, CURSOR_KEY);
        return promisifyRequest(store.transaction);
      });
      cursor = page.cursor;
      received += page.ids.length + page.removed.length;
      onProgress?.({ received, total: received + page.remaining });
      if (!page.more) {
        complete = true;
        break;
      }
    }
  } catch {
    // Kept as far as it got; the next refresh goes on from the last page kept.
  }
  const pairs = (await keptMemory().catch(() => new Map())).size;
  return { pairs, complete };
}

/**
 * Brings what the device keeps for offline translation up to date when the server can be reached: the model,
 * then the memory. `base` is the API's /translation address. Never throws; offline it keeps what is stored.
 */
export async function refreshOfflineCopy(
  base: string,
  onProgress?: (progress: MemoryProgress) => void,
): Promise<OfflineCopy> {
  const model = await refreshModel(`${base}/model`);
  const memory = await refreshMemory(`${base}/memory`, onProgress);
  return { model, memory };
}

/** The kept model file, read whole and parsed once per version (kept in `parsed`); null when none is kept. */
async function heldFile(model: string | null): Promise<ModelFile | null> {
  if (!model) return null;
  if (parsed?.model !== model) {
    const stored = await get<StoredModel>(STORE_KEY);
    if (!stored) return null;
    parsed = { model, file: parseModelFile(storedFile(stored)) };
  }
  return parsed.file;
}

/** The kept model's version as the memory endpoint takes it (its ETag, unquoted), with its vocabularies. */
async function heldVocabularies(): Promise<{ version: string; vocab: MemoryVocabularies } | null> {
  const meta = await keptMeta();
  const version = /^"([0-9a-f]{64})"$/.exec(meta?.etag ?? '')?.[1];
  const file = version ? await heldFile(versionOf(meta)).catch(() => null) : null;
  return version && file ? { version, vocab: file.model.vocab } : null;
}

/**
 * The device's engine, built once per stored model and memory; null when neither was ever downloaded. Each
 * translation reads only the model's meta and the memory's cursor (another tab's worker may have replaced
 * either); the file and the pairs are read again only when one of them changed.
 */
async function deviceEngine(): Promise<EngineState | null> {
  const model = versionOf(await keptMeta());
  const cursor = (await get<string>(CURSOR_KEY, memoryStore).catch(() => undefined)) ?? null;
  if (!model && !cursor) return null;
  if (engine?.model !== model || engine.memory !== cursor) {
    // Kept pairs answer instead of the file's own memory (a phone's file has none; an older one may).
    const memory: TranslationPairInput[] | undefined = cursor
      ? [...(await keptMemory()).values()].map(([english, lopit]) => ({ english, lopit }))
      : undefined;
    const file = await heldFile(model);
    const state = file ? createEngineStateFromFile(file, memory) : createEngineState({ pairs: memory ?? [] });
    engine = { model, memory: cursor, state };
  }
  return engine.state;
}

export type OfflineResult =
  { kind: 'answer'; answer: TranslateResponse } | { kind: 'unknown' } | { kind: 'no-model' };

/** Translates on this device. */
export async function translateOnDevice(text: string, direction: Direction): Promise<OfflineResult> {
  const state = await deviceEngine();
  if (!state) return { kind: 'no-model' };
  const answer = translate(state, text, direction);
  return answer ? { kind: 'answer', answer: toTranslateResponse(answer) } : { kind: 'unknown' };
}

/** A request from the page: refresh the kept model, or translate. */
export type EngineRequest =
  | { id: number; kind: 'refresh'; base: string }
  | { id: number; kind: 'translate'; text: string; direction: Direction };

/** The answer to a request, or (`progress`) news of a refresh still running. */
export type EngineReply =
  | { id: number; ok: true; value: OfflineCopy | OfflineResult }
  | { id: number; ok: false; message: string }
  | { id: number; progress: MemoryProgress };

// In a worker, answer the page's requests one at a time, in order.
declare const WorkerGlobalScope: (new () => unknown) | undefined;
if (typeof WorkerGlobalScope !== 'undefined' && self instanceof WorkerGlobalScope) {
  let queue: Promise<unknown> = Promise.resolve();
  self.addEventListener('message', (event: MessageEvent<EngineRequest>) => {
    const request = event.data;
    queue = queue.then(async () => {
      try {
        const value =
          request.kind === 'refresh'
            ? await refreshOfflineCopy(request.base, (progress) =>
                self.postMessage({ id: request.id, progress } satisfies EngineReply),
              )
            : await translateOnDevice(request.text, request.direction);
        self.postMessage({ id: request.id, ok: true, value } satisfies EngineReply);
      } catch (error) {
        self.postMessage({
          id: request.id,
          ok: false,
          message: (error as Error).message,
        } satisfies EngineReply);
      }
    });
  });
}
