// /transcribe: Lopit clips without a transcript, one at a time (spoken translations first, with the English
// sentence they translate; then free recordings): play and replay, type what is said, Save or Skip. A transcript is
// a proposal until PROPOSAL_APPROVALS_TO_ACCEPT other contributors approve it under "Check transcripts" (or an
// admin does); then it is the clip's transcript, and a spoken translation's also proposes the sentence's Lopit.
// Transcripts and reviews go through the outbox; the clips and their audio are fetched with a connection and kept
// on the phone (IndexedDB), so a loaded list can be finished offline, after a reload too.
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { proposalReviewSchema, REVIEW_REASON_MAX, type ProposalReview } from '../../../core/api/review.ts';
import {
  TRANSCRIBE_QUEUE_CLIPS,
  TRANSCRIPT_REVIEW_PACK,
  transcriptSaveSchema,
  type ReviewTranscript,
  type TranscribeClip,
  type TranscriptStats,
} from '../../../core/api/transcripts.ts';
import { PROPOSAL_APPROVALS_TO_ACCEPT } from '../../../core/review/rules.ts';
import type { OutboxKind } from '../../offline/local-db.ts';
import { useAuth } from '../auth/use-auth.ts';
import { CountsLine } from '../review/review-shared.tsx';
import { startOfToday, type ReviewCounts } from '../review/use-review-pack.ts';
import { useSyncStatus } from '../sync/sync.ts';
import { useOutbox } from '../sync/use-outbox.ts';
import {
  queueTranscript,
  queueTranscriptReview,
  transcribeApi,
  transcriptReviewSubject,
  transcriptSubject,
} from './transcribe-api.ts';
import { useAudioQueue, type QueuedItem, type QueueState } from './use-audio-queue.ts';
import '../review/review.css';
import '../speak/speak.css';
import './transcribe.css';

type Tab = 'write' | 'check';

export function TranscribePage() {
  const { user } = useAuth();
  const userId = user?.id ?? '';
  const [tab, setTab] = useState<Tab>('write');
  const { phase } = useSyncStatus();
  const offline = phase === 'offline';
  const stats = useStats(userId);

  return (
    <div className="page stack transcribe-page">
      <div className="page-header">
        <h1>Transcribe</h1>
        <p>
          Listen to Lopit clips other people recorded and write what is said. A transcript is used once{' '}
          {PROPOSAL_APPROVALS_TO_ACCEPT} other contributors approve it; it then teaches speech recognition.
        </p>
      </div>
      <div className="review-tabs" role="group" aria-label="Transcribe">
        {(
          [
            ['write', 'Write what is said'],
            ['check', 'Check transcripts'],
          ] as const
        ).map(([id, label]) => (
          <button
            key={id}
            type="button"
            className="review-tab"
            aria-pressed={tab === id}
            data-testid={`transcribe-tab-${id}`}
            onClick={() => setTab(id)}
          >
            {label}
          </button>
        ))}
      </div>
      {tab === 'write' ? (
        <WritePart userId={userId} offline={offline} stats={stats} />
      ) : (
        <CheckPart userId={userId} offline={offline} stats={stats} />
      )}
    </div>
  );
}

/** The server's counts (read again when what waits in the outbox changes) plus what waits on this phone. */
function useStats(userId: string) {
  const entries = useOutbox();
  const [server, setServer] = useState<TranscriptStats | null>(null);
  const waiting = (kind: OutboxKind) =>
    (entries ?? []).filter((entry) => entry.userId === userId && entry.kind === kind).length;
  const writes = waiting('transcript.save');
  const reviews = waiting('transcript.review');
  useEffect(() => {
    if (!userId) return;
    transcribeApi
      .stats(startOfToday())
      .then(setServer)
      .catch(() => undefined);
  }, [userId, writes, reviews]);
  const counts = (part: keyof TranscriptStats, held: number): ReviewCounts => ({
    today: (server?.[part].today ?? 0) + held,
    total: (server?.[part].total ?? 0) + held,
    waiting: held,
    known: server !== null,
  });
  return { transcripts: counts('transcripts', writes), reviews: counts('reviews', reviews) };
}

type Stats = ReturnType<typeof useStats>;

