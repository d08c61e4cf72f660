// The page's side of the device's translation engine (offline-engine.worker.ts): loading a model of a megabyte
// and decoding a sentence take long enough to freeze a cheap phone's page, so both run in a Web Worker, started
// the first time the chat needs it. Where workers are missing the same module runs on the page.
// This module, the worker and core/mt load only when the chat needs them.
import type { Direction } from '../../../core/mt/types.ts';
import { API_BASE_URL } from '../../lib/api-client.ts';
import type {
  EngineReply,
  EngineRequest,
  ModelAvailability,
  OfflineResult,
} from './offline-engine.worker.ts';

export type { ModelAvailability, OfflineResult } from './offline-engine.worker.ts';

type Pending = { resolve: (value: never) => void; reject: (error: Error) => void };
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

async function call<T>(body: Body): Promise<T> {
  const running = startWorker();
  if (!running) {
    const here = await import('./offline-engine.worker.ts');
    return (
      body.kind === 'refresh'
        ? here.refreshOfflineModel(body.url)
        : here.translateOnDevice(body.text, body.direction)
    ) as Promise<T>;
  }
  const id = nextId++;
  return new Promise<T>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    running.postMessage({ ...body, id });
  });
}

/**
 * Brings the device's copy of the model up to date when the server can be reached: a conditional request,
 * so an unchanged model costs one 304. Never throws; offline it keeps what is stored.
 */
export function refreshOfflineModel(): Promise<ModelAvailability> {
  return call<ModelAvailability>({
    kind: 'refresh',
    url: new URL(`${API_BASE_URL.replace(/\/$/, '')}/translation/model`, location.href).href,
  }).catch((): ModelAvailability => ({ state: 'unknown' }));
}

/** Translates on this device, in the worker. */
export function translateOnDevice(text: string, direction: Direction): Promise<OfflineResult> {
  return call<OfflineResult>({ kind: 'translate', text, direction });
}
