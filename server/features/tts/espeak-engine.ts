// espeak-ng (the WebAssembly build on npm, GPL-3.0) in a worker thread: loaded once, lazily, on the first
// request; one synthesis at a time (the module is not re-entrant), off the event loop so other requests go on.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ERROR_CODES } from '../../../core/api/errors.ts';
import { AppError } from '../../errors.ts';

const ESPEAK_PACKAGE = '@echogarden/espeak-ng-emscripten';

// The worker's code, as CommonJS text: a worker file in TypeScript would need a loader in every context (tsx,
// vitest), and this is short. It answers each job with the 16-bit samples, or an error text.
const WORKER_SOURCE = `
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
let ready = null;
const engine = () => {
  ready ??= import(workerData.moduleUrl).then(async (module) => new (await module.default()).eSpeakNGWorker());
  return ready;
};
parentPort.on('message', async (job) => {
  try {
    const espeak = await engine();
    if (espeak.set_voice(job.voice) !== 0) throw new Error('espeak-ng has no voice ' + job.voice);
    espeak.set_rate(job.rate);
    const chunks = [];
    const phonemes = [];
    let length = 0;
    let cut = false;
    espeak.synthesize(job.text, (samples, events) => {
      for (const event of events) if (event.type === 'phoneme' && event.id && event.id.trim()) phonemes.push(event.id.trim());
      if (samples && samples.length) {
        chunks.push(samples);
        length += samples.length;
      }
      // Returning true stops the synthesis.
      if (length > job.maxSamples) cut = true;
      return cut;
    });
    const out = new Int16Array(Math.min(length, job.maxSamples));
    let offset = 0;
    for (const chunk of chunks) {
      const room = out.length - offset;
      if (room <= 0) break;
      out.set(chunk.length > room ? chunk.subarray(0, room) : chunk, offset);
      offset += Math.min(chunk.length, room);
    }
    const answer = { id: job.id, samples: out, sampleRate: espeak.get_samplerate(), cut, phonemes };
    parentPort.postMessage(answer, [out.buffer]);
  } catch (error) {
    parentPort.postMessage({ id: job.id, error: String((error && error.message) || error) });
  }
});
`;

export interface EspeakJob {
  /** Plain text (SSML is interpreted: escape & < >) or phoneme input in [[ ]]. */
  text: string;
  /** espeak-ng voice name, e.g. en, sw. */
  voice: string;
  /** Words per minute. */
  rate: number;
}

export interface EspeakAudio {
  samples: Int16Array;
  sampleRate: number;
  /** The text would have been longer than the engine's limit and was cut. */
  cut: boolean;
  /** The phonemes spoken, in IPA (espeak-ng's phoneme events). */
  phonemes: string[];
}

export interface EspeakEngineOptions {
  /** Jobs waiting or running; more are refused (503) rather than queued without end. */
  maxPending?: number;
  /** The worker is restarted when it answers nothing for this long while jobs wait. */
  stallTimeoutMs?: number;
  /** Longest audio one job may make, in seconds. */
  maxSeconds?: number;
}

type WorkerAnswer = ({ id: number } & EspeakAudio) | { id: number; error: string };

interface PendingJob {
  resolve(audio: EspeakAudio): void;
  reject(error: Error): void;
}

export class EspeakEngine {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, PendingJob>();
  private nextId = 1;
  private watchdog: NodeJS.Timeout | null = null;
  private readonly maxPending: number;
  private readonly stallTimeoutMs: number;
  private readonly maxSeconds: number;

  constructor(options: EspeakEngineOptions = {}) {
    this.maxPending = options.maxPending ?? 16;
    this.stallTimeoutMs = options.stallTimeoutMs ?? 30_000;
    this.maxSeconds = options.maxSeconds ?? 120;
  }

  /** Whether the worker (and the WebAssembly module in it) has been started. */
  get started(): boolean {
    return this.worker !== null;
  }

  synthesize(job: EspeakJob): Promise<EspeakAudio> {
    if (this.pending.size >= this.maxPending) {
      return Promise.reject(
        new AppError(503, 'The speech synthesiser is busy. Try again in a moment.', ERROR_CODES.unavailable),
      );
    }
    const worker = this.start();
    const id = this.nextId++;
    return new Promise<EspeakAudio>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      if (this.pending.size === 1) {
        // Keep the process alive while a job runs (a script may have nothing else to wait for).
        worker.ref();
        this.armWatchdog();
      }
      // espeak-ng's rate at 22,050 Hz; the worker reports the real rate with the samples.
      worker.postMessage({ ...job, id, maxSamples: Math.round(this.maxSeconds * 22_050) });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.stop(new Error('The speech synthesiser was closed.'));
    if (worker) await worker.terminate();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const moduleUrl = pathToFileURL(createRequire(import.meta.url).resolve(ESPEAK_PACKAGE)).href;
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { moduleUrl } });
    // An idle worker does not keep the process alive.
    worker.unref();
    worker.on('message', (answer: WorkerAnswer) => this.settle(answer));
    worker.on('error', (error) => this.fail(worker, error));
    worker.on('exit', (code) =>
      this.fail(worker, new Error(`The speech synthesiser stopped (exit ${code}).`)),
    );
    this.worker = worker;
    return worker;
  }

  private settle(answer: WorkerAnswer): void {
    const job = this.pending.get(answer.id);
    if (!job) return;
    this.pending.delete(answer.id);
    if (this.pending.size > 0) this.armWatchdog();
    else {
      this.disarmWatchdog();
      this.worker?.unref();
    }
    if ('error' in answer) job.reject(new Error(answer.error));
    else {
      const { samples, sampleRate, cut, phonemes } = answer;
      job.resolve({ samples, sampleRate, cut, phonemes });
    }
  }

  /** The worker failed or stopped: every waiting job fails; the next job starts a new worker. */
  private fail(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.stop(error);
  }

  private stop(error: Error): void {
    const worker = this.worker;
    this.worker = null;
    this.disarmWatchdog();
    const jobs = [...this.pending.values()];
    this.pending.clear();
    for (const job of jobs) job.reject(error);
    if (worker) void worker.terminate();
  }

  private armWatchdog(): void {
    this.disarmWatchdog();
    this.watchdog = setTimeout(
      () => this.stop(new Error('The speech synthesiser did not answer in time.')),
      this.stallTimeoutMs,
    );
    this.watchdog.unref();
  }

  private disarmWatchdog(): void {
    if (this.watchdog) clearTimeout(this.watchdog);
    this.watchdog = null;
  }
}
