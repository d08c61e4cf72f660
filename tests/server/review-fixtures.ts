// Helpers of the review tests: a clip stored through the upload API, votes and reports through the review API,
// and an approved translation as the community makes one (a proposal and two approvals by other people).
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  clipReviewResponseSchema,
  proposalStatusResponseSchema,
  type ClipReport,
} from '../../core/api/review.ts';
import { CLIP_REPORTERS_TO_HOLD } from '../../core/review/rules.ts';
import { pairResponseSchema } from '../../core/api/translation.ts';
import { recordingResponseSchema, type Recording } from '../../core/api/recordings.ts';
import { inspectedRecording, multipartBody, toneWav } from './audio-fixtures.ts';
import { answer } from './test-app.ts';

export type Auth = Record<string, string>;

/** Stores a transcribed clip through the multipart upload (the speaker must have recording consent). */
export async function storeClip(
  app: FastifyInstance,
  auth: Auth,
  fields: { transcript?: string; language?: 'lpx' | 'en'; seconds?: number; amplitude?: number } = {},
): Promise<Recording> {
  const { transcript = 'Zorbu vanta kilo', language = 'lpx', seconds = 1.5, amplitude } = fields;
  const tone = { frequency: 200 + crypto.randomInt(600), ...(amplitude === undefined ? {} : { amplitude }) };
  const body = multipartBody(
    { bytes: toneWav(seconds, tone), fileName: 'clip.wav' },
    { transcript, language },
  );
  const response = await app.inject({
    method: 'POST',
    url: '/api/audio/upload',
    headers: { ...auth, ...body.headers },
    payload: body.payload,
  });
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  // A clip enters review once inspected (issue 33): answered with its verdict.
  return inspectedRecording(app, auth, answer(response, recordingResponseSchema).recording.id);
}

/** A vote through the review API; `key` sends it with an Idempotency-Key as the outbox does. */
export function voteOn(app: FastifyInstance, auth: Auth, clipId: string, vote: 'up' | 'down', key?: string) {
  return app.inject({
    method: 'POST',
    url: `/api/review/clips/${clipId}/vote`,
    headers: { ...auth, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { vote },
  });
}

/** Votes that must succeed; answers the clip's review after the last one. */
export async function castVotes(app: FastifyInstance, clipId: string, votes: [Auth, 'up' | 'down'][]) {
  let last;
  for (const [auth, vote] of votes) {
    const response = await voteOn(app, auth, clipId, vote);
    if (response.statusCode !== 200) throw new Error(`vote failed: ${response.statusCode} ${response.body}`);
    last = answer(response, clipReviewResponseSchema).review;
  }
  return last;
}

/**
 * Reports a clip by the first CLIP_REPORTERS_TO_HOLD of `reporters` (none of them its speaker), so the clip
 * leaves the community's queue for the admins (state `reported`); answers its review after the last report.
 */
export async function holdByReports(
  app: FastifyInstance,
  clipId: string,
  reporters: Auth[],
  report: ClipReport = { reason: 'noise' },
) {
  if (reporters.length < CLIP_REPORTERS_TO_HOLD)
    throw new Error(`${CLIP_REPORTERS_TO_HOLD} reporters needed`);
  let last;
  for (const auth of reporters.slice(0, CLIP_REPORTERS_TO_HOLD)) {
    const response = await app.inject({
      method: 'POST',
      url: `/api/review/clips/${clipId}/report`,
      headers: auth,
      payload: report,
    });
    if (response.statusCode !== 200)
      throw new Error(`report failed: ${response.statusCode} ${response.body}`);
    last = answer(response, clipReviewResponseSchema).review;
  }
  if (last?.state !== 'reported')
    throw new Error(`the reports did not hold the clip: ${JSON.stringify(last)}`);
  return last;
}

/** A contributor's save (a proposal); answers the pair and the author's open proposal. */
export async function propose(app: FastifyInstance, auth: Auth, pairId: number, text: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/translation/save',
    headers: auth,
    payload: { id: pairId, translation: text },
  });
  if (response.statusCode !== 200) throw new Error(`save failed: ${response.statusCode} ${response.body}`);
  const { pair } = answer(response, pairResponseSchema);
  return { pair, proposal: pair.proposals.find((proposal) => proposal.mine) };
}

export function reviewProposal(
  app: FastifyInstance,
  auth: Auth,
  proposalId: number,
  review: { verdict: 'approve' } | { verdict: 'reject'; reason: string },
  key?: string,
) {
  return app.inject({
    method: 'POST',
    url: `/api/review/proposals/${proposalId}/review`,
    headers: { ...auth, ...(key ? { 'idempotency-key': key } : {}) },
    payload: review,
  });
}

/** A translation approved the community's way: `author` proposes, each of `reviewers` approves. */
export async function approvedByCommunity(
  app: FastifyInstance,
  author: Auth,
  reviewers: Auth[],
  pairId: number,
  text: string,
) {
  const { proposal } = await propose(app, author, pairId, text);
  if (!proposal) throw new Error('the save made no proposal');
  let status;
  for (const reviewer of reviewers) {
    const response = await reviewProposal(app, reviewer, proposal.id, { verdict: 'approve' });
    if (response.statusCode !== 200)
      throw new Error(`review failed: ${response.statusCode} ${response.body}`);
    status = answer(response, proposalStatusResponseSchema).proposal;
  }
  return status;
}
