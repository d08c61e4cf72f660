// Cuts Tell recordings (issue 32) into segments on the server, one story at a time, once the story is stored and
// its inspection passed (inspection-worker.ts queues the cut then), and, at start-up, every story a stop or crash
// left waiting. The process that inspected a story cuts it. There is no general job queue in this server
// (training_jobs is for models), so story_cuts is the queue: a story waits there from the transaction that stores
// it until all its segments are stored.
//
// A run decodes the story to 16 kHz PCM (the recordings' own decoder), plans the segments from 10 ms levels
// (segment-plan.ts) and writes the plan once; then each segment not yet stored is re-encoded once to Opus in WebM
// (what the phones' clips are; up to SPANS_PER_ENCODING segments in one ffmpeg run), inspected like an upload and
// stored as a clip of its own, linked to the story, with the story's owner, speaker and language. A segment's id comes from the story's and its index, and
// (parent, index) is unique: a re-run, however interrupted, never makes a segment twice.
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import { RECORDING_LEVEL_FLOOR_DB } from '../../../core/constants.ts';
import type { Config } from '../../config.ts';
import { hashFile } from '../../lib/blob-store.ts';
import { decoders } from '../../lib/concurrency.ts';
import type { Repositories } from '../../lib/repositories.ts';
import { storedAudioDemuxer } from '../recordings/audio-types.ts';
import { ANALYSIS_RATE, decodePcm, runFfmpeg } from '../recordings/ffmpeg-levels.ts';
import type { RecordingRow } from '../recordings/recordings.repository.ts';
import type { RecordingService } from '../recordings/recordings.service.ts';
import type { WorkerLog } from '../training/worker.ts';
import { FRAME_MS, planSegments, type SegmentSpan } from './segment-plan.ts';

/** A story whose cutting failed this many times is left 'failed' (kept whole, with the reason). */
const MAX_ATTEMPTS = 3;
const FRAME_SAMPLES = (ANALYSIS_RATE * FRAME_MS) / 1000;
/** The segments' encoding: mono Opus at the phones' own bitrate, in WebM. */
const SEGMENT_BITRATE = '32k';

