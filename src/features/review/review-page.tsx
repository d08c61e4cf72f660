// /review: proposed translations, one at a time from the pack on the phone: the English sentence, the proposed
// Lopit text, the pair's approved text if any, and the other proposals waiting for the same sentence beside it
// (reviewers see both and approve one); then the words an admin sent to review. Approve, Reject with a reason,
// or Skip; reviews go through the outbox.
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  proposalReviewSchema,
  REVIEW_REASON_MAX,
  type ProposalReview,
  type ProposalSummary,
} from '../../../core/api/review.ts';
import { useAuth } from '../auth/use-auth.ts';
import type { PackedProposal, PackedWord } from '../../offline/local-db.ts';
import { bringBackSkipped, reviewProposal, reviewWord, skip } from './review-actions.ts';
import { CountsLine, EmptyPack, OfflineNotice, ReviewTabs } from './review-shared.tsx';
import { useReviewShortcuts } from './use-review-shortcuts.ts';
import { refillPack, useProposalPack, useReviewScreen, useWordPack } from './use-review-pack.ts';
import './review.css';

export function ReviewPage() {
  const { user } = useAuth();
  const userId = user?.id ?? '';
  const proposals = useProposalPack(userId);
  const words = useWordPack(userId);
  const { refill, offline, counts, skipped } = useReviewScreen('proposals', userId);
  const pack = proposals && words ? { proposals, words, held: proposals.length + words.length } : undefined;
  const proposal = proposals?.[0];
  const word = words?.[0];

  return (
    <div className="page stack review-page">
      <div className="page-header">
        <h1>Check translations</h1>
        <p>
          Read translations other people proposed and say whether each is right. A translation is used once
          two people approve it.
        </p>
      </div>
      <ReviewTabs current="review" />
      <CountsLine counts={counts} noun="reviews" />
      {offline && pack && (
        <OfflineNotice held={pack.held} noun={['translation', 'translations']} reviews="reviews" />
      )}
      {proposal && pack ? (
        <ProposalCard
          key={`proposal-${proposal.id}`}
          proposal={proposal}
          userId={userId}
          position={`Translation 1 of ${pack.proposals.length} on this phone`}
        />
      ) : word && pack ? (
        <WordCard
          key={`word-${word.id}`}
          word={word}
          userId={userId}
          position={`Word 1 of ${pack.words.length} on this phone`}
        />
      ) : pack === undefined ? (
        <p role="status">Reading the translations on this phone…</p>
      ) : (
        <EmptyPack
          refill={refill}
          offline={offline}
          why={{
            offline:
              'This phone holds no translations to check, and it is offline. Open this page where there is a signal to bring some onto it.',
            online:
              'You have checked every translation waiting for review, or the ones waiting are your own. New ones arrive as people translate.',
          }}
          skipped={{ count: skipped, label: `Show the ${skipped} you skipped` }}
          onBringBack={() => void bringBackSkipped(userId, ['proposal', 'word'])}
          onRetry={() => void refillPack('proposals', userId, { force: true })}
        />
      )}
    </div>
  );
}

const votes = (summary: Pick<ProposalSummary, 'approvals' | 'rejections'>) =>
  `${summary.approvals} ${summary.approvals === 1 ? 'approval' : 'approvals'}, ${summary.rejections} ${summary.rejections === 1 ? 'rejection' : 'rejections'}`;

