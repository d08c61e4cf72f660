// /review: proposed translations, one at a time from the pack on the phone: the English sentence, the proposed
// Lopit text, the pair's approved text if any, and the other proposals waiting for the same sentence beside it
// (reviewers see both and approve one); then the words an admin sent to review. Approve, Reject with a reason,
// or Skip; reviews go through the outbox.
import { useId, type ReactNode } from 'react';
import { REVIEW_REASON_MAX, type ProposalReview, type ProposalSummary } from '../../../core/api/review.ts';
import { review as m } from '../../../core/i18n/messages/review.ts';
import { formatNumber, richText, useT, type Translate } from '../../i18n/i18n.tsx';
import { useAuth } from '../auth/use-auth.ts';
import type { PackedProposal, PackedWord } from '../../offline/local-db.ts';
import { bringBackSkipped, reviewProposal, reviewWord, skip } from './review-actions.ts';
import { GoneNotice } from '../sync/gone-notice.tsx';
import { CountsLine, EmptyPack, OfflineNotice, ReviewTabs } from './review-shared.tsx';
import { ReviewVerdict } from './review-verdict.tsx';
import { refillPack, useProposalPack, useReviewScreen, useWordPack } from './use-review-pack.ts';
import './review.css';

export function ReviewPage() {
  const t = useT();
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
        <h1>{t(m.title)}</h1>
        <p>{t(m.intro)}</p>
      </div>
      <ReviewTabs current="review" />
      <CountsLine counts={counts} noun="reviews" />
      <GoneNotice />
      {offline && pack && <OfflineNotice held={pack.held} message={m.offline} />}
      {proposal && pack ? (
        <ProposalCard
          key={`proposal-${proposal.id}`}
          proposal={proposal}
          userId={userId}
          position={t(m.translationPosition, { count: pack.proposals.length })}
        />
      ) : word && pack ? (
        <WordCard
          key={`word-${word.id}`}
          word={word}
          userId={userId}
          position={t(m.wordPosition, { count: pack.words.length })}
        />
      ) : pack === undefined ? (
        <p role="status">{t(m.reading)}</p>
      ) : (
        <EmptyPack
          refill={refill}
          offline={offline}
          why={{
            offline: t(m.emptyOffline),
            online: t(m.emptyOnline),
          }}
          skipped={{ count: skipped, label: t(m.showSkipped, { count: formatNumber(skipped) }) }}
          onBringBack={() => void bringBackSkipped(userId, ['proposal', 'word'])}
          onRetry={() => void refillPack('proposals', userId, { force: true })}
        />
      )}
    </div>
  );
}

const votes = (t: Translate, summary: Pick<ProposalSummary, 'approvals' | 'rejections'>) =>
  t(m.votes, { approvals: summary.approvals, rejections: summary.rejections });

function ProposalCard({
  proposal,
  userId,
  position,
}: {
  proposal: PackedProposal;
  userId: string;
  position: string;
}) {
  const t = useT();
  const id = useId();
  const others = proposal.others.filter((other) => other.id !== proposal.id);
  return (
    <TextReviewCard
      testId="review-proposal"
      question={t(m.proposalQuestion)}
      position={position}
      onReview={(review) => reviewProposal(userId, proposal, review)}
      onSkip={() => skip(userId, 'proposal', String(proposal.id))}
    >
      <dl className="review-pair">
        <dt>{t(m.english)}</dt>
        <dd lang="en" data-testid="proposal-english">
          {proposal.english}
        </dd>
        <dt>{t(m.proposed)}</dt>
        <dd>
          <span className="review-text" lang="lpx" data-testid="proposal-text">
            {proposal.text}
          </span>
          <span className="muted review-meta">
            {proposal.authorName ? (
              <ByVotes name={proposal.authorName} votes={votes(t, proposal)} />
            ) : (
              votes(t, proposal)
            )}
          </span>
        </dd>
        <dt>{t(m.approved)}</dt>
        <dd lang={proposal.accepted ? 'lpx' : undefined} data-testid="proposal-accepted">
          {proposal.accepted || <span className="muted">{t(m.noApproved)}</span>}
        </dd>
      </dl>
      {others.length > 0 && (
        <section aria-labelledby={`${id}-others`} className="review-others">
          <h3 id={`${id}-others`}>{t(m.others)}</h3>
          <p className="muted">{t(m.compare)}</p>
          <ul>
            {others.map((other) => (
              <li key={other.id} className="review-other" data-testid="proposal-other">
                <span lang="lpx">{other.text}</span>
                <span className="muted review-meta">
                  {other.mine ? (
                    t(m.yoursVotes, { votes: votes(t, other) })
                  ) : other.authorName ? (
                    <ByVotes name={other.authorName} votes={votes(t, other)} />
                  ) : (
                    votes(t, other)
                  )}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </TextReviewCard>
  );
}

/** "by Ana, 1 approval, 0 rejections": the author's name is theirs (not translated). */
function ByVotes({ name, votes: counted }: { name: string; votes: string }) {
  const t = useT();
  return richText(t, m.byVotes, { name: <span translate="no">{name}</span> }, { votes: counted });
}

/** A word of the lexicon an admin imported for the community to check (from a word list, a dictionary). */
function WordCard({ word, userId, position }: { word: PackedWord; userId: string; position: string }) {
  const t = useT();
  return (
    <TextReviewCard
      testId="review-word"
      question={t(m.wordQuestion)}
      position={position}
      onReview={(review) => reviewWord(userId, word, review)}
      onSkip={() => skip(userId, 'word', String(word.id))}
    >
      <dl className="review-pair">
        <dt>{t(m.lopit)}</dt>
        <dd>
          <span className="review-text" lang="lpx" data-testid="word-lopit">
            {word.lopit}
          </span>
          {word.partOfSpeech && (
            <span className="muted review-meta" translate="no">
              {word.partOfSpeech}
            </span>
          )}
        </dd>
        <dt>{t(m.englishMeaning)}</dt>
        <dd lang="en" data-testid="word-english">
          {word.english}
        </dd>
      </dl>
      <p className="muted review-meta">{t(m.wordSource, { votes: votes(t, word) })}</p>
    </TextReviewCard>
  );
}

/**
 * One text to review (a translation, a word): what to judge as children, then Approve, Reject with a reason
 * (a field error when it is missing) or Skip, with keyboard shortcuts A, R and S (ReviewVerdict, as on
 * /transcribe and /sentences).
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
  const t = useT();
  const id = useId();
  return (
    <section className="card review-card" aria-labelledby={`${id}-heading`} data-testid={testId}>
      <p className="muted review-position">{position}</p>
      <h2 id={`${id}-heading`} className="review-question">
        {question}
      </h2>
      {children}
      <ReviewVerdict
        labels={{
          approve: t(m.approve),
          reject: t(m.reject),
          skip: t(m.skip),
          rejectReason: t(m.whyWrong),
          sayWhy: t(m.reasonRequired),
          tooLong: t(m.reasonTooLong, { max: REVIEW_REASON_MAX }),
          sendRejection: t(m.sendRejection),
          cancel: t(m.cancel),
          keys: t(m.keys),
        }}
        onReview={onReview}
        onSkip={onSkip}
      />
    </section>
  );
}
