// /sentences (a tab beside Speak and Tell): literate contributors write new Lopit sentences for others to read
// aloud, one at a time, checked on the phone by Common Voice's rules (core/api/sentences.ts), and check other
// people's sentences one at a time. A sentence is offered to read once PROPOSAL_APPROVALS_TO_ACCEPT others approve
// it (or an admin does). Writes and reviews go through the outbox; the sentences to check are kept on the phone
// (settings-store), so both work without a connection, after a reload too.
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { subjects } from '../../../core/api/mutations.ts';
import type { ProposalReview } from '../../../core/api/review.ts';
import {
  SENTENCE_MAX_CHARS,
  SENTENCE_SOURCE_MAX,
  sentenceProposeSchema,
  type ReviewSentence,
  type SentenceStatus,
} from '../../../core/api/sentences.ts';
import { PROMPT_MAX_WORDS } from '../../../core/api/prompts.ts';
import { PROPOSAL_APPROVALS_TO_ACCEPT } from '../../../core/review/rules.ts';
import { sentences as m } from '../../../core/i18n/messages/sentences.ts';
import { PATHS } from '../../app/paths.ts';
import { ChoiceTabs } from '../../components/choice-tabs.tsx';
import { FieldError } from '../../components/field-error.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { settingsStore } from '../../offline/settings-store.ts';
import { useAuth } from '../auth/use-auth.ts';
import { ReviewVerdict } from '../review/review-verdict.tsx';
import { ModeTabs } from '../speak/mode-tabs.tsx';
import { GoneNotice } from '../sync/gone-notice.tsx';
import { useSyncStatus } from '../sync/sync.ts';
import { useOutbox } from '../sync/use-outbox.ts';
import { queueSentence, queueSentenceReview, sentencesApi } from './sentences-api.ts';
import '../review/review.css';
import '../speak/speak.css';

type Tab = 'write' | 'check';

export function SentencesPage() {
  const t = useT();
  const { user } = useAuth();
  const userId = user?.id ?? '';
  const [tab, setTab] = useState<Tab>('write');
  const offline = useSyncStatus().phase === 'offline';

  return (
    <div className="page stack sentences-page">
      <ModeTabs group="recording" current={PATHS.sentences} />
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
        testIdPrefix="sentences-tab-"
      />
      <GoneNotice />
      {tab === 'write' ? (
        <WritePart userId={userId} offline={offline} />
      ) : (
        <CheckPart userId={userId} offline={offline} />
      )}
    </div>
  );
}

function WritePart({ userId, offline }: { userId: string; offline: boolean }) {
  const t = useT();
  const id = useId();
  const [text, setText] = useState('');
  const [source, setSource] = useState('');
  const [errors, setErrors] = useState<{ text?: string[]; source?: string[] }>({});
  const [notice, setNotice] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const entries = useOutbox();
  const waiting = (entries ?? []).flatMap((entry) =>
    entry.kind === 'sentence.propose' && entry.userId === userId ? [entry.body.text] : [],
  );
  const [mine, setMine] = useState<SentenceStatus[] | null>(null);
  useEffect(() => {
    if (!userId || offline) return;
    sentencesApi
      .mine()
      .then(setMine)
      .catch(() => undefined);
  }, [userId, offline, waiting.length]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = sentenceProposeSchema.safeParse({ text, source });
    if (!parsed.success) {
      const found: { text?: string[]; source?: string[] } = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'source' ? 'source' : 'text';
        found[key] = [...(found[key] ?? []), issue.message];
      }
      setErrors(found);
      setNotice(null);
      field.current?.focus();
      return;
    }
    await queueSentence(userId, { text: parsed.data.text, source: parsed.data.source ?? undefined });
    setText('');
    setErrors({});
    setNotice(t(m.saved));
    field.current?.focus();
  }

  const errorId = (name: string) => `${id}-${name}-error`;
  return (
    <>
      {notice && (
        <p className="success-box" role="status" data-testid="sentences-notice">
          {notice}
        </p>
      )}
      <section className="card stack speak-card" data-testid="sentence-write">
        <form className="form stack" onSubmit={(event) => void submit(event)} noValidate>
          <div className="field">
            <label htmlFor={`${id}-text`}>{t(m.textLabel)}</label>
            <textarea
              ref={field}
              id={`${id}-text`}
              lang="lpx"
              rows={3}
              maxLength={SENTENCE_MAX_CHARS * 2}
              value={text}
              data-testid="sentence-text"
              aria-invalid={errors.text ? true : undefined}
              aria-describedby={`${id}-rules${errors.text ? ` ${errorId('text')}` : ''}`}
              onChange={(event) => {
                setText(event.target.value);
                setErrors({});
              }}
            />
            <p id={`${id}-rules`} className="muted">
              {t(m.rules, { words: PROMPT_MAX_WORDS })}
            </p>
            {errors.text && <FieldError id={errorId('text')} text={errors.text.join(' ')} alert />}
          </div>
          <div className="field">
            <label htmlFor={`${id}-source`}>{t(m.sourceLabel)}</label>
            <input
              id={`${id}-source`}
              maxLength={SENTENCE_SOURCE_MAX}
              value={source}
              data-testid="sentence-source"
              aria-invalid={errors.source ? true : undefined}
              aria-describedby={errors.source ? errorId('source') : undefined}
              onChange={(event) => setSource(event.target.value)}
            />
            {errors.source && <FieldError id={errorId('source')} text={errors.source.join(' ')} />}
          </div>
          <div className="speak-controls">
            <button type="submit" className="btn btn-primary speak-big">
              {t(m.save)}
            </button>
          </div>
        </form>
      </section>
      {(waiting.length > 0 || (mine && mine.length > 0)) && (
        <section className="card stack" aria-labelledby={`${id}-mine`} data-testid="sentences-mine">
          <h2 id={`${id}-mine`}>{t(m.mine)}</h2>
          <ul className="sentence-list">
            {waiting.map((sentence) => (
              <li key={`waiting ${sentence}`}>
                <span lang="lpx">{sentence}</span> <span className="muted">· {t(m.waiting)}</span>
              </li>
            ))}
            {(mine ?? [])
              .filter((sentence) => !waiting.includes(sentence.text))
              .map((sentence) => (
                <li key={sentence.id}>
                  <span lang="lpx">{sentence.text}</span>{' '}
                  <span className="muted">· {t(m.state, { state: sentence.state })}</span>
                </li>
              ))}
          </ul>
        </section>
      )}
    </>
  );
}