function ProposalCard({
  proposal,
  userId,
  position,
}: {
  proposal: PackedProposal;
  userId: string;
  position: string;
}) {
  const id = useId();
  const others = proposal.others.filter((other) => other.id !== proposal.id);
  return (
    <TextReviewCard
      testId="review-proposal"
      question="Is this a good translation?"
      position={position}
      onReview={(review) => reviewProposal(userId, proposal, review)}
      onSkip={() => skip(userId, 'proposal', String(proposal.id))}
    >
      <dl className="review-pair">
        <dt>English</dt>
        <dd lang="en" data-testid="proposal-english">
          {proposal.english}
        </dd>
        <dt>Proposed Lopit</dt>
        <dd>
          <span className="review-text" lang="lpx" data-testid="proposal-text">
            {proposal.text}
          </span>
          <span className="muted review-meta">
            {proposal.authorName ? `by ${proposal.authorName}, ` : ''}
            {votes(proposal)}
          </span>
        </dd>
        <dt>Approved translation</dt>
        <dd lang={proposal.accepted ? 'lpx' : undefined} data-testid="proposal-accepted">
          {proposal.accepted || <span className="muted">No approved translation yet</span>}
        </dd>
      </dl>
      {others.length > 0 && (
        <section aria-labelledby={`${id}-others`} className="review-others">
          <h3 id={`${id}-others`}>Also proposed for this sentence</h3>
          <p className="muted">Compare them; approve the one that is right.</p>
          <ul>
            {others.map((other) => (
              <li key={other.id} className="review-other" data-testid="proposal-other">
                <span lang="lpx">{other.text}</span>
                <span className="muted review-meta">
                  {other.mine ? 'yours, ' : other.authorName ? `by ${other.authorName}, ` : ''}
                  {votes(other)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </TextReviewCard>
  );
}

/** A word of the lexicon an admin imported for the community to check (from a word list, a dictionary). */
function WordCard({ word, userId, position }: { word: PackedWord; userId: string; position: string }) {
  return (
    <TextReviewCard
      testId="review-word"
      question="Is this the right meaning of the word?"
      position={position}
      onReview={(review) => reviewWord(userId, word, review)}
      onSkip={() => skip(userId, 'word', String(word.id))}
    >
      <dl className="review-pair">
        <dt>Lopit</dt>
        <dd>
          <span className="review-text" lang="lpx" data-testid="word-lopit">
            {word.lopit}
          </span>
          {word.partOfSpeech && <span className="muted review-meta">{word.partOfSpeech}</span>}
        </dd>
        <dt>English meaning</dt>
        <dd lang="en" data-testid="word-english">
          {word.english}
        </dd>
      </dl>
      <p className="muted review-meta">
        From a word list an admin brought in; {votes(word)}. Approve it if the meaning is right.
      </p>
    </TextReviewCard>
  );
}

/**
 * One text to review (a translation, a word): what to judge as children, then Approve, Reject with a reason
 * (a field error when it is missing) or Skip, with keyboard shortcuts A, R and S.
 */
function TextReviewCard({
  testId,
  question,
  position,
  onReview,
  onSkip,
  children,
}: {
  testId: string;
  question: string;
  position: string;
  onReview: (review: ProposalReview) => Promise<void>;
  onSkip: () => Promise<void>;
  children: ReactNode;
}) {
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const id = useId();

  async function send(run: () => Promise<void>) {
    if (busy) return;
    setBusy(true);
    await run();
  }
  const approve = () => send(() => onReview({ verdict: 'approve' }));
  const skipIt = () => send(onSkip);

  function reject(event: FormEvent) {
    event.preventDefault();
    const parsed = proposalReviewSchema.safeParse({ verdict: 'reject', reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Say why this is wrong');
      reasonField.current?.focus();
      return;
    }
    void send(() => onReview(parsed.data));
  }

  useReviewShortcuts(!rejecting, {
    a: () => void approve(),
    r: () => setRejecting(true),
    s: () => void skipIt(),
  });

  return (
    <section className="card review-card" aria-labelledby={`${id}-heading`} data-testid={testId}>
      <p className="muted review-position">{position}</p>
      <h2 id={`${id}-heading`} className="review-question">
        {question}
      </h2>
      {children}
      {rejecting ? (
        <form className="form review-reject" onSubmit={reject} noValidate>
          <div className="field">
            <label htmlFor={`${id}-reason`}>Why is it wrong?</label>
            <textarea
              ref={reasonField}
              id={`${id}-reason`}
              rows={3}
              maxLength={REVIEW_REASON_MAX}
              value={reason}
              autoFocus
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-reason-error` : undefined}
              onChange={(event) => {
                setReason(event.target.value);
                setError(null);
              }}
            />
            {error && (
              <p className="field-error" id={`${id}-reason-error`}>
                {error}
              </p>
            )}
          </div>
          <div className="review-answers">
            <button type="submit" className="btn btn-danger review-answer" disabled={busy}>
              Send rejection
            </button>
            <button type="button" className="btn review-answer" onClick={() => setRejecting(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <>
          <div className="review-answers">
            <button
              type="button"
              className="btn review-answer review-yes"
              disabled={busy}
              aria-keyshortcuts="a"
              onClick={() => void approve()}
            >
              <span aria-hidden="true">✓</span> Approve
            </button>
            <button
              type="button"
              className="btn review-answer review-no"
              disabled={busy}
              aria-keyshortcuts="r"
              onClick={() => setRejecting(true)}
            >
              <span aria-hidden="true">✗</span> Reject
            </button>
            <button
              type="button"
              className="btn review-answer"
              disabled={busy}
              aria-keyshortcuts="s"
              onClick={() => void skipIt()}
            >
              <span aria-hidden="true">→</span> Skip
            </button>
          </div>
          <p className="muted review-keys">Keys: A approve, R reject, S skip.</p>
        </>
      )}
    </section>
  );
}
