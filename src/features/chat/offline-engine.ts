// The page's side of the device's translation engine (offline-engine.worker.ts): loading a model of a megabyte
// and decoding a sentence take long enough to freeze a cheap phone's page, so both run in a Web Worker, started
// the first time the chat needs it. Where workers are missing the same module runs on the page.
// This module, the worker and core/mt load only when the chat needs them.
import type { Direction } from '../../../core/mt/types.ts';
import { API_BASE_URL } from '../../lib/api-client.ts';
import type {
  EngineReply,
  EngineRequest,
  MemoryProgress,
  OfflineCopy,
  OfflineResult,
} from './offline-engine.worker.ts';

export type {
  MemoryAvailability,
  MemoryProgress,
  ModelAvailability,
  OfflineCopy,
  OfflineResult,
} from './offline-engine.worker.ts';

type Pending = {
  resolve: (value: never) => void;
  reject: (error: Error) => void;
  onProgress?: (progress: MemoryProgress) => void;
};
type Body = EngineRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

function startWorker(): Worker | null {
  if (worker || typeof Worker === 'undefined') return worker;
  try {
    worker = new Worker(new URL('./offline-engine.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
  worker.addEventListener('message', (event: MessageEvent<EngineReply>) => {
    const reply = event.data;
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    if ('progress' in reply) return waiting.onProgress?.(reply.progress);
    pending.delete(reply.id);
    if (reply.ok) waiting.resolve(reply.value as never);
    else waiting.reject(new Error(reply.message));
  });
  worker.addEventListener('error', () => {
    // A worker that cannot start (or crashed) fails what it was asked; the next call starts a new one.
    for (const waiting of pending.values()) waiting.reject(new Error('The translation worker stopped.'));
    pending.clear();
    worker?.terminate();
    worker = null;
  });
  return worker;
}

async function call<T>(body: Body, onProgress?: (progress: MemoryProgress) => void): Promise<T> {
  const running = startWorker();
  if (!running) {
    const here = await import('./offline-engine.worker.ts');
    return (
      body.kind === 'refresh'
        ? here.refreshOfflineCopy(body.base, onProgress)
        : here.translateOnDevice(body.text, body.direction)
    ) as Promise<T>;
  }
  const id = nextId++;
  return new Promise<T>((resolve, reject) => {
    pending.set(id, { resolve, reject, onProgress });
    running.postMessage({ ...body, id });
  });
}

/**
 * Brings what the device keeps for offline translation up to date when the server can be reached: the model (a
 * conditional request, so an unchanged model costs one 304), then the translation memory (only what changed since
 * the last time, page by page, with `onProgress` after each page). Never throws; offline it keeps what is stored.
 */
export function refreshOfflineCopy(onProgress?: (progress: MemoryProgress) => void): Promise<OfflineCopy> {
  return call<OfflineCopy>(
    {
      kind: 'refresh',
      base: new URL(`${API_BASE_URL.replace(/\/$/, '')}/translation`, location.href).href,
    },
    onProgress,
  ).catch((): OfflineCopy => ({ model: { state: 'unknown' }, memory: { pairs: 0, complete: false } }));
}

/** Translates on this device, in the worker. */
export function translateOnDevice(text: string, direction: Direction): Promise<OfflineResult> {
  return call<OfflineResult>({ kind: 'translate', text, direction });
}
