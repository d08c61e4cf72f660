// Calls of /api/transcripts used by the Transcribe screen, answers parsed with their core/api schemas; a clip's
// audio comes from the recordings route (which lets other contributors hear the clips the queue offers).
import {
  reviewTranscriptsSchema,
  transcribeQueueSchema,
  transcriptStatsSchema,
  type ReviewTranscript,
  type TranscribeClip,
} from '../../../core/api/transcripts.ts';
import type { ProposalReview } from '../../../core/api/review.ts';
import { api, request, requestJson, type ApiError } from '../../lib/api-client.ts';
import { localDb } from '../../offline/local-db.ts';
import { enqueue } from '../../offline/outbox.ts';

/** Clips are short, but a 2G link is slow: a minute before one download counts as failed. */
const AUDIO_TIMEOUT_MS = 60_000;

export const transcribeApi = {
  queue: async (limit: number) =>
    (
      await requestJson(transcribeQueueSchema, () =>
        api.get('transcripts/queue', { searchParams: { limit } }),
      )
    ).clips,
  pack: async (limit: number) =>
    (
      await requestJson(reviewTranscriptsSchema, () =>
        api.get('transcripts/proposals', { searchParams: { limit } }),
      )
    ).transcripts,
  stats: (since: Date) =>
    requestJson(transcriptStatsSchema, () =>
      api.get('transcripts/stats', { searchParams: { since: since.toISOString() } }),
    ),
  /** The clip's audio, or null when it is gone since the queue was chosen (consent withdrawn, clip reported). */
  audio: async (clipId: string): Promise<Blob | null> => {
    try {
      return await request(() =>
        api.get(`audio/recordings/${clipId}/audio`, { timeout: AUDIO_TIMEOUT_MS }).blob(),
      );
    } catch (error) {
      if ([403, 404, 410].includes((error as ApiError).status ?? 0)) return null;
      throw error;
    }
  },
};

/** Puts a transcript in the outbox; the sync engine sends it (Idempotency-Key: the entry's id). */
export function queueTranscript(userId: string, clip: TranscribeClip, text: string) {
  return enqueue(
    localDb(),
    userId,
    'transcript.save',
    { params: { id: clip.id }, body: { text } },
    { english: clip.english },
  );
}

/** Puts an approval or a rejection of a transcript in the outbox. */
export function queueTranscriptReview(userId: string, transcript: ReviewTranscript, review: ProposalReview) {
  return enqueue(
    localDb(),
    userId,
    'transcript.review',
    { params: { id: transcript.id }, body: review },
    { text: transcript.text },
  );
}
