// How big each piece of a resumable upload is, sized to the link: a piece should take about ten seconds, so a
// slow link never spends minutes on one request and a cut re-sends little, while a fast one sends few requests.
// The rate comes from the pieces already sent (page and service worker each keep their own), else from the
// browser's estimate of the connection (Network Information API, Chromium), else the largest piece.

export const UPLOAD_CHUNK_MAX_BYTES = 1024 * 1024;
export const UPLOAD_CHUNK_MIN_BYTES = 32 * 1024;
/** About how long one piece should take to send. */
export const UPLOAD_CHUNK_SECONDS = 10;
/** Pieces are whole multiples of this (16 kB). */
const GRAIN = 16 * 1024;

/** Upload rates assumed from the browser's connection type until pieces have been measured, bytes per second. */
const ASSUMED_UPLOAD_RATE: Record<string, number> = {
  'slow-2g': 2_500,
  '2g': 6_000,
  '3g': 40_000,
};

/** What the Network Information API says about the connection, where the browser has it. */
export interface LinkHint {
  effectiveType?: string;
  saveData?: boolean;
}

let measuredRate: number | null = null;

/** Notes a piece that was sent and acknowledged: `bytes` in `ms` (a moving average of the last few). */
export function notePieceSent(bytes: number, ms: number): void {
  if (bytes <= 0 || ms <= 0) return;
  const rate = (bytes * 1000) / ms;
  measuredRate = measuredRate === null ? rate : measuredRate * 0.5 + rate * 0.5;
}

/** The last upload progress of a piece: how many bytes of the file had gone out, and when. */
export interface PieceProgress {
  bytes: number;
  at: number;
}

/**
 * How long a piece took to go over the link: until the upload's progress saw its last byte go out, where the
 * HTTP stack reports it (XHR does), else until the answer. The answer also waits for the server to store the
 * piece, and under load for its turn there: taken for the link's time, a busy server made every phone send
 * smaller pieces and so more requests, which kept it busier (issue 33: half again as many PATCHes at 200 phones).
 */
export function pieceSendingMs(
  startedAt: number,
  pieceEnd: number,
  progress: PieceProgress | null,
  answeredAt: number,
): number {
  if (progress && progress.bytes >= pieceEnd && progress.at >= startedAt) return progress.at - startedAt;
  return answeredAt - startedAt;
}

/** Forgets the measured rate (a new link; tests). */
export function forgetUploadRate(): void {
  measuredRate = null;
}

function connectionHint(): LinkHint | undefined {
  // Page and worker alike (WorkerNavigator has it too in Chromium).
  return (globalThis as { navigator?: { connection?: LinkHint } }).navigator?.connection;
}

/** The size of the next piece to send. */
export function uploadChunkBytes(hint: LinkHint | undefined = connectionHint()): number {
  const rate =
    measuredRate ?? (hint?.effectiveType ? ASSUMED_UPLOAD_RATE[hint.effectiveType] : undefined) ?? null;
  if (rate === null) return UPLOAD_CHUNK_MAX_BYTES;
  const size = Math.round((rate * UPLOAD_CHUNK_SECONDS) / GRAIN) * GRAIN;
  return Math.min(UPLOAD_CHUNK_MAX_BYTES, Math.max(UPLOAD_CHUNK_MIN_BYTES, size));
}