/** The id of segment `index` of story `parentId`: the same on every run (a UUID of version 8 from a hash). */
export function segmentId(parentId: string, index: number): string {
  const hex = crypto.createHash('sha256').update(`segment:${parentId}:${index}`).digest('hex').slice(0, 32);
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Levels (dBFS) of the decoded audio in FRAME_MS frames. */
export async function frameLevels(
  filePath: string,
  demuxer: string,
  ffmpegPath: string,
): Promise<Float32Array> {
  const levels: number[] = [];
  let sum = 0;
  let count = 0;
  const run = await decodePcm(filePath, demuxer, { ffmpegPath, decodeTimeoutMs: 600_000 }, (samples) => {
    for (let offset = 0; offset < samples.length; offset += 2) {
      const value = samples.readInt16LE(offset) / 32768;
      sum += value * value;
      if (++count === FRAME_SAMPLES) {
        levels.push(toDb(sum / count));
        sum = 0;
        count = 0;
      }
    }
  });
  if (run.status === 'missing') throw new Error('ffmpeg is not installed: stories cannot be cut.');
  if (run.code !== 0) throw new Error(`ffmpeg could not decode the story (exit ${run.code}).`);
  if (count > 0) levels.push(toDb(sum / count));
  return Float32Array.from(levels);
}

function toDb(meanSquare: number): number {
  return meanSquare > 0
    ? Math.max(RECORDING_LEVEL_FLOOR_DB, 10 * Math.log10(meanSquare))
    : RECORDING_LEVEL_FLOOR_DB;
}

/** Segments re-encoded by one ffmpeg run: one start and one decoding for many, and little redone after a stop. */
export const SPANS_PER_ENCODING = 16;

/**
 * Re-encodes each span of the file to mono Opus in WebM at its own path, in one ffmpeg run: the file is decoded
 * once, from the first span's start to the last one's end, split, and each part trimmed to its span
 * (sample-exact) and encoded to its output.
 */
export async function encodeSpans(
  filePath: string,
  demuxer: string,
  spans: { span: SegmentSpan; outPath: string }[],
  ffmpegPath: string,
): Promise<void> {
  if (spans.length === 0) return;
  const fromMs = Math.min(...spans.map(({ span }) => span[0]));
  const toMs = Math.max(...spans.map(({ span }) => span[1]));
  const seconds = (ms: number) => (ms / 1000).toFixed(3);
  const parts = spans.map((_, index) => `[a${index}]`).join('');
  const graph = [
    `[0:a:0]asplit=${spans.length}${parts}`,
    ...spans.map(
      ({ span: [startMs, endMs] }, index) =>
        `[a${index}]atrim=start=${seconds(startMs - fromMs)}:end=${seconds(endMs - fromMs)},asetpts=PTS-STARTPTS[o${index}]`,
    ),
  ].join(';');
  const args = [
    ...['-nostdin', '-hide_banner', '-nostats', '-v', 'error', '-protocol_whitelist', 'file'],
    ...['-f', demuxer, '-ss', seconds(fromMs), '-t', seconds(toMs - fromMs), '-i', `file:${filePath}`],
    ...['-filter_complex', graph],
    ...spans.flatMap(({ outPath }, index) => [
      ...['-map', `[o${index}]`, '-ac', '1', '-c:a', 'libopus', '-b:a', SEGMENT_BITRATE],
      ...['-f', 'webm', '-y', `file:${outPath}`],
    ]),
  ];
  const run = await runFfmpeg(args, { ffmpegPath, decodeTimeoutMs: 600_000 });
  if (run.status === 'missing') throw new Error('ffmpeg is not installed: stories cannot be cut.');
  if (run.code !== 0)
    throw new Error(`ffmpeg could not cut segments (exit ${run.code}): ${run.stderr.slice(0, 200)}`);
}

export interface CutOutcome {
  segments: number;
  created: number;
}

export class StoryCutter {
  private chain: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly repositories: Repositories,
    private readonly service: RecordingService,
    private readonly config: Config,
    private readonly log: WorkerLog,
  ) {}

  /** Cuts the story after those already asked for (one at a time); resolves when done, never rejects. */
  enqueue(recordingId: string): Promise<CutOutcome | null> {
    const next = this.chain.then(() => (this.closed ? null : this.cutLogged(recordingId)));
    this.chain = next;
    return next;
  }

  /** Every story waiting to be cut (at start-up). */
  async resume(): Promise<void> {
    const waiting = await this.repositories.stories.waiting();
    if (waiting.length > 0) this.log.info({ stories: waiting.length }, 'cutting stories left waiting');
    for (const id of waiting) void this.enqueue(id);
  }

  /** Stops taking stories; resolves when the one being cut is done. */
  async close(): Promise<void> {
    this.closed = true;
    await this.chain;
  }

  /** Everything asked for so far is done (tests, the benchmark). */
  idle(): Promise<unknown> {
    return this.chain;
  }

  private async cutLogged(recordingId: string): Promise<CutOutcome | null> {
    try {
      return await this.cut(recordingId);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.log.error({ recordingId, err: error }, 'cutting a story failed');
      await this.repositories.stories.fail(recordingId, message, MAX_ATTEMPTS).catch(() => undefined);
      return null;
    }
  }

  /** Cuts one story, resuming where an earlier run stopped; null when it is not waiting. */
  async cut(recordingId: string): Promise<CutOutcome | null> {
    const { stories, recordings } = this.repositories;
    const cut = await stories.findCut(recordingId);
    if (!cut || cut.state !== 'waiting') return null;
    const found = await recordings.findById(recordingId);
    if (!found) return null;
    const story = found.row;
    const demuxer = storedAudioDemuxer(story.mimeType);
    if (!demuxer) throw new Error(`a story of type ${story.mimeType} cannot be decoded`);
    // Read through the one function that reads stored audio (the inspection reads it the same way).
    return this.service.withStoredFile(story.sha256, async (source) => {
      let plan = cut.plan;
      if (!plan) {
        const levels = await decoders.run(() => frameLevels(source, demuxer, this.config.FFMPEG_PATH));
        plan = await stories.setPlan(recordingId, planSegments(levels));
      }
      const stored = await stories.segmentIndexes(recordingId);
      const missing = [...plan.entries()].filter(([index]) => !stored.has(index));
      let created = 0;
      for (let at = 0; at < missing.length; at += SPANS_PER_ENCODING) {
        if (this.closed) return null;
        created += await this.storeSegments(
          story,
          demuxer,
          source,
          missing.slice(at, at + SPANS_PER_ENCODING),
        );
      }
      // Stopped part-way: the story still waits, and the next start stores what is missing.
      if (this.closed) return null;
      await stories.finish(recordingId);
      this.log.info({ recordingId, segments: plan.length, created }, 'story cut into segments');
      return { segments: plan.length, created };
    });
  }

  /** Encodes the segments in one run, then stores each not yet stored; how many it stored. */
  private async storeSegments(
    story: RecordingRow,
    demuxer: string,
    source: string,
    segments: [number, SegmentSpan][],
  ): Promise<number> {
    const encoded = await Promise.all(
      segments.map(async ([index, span]) => ({
        index,
        span,
        outPath: await this.service.tempPath(`segment-${crypto.randomUUID()}.webm`),
      })),
    );
    try {
      await decoders.run(() => encodeSpans(source, demuxer, encoded, this.config.FFMPEG_PATH));
      let created = 0;
      for (const { index, span, outPath } of encoded) {
        if (this.closed) break;
        if (await this.storeSegment(story, index, span, outPath)) created++;
      }
      return created;
    } finally {
      await Promise.all(encoded.map(({ outPath }) => fsp.rm(outPath, { force: true })));
    }
  }

  /** Inspects the encoded segment like an upload and stores it as a clip of the story, once. */
  private async storeSegment(
    story: RecordingRow,
    index: number,
    span: SegmentSpan,
    out: string,
  ): Promise<boolean> {
    const inspection = await this.service.inspect(out, null);
    const { sha256 } = await hashFile(out);
    return await this.service.blobLocks.run(sha256, async () => {
      await this.service.blobs.put(out, { keepSource: true });
      const base = story.fileName.replace(/\.[a-z0-9]+$/i, '');
      const row = await this.repositories.recordings.insert({
        id: segmentId(story.id, index),
        ownerId: story.ownerId,
        fileName: `${base}-${String(index + 1).padStart(3, '0')}.webm`,
        mimeType: inspection.mimeType,
        sizeBytes: inspection.sizeBytes,
        sha256,
        durationSeconds: inspection.duration,
        transcript: null,
        language: story.language ?? 'lpx',
        title: story.title,
        promptPairId: null,
        sourcePairId: null,
        pictureId: null,
        speakerId: story.speakerId,
        ageGroup: story.ageGroup,
        gender: story.gender,
        dialect: story.dialect,
        codec: inspection.codec,
        sampleRate: inspection.sampleRate,
        channels: inspection.channels,
        quality: inspection.quality,
        clientMimeType: null,
        clientDurationSeconds: null,
        recordedAt: story.recordedAt ? new Date(story.recordedAt.getTime() + span[0]) : null,
        kind: 'clip',
        parentId: story.id,
        segmentIndex: index,
        startMs: span[0],
        endMs: span[1],
      });
      if (!row) await this.service.dropBlobIfUnused(sha256);
      return Boolean(row);
    });
  }
}
