// /transcribe: Lopit clips without a transcript, one at a time (spoken translations first, with the English
// sentence they translate; then free recordings): play and replay, type what is said, Save or Skip. A transcript is
// a proposal until PROPOSAL_APPROVALS_TO_ACCEPT other contributors approve it under "Check transcripts" (or an
// admin does); then it is the clip's transcript, and a spoken translation's also proposes the sentence's Lopit.
// Transcripts and reviews go through the outbox; the clips and their audio are fetched with a connection and kept
// on the phone (IndexedDB), so a loaded list can be finished offline, after a reload too.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ChoiceTabs } from '../../components/choice-tabs.tsx';
import { FieldError } from '../../components/field-error.tsx';
import type { ProposalReview } from '../../../core/api/review.ts';
import {
  TRANSCRIBE_QUEUE_CLIPS,
  TRANSCRIPT_REVIEW_PACK,
  transcriptSaveSchema,
  type ReviewTranscript,
  type TranscribeClip,
  type TranscriptStats,
} from '../../../core/api/transcripts.ts';
import { PROPOSAL_APPROVALS_TO_ACCEPT } from '../../../core/review/rules.ts';
import { repeat as rm, transcribe as m } from '../../../core/i18n/messages/transcribe.ts';
import { formatNumber, useT } from '../../i18n/i18n.tsx';
import type { OutboxKind } from '../../offline/local-db.ts';
import { useAuth } from '../auth/use-auth.ts';
import { ReviewVerdict } from '../review/review-verdict.tsx';
import { CountsLine } from '../review/review-shared.tsx';
import { startOfToday, type ReviewCounts } from '../review/use-review-pack.ts';
import { useSyncStatus } from '../sync/sync.ts';
import { useOutbox } from '../sync/use-outbox.ts';
import { queueTranscript, queueTranscriptReview, transcribeApi } from './transcribe-api.ts';
import { subjects } from '../../../core/api/mutations.ts';
import { GoneNotice } from '../sync/gone-notice.tsx';
import { ClipPlayer } from './clip-player.tsx';
import { useAudioQueue, type QueuedItem, type QueueState } from './use-audio-queue.ts';
import '../review/review.css';
import '../speak/speak.css';
import './transcribe.css';
import { ClipPicture } from '../pictures/clip-picture.tsx';

type Tab = 'write' | 'check';