function WritePart({ userId, offline, stats }: { userId: string; offline: boolean; stats: Stats }) {
  const queue = useAudioQueue<TranscribeClip>({
    userId,
    fetch: () => transcribeApi.queue(TRANSCRIBE_QUEUE_CLIPS),
    keyOf: (clip) => clip.id,
    clipOf: (clip) => clip.id,
    outbox: { kind: 'transcript.save', subject: (clip) => transcriptSubject(clip.id) },
  });
  const [notice, setNotice] = useState<string | null>(null);
  const first = queue.items[0];
  return (
    <>
      <CountsLine counts={stats.transcripts} noun="transcripts" />
      <StatusLines offline={offline} held={queue.items.length} nouns={['clip', 'clips']} notice={notice} />
      {first ? (
        <WriteCard
          key={first.item.id}
          queued={first}
          position={`Clip 1 of ${queue.items.length}`}
          canSkip={queue.items.length >= 2}
          onSave={async (text) => {
            await queueTranscript(userId, first.item, text);
            setNotice('Saved on this phone. It is sent when there is a connection, then others check it.');
            queue.done(first.item);
          }}
          onSkip={() => {
            setNotice('Skipped: it comes back after the others.');
            queue.skip(first.item);
          }}
        />
      ) : (
        <Empty
          state={queue.state}
          offline={offline}
          empty="No clip is waiting for a transcript that you can write. New ones arrive as people record in Lopit."
          onRetry={() => void queue.refill()}
        />
      )}
    </>
  );
}

function CheckPart({ userId, offline, stats }: { userId: string; offline: boolean; stats: Stats }) {
  const queue = useAudioQueue<ReviewTranscript>({
    userId,
    fetch: () => transcribeApi.pack(TRANSCRIPT_REVIEW_PACK),
    keyOf: (transcript) => String(transcript.id),
    clipOf: (transcript) => transcript.recordingId,
    outbox: { kind: 'transcript.review', subject: (transcript) => transcriptReviewSubject(transcript.id) },
  });
  const [notice, setNotice] = useState<string | null>(null);
  const first = queue.items[0];
  return (
    <>
      <CountsLine counts={stats.reviews} noun="reviews" />
      <StatusLines
        offline={offline}
        held={queue.items.length}
        nouns={['transcript', 'transcripts']}
        notice={notice}
      />
      {first ? (
        <CheckCard
          key={first.item.id}
          queued={first}
          position={`Transcript 1 of ${queue.items.length}`}
          onReview={async (review) => {
            await queueTranscriptReview(userId, first.item, review);
            setNotice(review.verdict === 'approve' ? 'Approved.' : 'Rejected, with your reason.');
            queue.done(first.item);
          }}
          onSkip={() => {
            setNotice('Skipped.');
            if (queue.items.length >= 2) queue.skip(first.item);
            else queue.done(first.item);
          }}
        />
      ) : (
        <Empty
          state={queue.state}
          offline={offline}
          empty="You have checked every transcript waiting for review, or the ones waiting are your own."
          onRetry={() => void queue.refill()}
        />
      )}
    </>
  );
}

function StatusLines(props: {
  offline: boolean;
  held: number;
  nouns: [string, string];
  notice: string | null;
}) {
  return (
    <>
      {props.offline && props.held > 0 && (
        <p className="notice-box" role="status" data-testid="transcribe-offline">
          <span aria-hidden="true">⚠ </span>
          Offline: {props.held} {props.held === 1 ? props.nouns[0] : props.nouns[1]} loaded on this phone;
          what you do is sent when you are back online.
        </p>
      )}
      {props.notice && (
        <p className="success-box" role="status" data-testid="transcribe-notice">
          {props.notice}
        </p>
      )}
    </>
  );
}

function Empty(props: { state: QueueState; offline: boolean; empty: string; onRetry: () => void }) {
  if (props.state === 'loading' && !props.offline) return <p role="status">Bringing clips to this phone…</p>;
  const unreachable = props.offline || props.state === 'unreachable';
  return (
    <section className="card stack" data-testid="transcribe-empty">
      <p>
        {unreachable
          ? 'Clips to transcribe need a connection to arrive: open this page where there is a signal. What you already wrote waits on this phone and is sent then.'
          : props.empty}
      </p>
      <div className="button-row">
        <button type="button" className="btn" onClick={props.onRetry}>
          Look again
        </button>
      </div>
    </section>
  );
}

/** The clip's player: the browser's own controls (play, replay, seek), which work by keyboard and touch. */
function ClipPlayer({ url, label }: { url: string | null; label: string }) {
  if (!url) return <p role="status">Loading the clip…</p>;
  return <audio className="transcribe-audio" controls preload="auto" src={url} aria-label={label} />;
}

function SpokenFor({ english }: { english: string | null }) {
  if (!english) return null;
  return (
    <div className="transcribe-source">
      <p className="muted">A spoken translation of:</p>
      <p className="prompt-sentence speak-sentence" lang="en" data-testid="transcribe-english">
        {english}
      </p>
    </div>
  );
}

