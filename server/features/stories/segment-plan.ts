// Where a Tell recording is cut (issue 32): from the levels of its decoded audio in 10 ms frames, segments of
// SEGMENT_MIN_MS to SEGMENT_MAX_MS that begin and end in pauses. Cut at every pause long enough, keep at most
// SEGMENT_PAD_MS of silence on each side, merge pieces too short with a neighbour (across the shorter pause),
// then split pieces too long at their quietest point. Pure: the same levels always give the same plan.
import {
  RECORDING_LEVEL_FLOOR_DB,
  SEGMENT_MAX_MS,
  SEGMENT_MIN_MS,
  SEGMENT_MIN_PAUSE_MS,
  SEGMENT_PAD_MS,
} from '../../../core/constants.ts';

/** Length of one frame of levels. */
export const FRAME_MS = 10;

export interface PlanOptions {
  minMs: number;
  maxMs: number;
  minPauseMs: number;
  padMs: number;
}

const DEFAULTS: PlanOptions = {
  minMs: SEGMENT_MIN_MS,
  maxMs: SEGMENT_MAX_MS,
  minPauseMs: SEGMENT_MIN_PAUSE_MS,
  padMs: SEGMENT_PAD_MS,
};

/** Levels are never counted below this as the noise floor: digital silence would put the threshold in the noise. */
const FLOOR_CLAMP_DB = -80;
/** The speech threshold lies this share of the way from the noise floor to the speech level. */
const THRESHOLD_SHARE = 0.3;
/** Window over which the quietest point of a long piece is sought (between two words, not inside a sound). */
const QUIET_WINDOW_FRAMES = 20;

/** A segment's span in the recording, in ms: [start, end). */
export type SegmentSpan = [number, number];

interface Piece {
  start: number;
  end: number;
}

function percentile(sorted: Float32Array, share: number): number {
  return (
    sorted[Math.min(sorted.length - 1, Math.floor(share * (sorted.length - 1)))] ?? RECORDING_LEVEL_FLOOR_DB
  );
}

/** The level (dBFS) below which a frame is a pause: between the recording's noise floor and its speech. */
export function speechThreshold(frameDb: Float32Array): number {
  const sorted = Float32Array.from(frameDb).sort();
  const floor = Math.max(FLOOR_CLAMP_DB, percentile(sorted, 0.1));
  const speech = Math.max(floor, percentile(sorted, 0.95));
  return floor + (speech - floor) * THRESHOLD_SHARE;
}

/** The plan of segments of a recording whose levels (dBFS per FRAME_MS frame) are `frameDb`. */
export function planSegments(frameDb: Float32Array, options: Partial<PlanOptions> = {}): SegmentSpan[] {
  const o = { ...DEFAULTS, ...options };
  const frames = frameDb.length;
  const minFrames = Math.ceil(o.minMs / FRAME_MS);
  const maxFrames = Math.floor(o.maxMs / FRAME_MS);
  const pad = Math.round(o.padMs / FRAME_MS);
  const minPause = Math.ceil(o.minPauseMs / FRAME_MS);
  if (frames === 0) return [];
  const threshold = speechThreshold(frameDb);
  const loud = (i: number) => (frameDb[i] ?? RECORDING_LEVEL_FLOOR_DB) >= threshold;

  let first = 0;
  while (first < frames && !loud(first)) first++;
  if (first === frames) return []; // nothing but silence
  let last = frames - 1;
  while (!loud(last)) last--;

  // Pieces of speech between pauses of at least minPause frames, each with up to `pad` frames of the pause.
  const pieces: Piece[] = [];
  let start = Math.max(0, first - pad);
  let i = first;
  while (i <= last) {
    if (loud(i)) {
      i++;
      continue;
    }
    let j = i;
    while (j <= last && !loud(j)) j++;
    if (j - i >= minPause) {
      const middle = Math.floor((i + j) / 2);
      pieces.push({ start, end: Math.min(i + pad, middle) });
      start = Math.max(j - pad, middle);
    }
    i = j;
  }
  pieces.push({ start, end: Math.min(frames, last + 1 + pad) });

  mergeShort(pieces, minFrames, maxFrames);
  const planned: Piece[] = [];
  for (const piece of pieces) splitLong(piece, frameDb, minFrames, maxFrames, planned);
  // Only a recording with less speech than one segment's minimum is left short: give it room where there is.
  if (planned.length === 1 && planned[0]!.end - planned[0]!.start < minFrames) {
    const only = planned[0]!;
    const missing = minFrames - (only.end - only.start);
    only.start = Math.max(0, only.start - Math.ceil(missing / 2));
    only.end = Math.min(frames, only.start + minFrames);
  }
  return planned.map(({ start, end }) => [start * FRAME_MS, end * FRAME_MS]);
}

