// The device's translation engine, run in a Web Worker (offline-engine.ts talks to it) so that reading the model
// file and translating never freeze the page: the trained model file (GET /api/translation/model: the compact
// model with the memory and lexicon it was trained with) is kept on the device in IndexedDB and read with the
// same core/mt code the server runs.
//
// The file is kept with idb-keyval (which works in workers) rather than only in the service worker's cache: it
// then works on a first visit before the service worker controls the page, and survives app updates that clear
// runtime caches. Where workers are missing, offline-engine.ts imports this module on the page instead.
import { del, get, set } from 'idb-keyval';
import type { TranslateResponse } from '../../../core/api/chat.ts';
import { toTranslateResponse } from '../../../core/api/chat.ts';
import {
  createEngineStateFromFile,
  translate,
  type Direction,
  type EngineState,
} from '../../../core/mt/index.ts';

const STORE_KEY = 'lopit.mt-model';

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

export type ModelAvailability =
  | {
      state: 'ready';
      savedAt: number;
      /** Bytes of the model file kept (characters for an older JSON file). */ size: number;
    }
  | { state: 'none' }
  | { state: 'unknown' };

let engine: { etag: string | null; state: EngineState } | null = null;

/**
 * Brings the device's copy of the model up to date when the server can be reached: a conditional request,
 * so an unchanged model costs one 304. Never throws; offline it keeps what is stored.
 */
export async function refreshOfflineModel(url: string): Promise<ModelAvailability> {
  const stored = await get<StoredModel>(STORE_KEY).catch(() => undefined);
  try {
    const response = await fetch(url, {
      headers: stored?.etag ? { 'If-None-Match': stored.etag } : {},
      cache: 'no-store',
    });
    if (response.status === 304 && stored)
      return { state: 'ready', savedAt: stored.savedAt, size: storedSize(stored) };
    if (response.status === 404) {
      // No model on the server (never trained): nothing to keep.
      await del(STORE_KEY).catch(() => undefined);
      engine = null;
      return { state: 'none' };
    }
    if (!response.ok) throw new Error(`model download answered ${response.status}`);
    // Bytes whatever the version: parseModelFile tells a binary file from an older JSON one.
    const bytes = new Uint8Array(await response.arrayBuffer());
    // Only a file the engine can read replaces the one kept (an older kept file is replaced cleanly).
    const state = createEngineStateFromFile(bytes);
    const saved: StoredModel = { etag: response.headers.get('ETag'), bytes, savedAt: Date.now() };
    await set(STORE_KEY, saved);
    engine = { etag: saved.etag, state };
    return { state: 'ready', savedAt: saved.savedAt, size: bytes.length };
  } catch {
    return stored
      ? { state: 'ready', savedAt: stored.savedAt, size: storedSize(stored) }
      : { state: 'unknown' };
  }
}

/** The device's engine, built once per stored model; null when no model was ever downloaded. */
async function deviceEngine(): Promise<EngineState | null> {
  const stored = await get<StoredModel>(STORE_KEY).catch(() => undefined);
  if (!stored) return null;
  if (engine?.etag !== stored.etag || !engine) {
    engine = { etag: stored.etag, state: createEngineStateFromFile(storedFile(stored)) };
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
  | { id: number; kind: 'refresh'; url: string }
  | { id: number; kind: 'translate'; text: string; direction: Direction };

export type EngineReply =
  | { id: number; ok: true; value: ModelAvailability | OfflineResult }
  | { id: number; ok: false; message: string };

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
            ? await refreshOfflineModel(request.url)
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