function WriteCard(props: {
  queued: QueuedItem<TranscribeClip>;
  position: string;
  canSkip: boolean;
  onSave: (text: string) => Promise<void>;
  onSkip: () => void;
}) {
  const { item: clip, audioUrl } = props.queued;
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = transcriptSaveSchema.shape.text.safeParse(text);
    if (!parsed.success || parsed.data === '') {
      setError(parsed.success ? 'Write what is said, or skip this clip' : parsed.error.issues[0]!.message);
      field.current?.focus();
      return;
    }
    setBusy(true);
    void props.onSave(parsed.data);
  }

  return (
    <section
      className="card stack speak-card"
      aria-labelledby={`${id}-heading`}
      data-testid="transcribe-card"
    >
      <h2 id={`${id}-heading`} className="review-position speak-position">
        {props.position}
      </h2>
      <SpokenFor english={clip.english} />
      {clip.title && <p className="muted">Titled “{clip.title}” by its speaker</p>}
      <ClipPlayer url={audioUrl} label="The clip to transcribe" />
      <p className="muted">{clip.duration.toFixed(1)} seconds. Play it as often as you need.</p>
      <form className="form translate-one-field" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-text`}>What is said, in Lopit</label>
          <textarea
            ref={field}
            id={`${id}-text`}
            lang="lpx"
            rows={3}
            value={text}
            data-testid="transcribe-text"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => {
              setText(event.target.value);
              setError(null);
            }}
          />
          {error && (
            <p className="field-error" id={`${id}-error`} role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="speak-controls">
          <button type="submit" className="btn btn-primary speak-big" disabled={busy}>
            Save
          </button>
        </div>
      </form>
      <div className="button-row speak-secondary">
        <button type="button" className="btn" disabled={!props.canSkip || busy} onClick={props.onSkip}>
          Skip
        </button>
      </div>
    </section>
  );
}

function CheckCard(props: {
  queued: QueuedItem<ReviewTranscript>;
  position: string;
  onReview: (review: ProposalReview) => Promise<void>;
  onSkip: () => void;
}) {
  const { item: transcript, audioUrl } = props.queued;
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const votes = useMemo(
    () =>
      `${transcript.approvals} ${transcript.approvals === 1 ? 'approval' : 'approvals'}, ${transcript.rejections} ${transcript.rejections === 1 ? 'rejection' : 'rejections'}`,
    [transcript],
  );

  function send(review: ProposalReview) {
    if (busy) return;
    setBusy(true);
    void props.onReview(review);
  }

  function reject(event: FormEvent) {
    event.preventDefault();
    const parsed = proposalReviewSchema.safeParse({ verdict: 'reject', reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Say why this transcript is wrong');
      return;
    }
    send(parsed.data);
  }

  return (
    <section className="card review-card" aria-labelledby={`${id}-heading`} data-testid="transcript-review">
      <p className="muted review-position">{props.position}</p>
      <h2 id={`${id}-heading`} className="review-question">
        Does the clip say this?
      </h2>
      <SpokenFor english={transcript.english} />
      <ClipPlayer url={audioUrl} label="The clip" />
      <dl className="review-pair">
        <dt>Transcript</dt>
        <dd>
          <span className="review-text" lang="lpx" data-testid="transcript-text">
            {transcript.text}
          </span>
          <span className="muted review-meta">
            {transcript.authorName ? `by ${transcript.authorName}, ` : ''}
            {votes}
          </span>
        </dd>
      </dl>
      {transcript.others.length > 0 && (
        <section className="review-others" aria-labelledby={`${id}-others`}>
          <h3 id={`${id}-others`}>Also written for this clip</h3>
          <ul>
            {transcript.others.map((other) => (
              <li key={other.id} className="review-other">
                <span lang="lpx">{other.text}</span>
                {other.mine && <span className="muted review-meta">yours</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
      {rejecting ? (
        <form className="form review-reject" onSubmit={reject} noValidate>
          <div className="field">
            <label htmlFor={`${id}-reason`}>What is wrong with it?</label>
            <textarea
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
        <div className="review-answers">
          <button
            type="button"
            className="btn review-answer review-yes"
            disabled={busy}
            onClick={() => send({ verdict: 'approve' })}
          >
            <span aria-hidden="true">✓</span> Approve
          </button>
          <button
            type="button"
            className="btn review-answer review-no"
            disabled={busy}
            onClick={() => setRejecting(true)}
          >
            <span aria-hidden="true">✗</span> Reject
          </button>
          <button type="button" className="btn review-answer" disabled={busy} onClick={props.onSkip}>
            <span aria-hidden="true">→</span> Skip
          </button>
        </div>
      )}
    </section>
  );
}