const length = (piece: Piece) => piece.end - piece.start;

/** Merges every piece shorter than the minimum with a neighbour, shortest first, across the shorter pause. */
function mergeShort(pieces: Piece[], minFrames: number, maxFrames: number): void {
  for (;;) {
    let shortest = -1;
    for (const [index, piece] of pieces.entries()) {
      if (length(piece) < minFrames && (shortest < 0 || length(piece) < length(pieces[shortest]!)))
        shortest = index;
    }
    if (shortest < 0 || pieces.length < 2) return;
    const piece = pieces[shortest]!;
    const before = pieces[shortest - 1];
    const after = pieces[shortest + 1];
    // The pause to each neighbour (the silence between them), and whether merging keeps within the maximum.
    const options = [
      before && {
        index: shortest - 1,
        pause: piece.start - before.end,
        fits: piece.end - before.start <= maxFrames,
      },
      after && {
        index: shortest,
        pause: after.start - piece.end,
        fits: after.end - piece.start <= maxFrames,
      },
    ].filter((option): option is { index: number; pause: number; fits: boolean } => Boolean(option));
    options.sort((a, b) => Number(b.fits) - Number(a.fits) || a.pause - b.pause);
    const into = options[0]!.index;
    pieces.splice(into, 2, { start: pieces[into]!.start, end: pieces[into + 1]!.end });
  }
}

/** Splits a piece longer than the maximum at its quietest point (both sides at least the minimum), recursively. */
function splitLong(
  piece: Piece,
  frameDb: Float32Array,
  minFrames: number,
  maxFrames: number,
  out: Piece[],
): void {
  if (length(piece) <= maxFrames) {
    out.push(piece);
    return;
  }
  const cut = quietestPoint(
    frameDb,
    piece.start + minFrames,
    piece.end - minFrames,
    (piece.start + piece.end) / 2,
  );
  splitLong({ start: piece.start, end: cut }, frameDb, minFrames, maxFrames, out);
  splitLong({ start: cut, end: piece.end }, frameDb, minFrames, maxFrames, out);
}

/** The frame in [from, to] around which the mean level over QUIET_WINDOW_FRAMES is lowest (nearest `centre` on ties). */
function quietestPoint(frameDb: Float32Array, from: number, to: number, centre: number): number {
  const half = QUIET_WINDOW_FRAMES / 2;
  let best = from;
  let bestLevel = Infinity;
  for (let point = from; point <= to; point++) {
    let sum = 0;
    let count = 0;
    for (let k = Math.max(0, point - half); k < Math.min(frameDb.length, point + half); k++) {
      sum += frameDb[k]!;
      count++;
    }
    const level = count > 0 ? sum / count : RECORDING_LEVEL_FLOOR_DB;
    if (
      level < bestLevel - 1e-9 ||
      (Math.abs(level - bestLevel) <= 1e-9 && Math.abs(point - centre) < Math.abs(best - centre))
    ) {
      best = point;
      bestLevel = level;
    }
  }
  return best;
}