export function TranscribePage() {
  const t = useT();
  const { user } = useAuth();
  const userId = user?.id ?? '';
  const [tab, setTab] = useState<Tab>('write');
  const { phase } = useSyncStatus();
  const offline = phase === 'offline';
  const stats = useStats(userId);

  return (
    <div className="page stack transcribe-page">
      <div className="page-header">
        <h1>{t(m.title)}</h1>
        <p>{t(m.intro, { count: PROPOSAL_APPROVALS_TO_ACCEPT })}</p>
      </div>
      <ChoiceTabs
        label={t(m.tabs)}
        choices={[
          { value: 'write', label: t(m.tabWrite) },
          { value: 'check', label: t(m.tabCheck) },
        ]}
        value={tab}
        onChange={setTab}
        testIdPrefix="transcribe-tab-"
      />
      <GoneNotice />
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
  const t = useT();
  const queue = useAudioQueue<TranscribeClip>({
    userId,
    fetch: () => transcribeApi.queue(TRANSCRIBE_QUEUE_CLIPS),
    keyOf: (clip) => clip.id,
    clipOf: (clip) => clip.id,
    helpOf: (clip) => clip.repetitions?.[0] ?? null,
    outbox: { kind: 'transcript.save', subject: (clip) => subjects.transcriptClip(clip.id) },
  });
  const [notice, setNotice] = useState<string | null>(null);
  const first = queue.items[0];
  return (
    <>
      <CountsLine counts={stats.transcripts} noun="transcripts" />
      <StatusLines
        offline={offline}
        held={queue.items.length}
        message={t(m.offlineClips, { count: queue.items.length })}
        notice={notice}
      />
      {first ? (
        <WriteCard
          key={first.item.id}
          queued={first}
          position={t(m.clipPosition, { position: 1, count: queue.items.length })}
          canSkip={queue.items.length >= 2}
          onSave={async (text) => {
            await queueTranscript(userId, first.item, text);
            setNotice(t(m.saved));
            queue.done(first.item);
          }}
          onSkip={() => {
            setNotice(t(m.skippedWrite));
            queue.skip(first.item);
          }}
        />
      ) : (
        <Empty
          state={queue.state}
          offline={offline}
          empty={t(m.emptyWrite)}
          onRetry={() => void queue.refill()}
        />
      )}
    </>
  );
}

function CheckPart({ userId, offline, stats }: { userId: string; offline: boolean; stats: Stats }) {
  const t = useT();
  const queue = useAudioQueue<ReviewTranscript>({
    userId,
    fetch: () => transcribeApi.pack(TRANSCRIPT_REVIEW_PACK),
    keyOf: (transcript) => String(transcript.id),
    clipOf: (transcript) => transcript.recordingId,
    outbox: { kind: 'transcript.review', subject: (transcript) => subjects.transcript(transcript.id) },
  });
  const [notice, setNotice] = useState<string | null>(null);
  const first = queue.items[0];
  return (
    <>
      <CountsLine counts={stats.reviews} noun="reviews" />
      <StatusLines
        offline={offline}
        held={queue.items.length}
        message={t(m.offlineTranscripts, { count: queue.items.length })}
        notice={notice}
      />
      {first ? (
        <CheckCard
          key={first.item.id}
          queued={first}
          position={t(m.transcriptPosition, { position: 1, count: queue.items.length })}
          onReview={async (review) => {
            await queueTranscriptReview(userId, first.item, review);
            setNotice(review.verdict === 'approve' ? t(m.approved) : t(m.rejected));
            queue.done(first.item);
          }}
          onSkip={() => {
            setNotice(t(m.skippedCheck));
            if (queue.items.length >= 2) queue.skip(first.item);
            else queue.done(first.item);
          }}
        />
      ) : (
        <Empty
          state={queue.state}
          offline={offline}
          empty={t(m.emptyCheck)}
          onRetry={() => void queue.refill()}
        />
      )}
    </>
  );
}

export function StatusLines(props: {
  offline: boolean;
  held: number;
  /** What the phone holds, in one sentence (shown offline). */
  message: string;
  notice: string | null;
}) {
  return (
    <>
      {props.offline && props.held > 0 && (
        <p className="notice-box" role="status" data-testid="transcribe-offline">
          <span aria-hidden="true">⚠ </span>
          {props.message}
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

export function Empty(props: { state: QueueState; offline: boolean; empty: string; onRetry: () => void }) {
  const t = useT();
  if (props.state === 'loading' && !props.offline) return <p role="status">{t(m.bringing)}</p>;
  const unreachable = props.offline || props.state === 'unreachable';
  return (
    <section className="card stack" data-testid="transcribe-empty">
      <p>{unreachable ? t(m.unreachable) : props.empty}</p>
      <div className="button-row">
        <button type="button" className="btn" onClick={props.onRetry}>
          {t(m.lookAgain)}
        </button>
      </div>
    </section>
  );
}

function SpokenFor({ english }: { english: string | null }) {
  const t = useT();
  if (!english) return null;
  return (
    <div className="transcribe-source">
      <p className="muted">{t(m.spokenTranslationOf)}</p>
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
  const t = useT();
  const { item: clip, audioUrl, helpUrl } = props.queued;
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = transcriptSaveSchema.shape.text.safeParse(text);
    if (!parsed.success || parsed.data === '') {
      setError(parsed.success ? t(m.writeOrSkip) : parsed.error.issues[0]!.message);
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
      {clip.picture && <ClipPicture pictureId={clip.picture.id} description={clip.picture.description} />}
      {clip.title && <p className="muted">{t(m.titled, { title: clip.title })}</p>}
      <ClipPlayer url={audioUrl} label={t(m.clipToTranscribe)} />
      <p className="muted">
        {t(m.duration, {
          seconds: formatNumber(clip.duration, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
        })}
      </p>
      {helpUrl && (
        <section className="transcribe-source" aria-labelledby={`${id}-help`} data-testid="transcribe-help">
          <h3 id={`${id}-help`} className="muted">
            {t(rm.helpHeading)}
          </h3>
          <ClipPlayer url={helpUrl} label={t(rm.helpPlayer)} testId="transcribe-help-audio" speeds={false} />
        </section>
      )}
      <form className="form translate-one-field" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-text`}>{t(m.textLabel)}</label>
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
          {error && <FieldError id={`${id}-error`} text={error} alert />}
        </div>
        <div className="speak-controls">
          <button type="submit" className="btn btn-primary speak-big" disabled={busy}>
            {t(m.save)}
          </button>
        </div>
      </form>
      <div className="button-row speak-secondary">
        <button type="button" className="btn" disabled={!props.canSkip || busy} onClick={props.onSkip}>
          {t(m.skip)}
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
  const t = useT();
  const { item: transcript, audioUrl } = props.queued;
  const id = useId();
  const votes = t(m.votes, { approvals: transcript.approvals, rejections: transcript.rejections });

  return (
    <section className="card review-card" aria-labelledby={`${id}-heading`} data-testid="transcript-review">
      <p className="muted review-position">{props.position}</p>
      <h2 id={`${id}-heading`} className="review-question">
        {t(m.question)}
      </h2>
      <SpokenFor english={transcript.english} />
      <ClipPlayer url={audioUrl} label={t(m.theClip)} />
      <dl className="review-pair">
        <dt>{t(m.transcript)}</dt>
        <dd>
          <span className="review-text" lang="lpx" data-testid="transcript-text">
            {transcript.text}
          </span>
          <span className="muted review-meta">
            {transcript.authorName ? t(m.byAuthor, { name: transcript.authorName, votes }) : votes}
          </span>
        </dd>
      </dl>
      {transcript.others.length > 0 && (
        <section className="review-others" aria-labelledby={`${id}-others`}>
          <h3 id={`${id}-others`}>{t(m.alsoWritten)}</h3>
          <ul>
            {transcript.others.map((other) => (
              <li key={other.id} className="review-other">
                <span lang="lpx">{other.text}</span>
                {other.mine && <span className="muted review-meta">{t(m.yours)}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
      <ReviewVerdict
        labels={{
          approve: t(m.approve),
          reject: t(m.reject),
          skip: t(m.skip),
          rejectReason: t(m.rejectReason),
          sayWhy: t(m.sayWhy),
          sendRejection: t(m.sendRejection),
          cancel: t(m.cancel),
        }}
        onReview={props.onReview}
        onSkip={props.onSkip}
      />
    </section>
  );
}