/** The sentences to check kept on the phone, less those already reviewed here; refilled with a connection. */
function useSentencePack(userId: string, offline: boolean) {
  const entries = useOutbox();
  const [kept, setKept] = useState<ReviewSentence[] | null>(null);
  const [unreachable, setUnreachable] = useState(false);
  const reviewed = new Set(
    (entries ?? []).filter((entry) => entry.kind === 'sentence.review').map((entry) => entry.subject),
  );

  const refill = useCallback(async () => {
    try {
      const fresh = await sentencesApi.pack();
      await settingsStore.setSentenceReview(userId, fresh);
      setKept(fresh);
      setUnreachable(false);
    } catch {
      setUnreachable(true);
    }
  }, [userId]);

  useEffect(() => {
    if (!userId) return;
    let live = true;
    void settingsStore.sentenceReview(userId).then((stored) => {
      if (!live) return;
      setKept(stored);
      if (stored.length === 0 && !offline) void refill();
    });
    return () => {
      live = false;
    };
  }, [userId, offline, refill]);

  const items = (kept ?? []).filter((sentence) => !reviewed.has(subjects.sentence(sentence.id)));
  const drop = async (sentence: ReviewSentence, toEnd: boolean) => {
    const rest = (kept ?? []).filter((other) => other.id !== sentence.id);
    const next = toEnd ? [...rest, sentence] : rest;
    await settingsStore.setSentenceReview(userId, next);
    setKept(next);
    if (next.length === 0 && !offline) void refill();
  };
  return { items, loading: kept === null, unreachable: unreachable || offline, refill, drop };
}

function CheckPart({ userId, offline }: { userId: string; offline: boolean }) {
  const t = useT();
  const pack = useSentencePack(userId, offline);
  const [notice, setNotice] = useState<string | null>(null);
  const first = pack.items[0];
  return (
    <>
      {offline && pack.items.length > 0 && (
        <p className="notice-box" role="status" data-testid="sentences-offline">
          <span aria-hidden="true">⚠ </span>
          {t(m.offlineHeld, { count: pack.items.length })}
        </p>
      )}
      {notice && (
        <p className="success-box" role="status" data-testid="sentences-notice">
          {notice}
        </p>
      )}
      {first ? (
        <CheckCard
          key={first.id}
          sentence={first}
          position={t(m.position, { position: 1, count: pack.items.length })}
          onReview={async (review) => {
            await queueSentenceReview(userId, first, review);
            setNotice(review.verdict === 'approve' ? t(m.approved) : t(m.rejected));
            await pack.drop(first, false);
          }}
          onSkip={async () => {
            setNotice(t(m.skipped));
            await pack.drop(first, pack.items.length >= 2);
          }}
        />
      ) : pack.loading ? (
        <p role="status">{t(m.bringing)}</p>
      ) : (
        <section className="card stack" data-testid="sentences-empty">
          <p>{pack.unreachable ? t(m.unreachable) : t(m.empty)}</p>
          <div className="button-row">
            <button type="button" className="btn" onClick={() => void pack.refill()}>
              {t(m.lookAgain)}
            </button>
          </div>
        </section>
      )}
    </>
  );
}

function CheckCard(props: {
  sentence: ReviewSentence;
  position: string;
  onReview: (review: ProposalReview) => Promise<void>;
  onSkip: () => Promise<void>;
}) {
  const t = useT();
  const { sentence } = props;
  const id = useId();
  const votes = t(m.votes, { approvals: sentence.approvals, rejections: sentence.rejections });

  return (
    <section className="card review-card" aria-labelledby={`${id}-heading`} data-testid="sentence-review">
      <p className="muted review-position">{props.position}</p>
      <h2 id={`${id}-heading`} className="review-question">
        {t(m.question)}
      </h2>
      <p className="prompt-sentence speak-sentence" lang="lpx" data-testid="sentence-review-text">
        {sentence.text}
      </p>
      <p className="muted review-meta">
        {sentence.authorName ? t(m.byAuthor, { name: sentence.authorName, votes }) : votes}
      </p>
      {sentence.source && <p className="muted">{t(m.source, { source: sentence.source })}</p>}
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
