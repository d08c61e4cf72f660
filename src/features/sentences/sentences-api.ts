// Calls of /api/sentences used by the Write sentences screen, answers parsed with their core/api schemas; writes
// and reviews go through the outbox (Idempotency-Key: the entry's id), so both work without a connection.
import type { ProposalReview } from '../../../core/api/review.ts';
import {
  reviewSentencesSchema,
  sentenceListSchema,
  SENTENCE_REVIEW_PACK,
  type ReviewSentence,
  type SentencePropose,
} from '../../../core/api/sentences.ts';
import { api, requestJson } from '../../lib/api-client.ts';
import { localDb } from '../../offline/local-db.ts';
import { enqueue } from '../../offline/outbox.ts';

export const sentencesApi = {
  mine: async () =>
    (await requestJson(sentenceListSchema, () => api.get('sentences/mine', { searchParams: { limit: 50 } })))
      .sentences,
  pack: async () =>
    (
      await requestJson(reviewSentencesSchema, () =>
        api.get('sentences/review', { searchParams: { limit: SENTENCE_REVIEW_PACK } }),
      )
    ).sentences,
};

/** Puts a new sentence in the outbox. */
export function queueSentence(userId: string, body: SentencePropose) {
  return enqueue(localDb(), userId, 'sentence.propose', { params: {}, body }, undefined);
}

/** Puts an approval or a rejection of a sentence in the outbox. */
export function queueSentenceReview(userId: string, sentence: ReviewSentence, review: ProposalReview) {
  return enqueue(
    localDb(),
    userId,
    'sentence.review',
    { params: { id: sentence.id }, body: review },
    { text: sentence.text },
  );
}
