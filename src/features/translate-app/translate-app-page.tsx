// Translate the app (issue 18): contributors translate the interface's messages into a language an admin
// added, and review each other's translations (the rule of translation pairs). Untranslated messages come
// first; search and a screen filter narrow the list. Each message shows its English source, the note for
// translators and the placeholders to keep; a proposal is checked (placeholders, plurals) before it is
// queued. Proposals and reviews go through the outbox, so this works offline on the copy kept on the phone.
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { ChoiceTabs } from '../../components/choice-tabs.tsx';
import type { UiLanguage, UiMessage, UiProposal } from '../../../core/api/i18n.ts';
import { translationProblems, type TranslationProblem } from '../../../core/i18n/icu.ts';
import { translateApp as m, translatePreview } from '../../../core/i18n/messages/translate-app.ts';
import { currentPreview, richText, useT } from '../../i18n/i18n.tsx';
import { problemText } from './problem-text.ts';
import { loadPreview } from '../../i18n/preview.ts';
import type { OutboxEntry } from '../../offline/local-db.ts';
import { entryParams } from '../../offline/outbox.ts';
import { useAuth } from '../auth/use-auth.ts';
import { useSyncStatus } from '../sync/sync.ts';
import { useOutbox } from '../sync/use-outbox.ts';
import {
  loadLanguages,
  loadMessages,
  proposeMessage,
  reviewMessage,
  type MessagesCopy,
} from './translate-app-api.ts';
import './translate-app.css';

type StateFilter = 'untranslated' | 'review' | 'approved';
const PAGE = 25;

/**
 * As a list, or one message at a time; remembered on this device in localStorage (a display preference, read
 * synchronously so the screen opens in its layout without a jump).
 */
type View = 'list' | 'one';
const VIEW_KEY = 'lopit.translate-app.view';

function storedView(): View {
  try {
    return localStorage.getItem(VIEW_KEY) === 'one' ? 'one' : 'list';
  } catch {
    return 'list';
  }
}

function storeView(view: View) {
  try {
    localStorage.setItem(VIEW_KEY, view);
  } catch {
    // Storage refused: the choice lasts for this visit.
  }
}

export function TranslateAppPage() {
  const t = useT();
  const { user } = useAuth();
  const [languages, setLanguages] = useState<UiLanguage[] | null>(null);
  const [code, setCode] = useState<string>('');
  const [copy, setCopy] = useState<MessagesCopy | null>(null);
  const [failed, setFailed] = useState(false);
  const [search, setSearch] = useState('');
  const [screen, setScreen] = useState('all');
  const [state, setState] = useState<StateFilter>('untranslated');
  const [shown, setShown] = useState(PAGE);
  const [view, setView] = useState<View>(storedView);
  const [previewFailed, setPreviewFailed] = useState(false);
  const outbox = useOutbox();
  const { lastSuccessAt } = useSyncStatus();
  // The order of the list as first shown for these filters: a message proposed or reviewed stays where it is
  // (issue 35: it used to jump out of view as the list read after a sync sorted it again).
  const ranks = useRef<{ key: string; byId: Map<string, number> } | null>(null);

  // A preview of this language shows what this phone sent, once it is on the server.
  useEffect(() => {
    const preview = currentPreview();
    if (preview && preview.code === code && lastSuccessAt) loadPreview(preview).catch(() => undefined);
  }, [code, lastSuccessAt]);

  useEffect(() => {
    loadLanguages()
      .then((list) => {
        setLanguages(list);
        setCode((current) => current || list[0]?.code || '');
      })
      .catch(() => setFailed(true));
  }, []);

  // Read again after each successful sync: what this phone sent is then on the server.
  // An answer for a language no longer chosen (the choice changed while it was on its way) is dropped.
  useEffect(() => {
    if (!user || !code) return;
    let current = true;
    loadMessages(user.id, code)
      .then((loaded) => {
        if (!current) return;
        setCopy(loaded);
        setFailed(false);
      })
      .catch(() => {
        if (current) setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [user, code, lastSuccessAt]);

  const pending = useMemo(() => pendingOf(outbox ?? [], code), [outbox, code]);
  const screens = useMemo(() => [...new Set(copy?.messages.map((message) => message.screen))], [copy]);
  const filtered = useMemo(() => {
    if (!copy) return [];
    const needle = search.trim().toLowerCase();
    const matches = copy.messages.filter(
      (message) =>
        (screen === 'all' || message.screen === screen) &&
        (!needle ||
          message.source.toLowerCase().includes(needle) ||
          message.id.toLowerCase().includes(needle) ||
          (message.approved ?? '').toLowerCase().includes(needle)),
    );
    if (state === 'review') return matches.filter((message) => message.proposals.length > 0);
    if (state === 'approved') return matches.filter((message) => message.approved !== null);
    // Untranslated first, then those waiting for review, then the approved.
    const rank = (message: UiMessage) => (message.approved ? 2 : message.proposals.length > 0 ? 1 : 0);
    const key = [copy.language.code, search, screen].join('\u0000');
    if (ranks.current?.key !== key)
      ranks.current = { key, byId: new Map(copy.messages.map((message) => [message.id, rank(message)])) };
    const { byId } = ranks.current;
    const rankOf = (message: UiMessage) => byId.get(message.id) ?? rank(message);
    return [...matches].sort((a, b) => rankOf(a) - rankOf(b));
  }, [copy, search, screen, state]);

  if (!user) return null;
  return (
    <div className="page page-narrow translate-app">
      <div className="page-header">
        <h1>{t(m.title)}</h1>
        <p>{t(m.intro)}</p>
      </div>
      {languages?.length === 0 && <p className="notice-box">{t(m.noLanguages)}</p>}
      {failed && !copy && <p className="error-box">{t(m.loadFailed)}</p>}
      {languages && languages.length > 0 && (
        <div className="toolbar translate-app-filters">
          <label className="field">
            {t(m.language)}
            <select
              className="input"
              value={code}
              onChange={(event) => {
                setCode(event.target.value);
                setCopy(null);
              }}
            >
              {languages.map((language) => (
                <option key={language.code} value={language.code} lang={language.code}>
                  {language.name}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            {t(m.search)}
            <input
              className="input"
              type="search"
              value={search}
              maxLength={200}
              onChange={(event) => {
                setSearch(event.target.value);
                setShown(PAGE);
              }}
            />
          </label>
          <label className="field">
            {t(m.screen)}
            <select className="input" value={screen} onChange={(event) => setScreen(event.target.value)}>
              <option value="all">{t(m.allScreens)}</option>
              {screens.map((name) => (
                <option key={name} value={name} translate="no">
                  {name}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            {t(m.show)}
            <select
              className="input"
              value={state}
              onChange={(event) => setState(event.target.value as StateFilter)}
            >
              <option value="untranslated">{t(m.untranslatedFirst)}</option>
              <option value="review">{t(m.toReview)}</option>
              <option value="approved">{t(m.approvedOnly)}</option>
            </select>
          </label>
        </div>
      )}
      {languages && languages.length > 0 && (
        <ChoiceTabs
          className="translate-app-view"
          label={t(m.view)}
          choices={[
            { value: 'list', label: t(m.viewList) },
            { value: 'one', label: t(m.viewOne) },
          ]}
          value={view}
          onChange={(id) => {
            setView(id);
            storeView(id);
          }}
          testIdPrefix="translate-view-"
        />
      )}
      {copy && (
        <div className="button-row">
          <button
            type="button"
            className="btn"
            data-testid="preview-start"
            onClick={() => {
              setPreviewFailed(false);
              loadPreview(copy.language).catch(() => setPreviewFailed(true));
            }}
          >
            {/* One span: the button's flex gap would come between the words and the name. */}
            <span>
              {richText(t, translatePreview.start, {
                language: <span lang={code}>{copy.language.name}</span>,
              })}
            </span>
          </button>
        </div>
      )}
      {previewFailed && <p className="error-box">{t(translatePreview.startFailed)}</p>}
      {copy && view === 'one' && (
        <>
          <p data-testid="translate-progress">
            {t(m.progress, { approved: copy.language.approved, total: copy.language.total })}
          </p>
          <OneAtATime
            messages={filtered}
            language={copy.language}
            userId={user.id}
            isAdmin={user.role === 'admin'}
            pending={pending}
          />
        </>
      )}
      {copy && view === 'list' && (
        <>
          <p data-testid="translate-progress">
            {t(m.progress, { approved: copy.language.approved, total: copy.language.total })} ·{' '}
            {t(m.shown, { count: filtered.length })}
          </p>
          <ol className="translate-app-list">
            {filtered.slice(0, shown).map((message) => (
              <MessageCard
                key={message.id}
                message={message}
                language={copy.language}
                userId={user.id}
                isAdmin={user.role === 'admin'}
                pending={pending}
              />
            ))}
          </ol>
          {filtered.length > shown && (
            <button type="button" className="btn" onClick={() => setShown((count) => count + PAGE)}>
              {t(m.next)}
            </button>
          )}
        </>
      )}
    </div>
  );
}

/**
 * One message at a time, in the order of the filters: Next and Previous move through them, Skip leaves the
 * message for later (it comes after the others). The message shown is followed by its id, so a list read again
 * after a sync (which reorders it) keeps it on screen; moving puts the keyboard in the translation field.
 */
function OneAtATime({
  messages,
  language,
  userId,
  isAdmin,
  pending,
}: {
  messages: UiMessage[];
  language: UiLanguage;
  userId: string;
  isAdmin: boolean;
  pending: Pending;
}) {
  const t = useT();
  const [skipped, setSkipped] = useState<string[]>([]);
  const [saved, setSaved] = useState<{ text: string; count: number } | null>(null);
  const [currentId, setCurrentId] = useState<string | null>(null);
  const [moved, setMoved] = useState(0);
  const card = useRef<HTMLDivElement>(null);
  const order = useMemo(() => {
    const later = new Set(skipped);
    const byId = new Map(messages.map((message) => [message.id, message]));
    return [
      ...messages.filter((message) => !later.has(message.id)),
      ...skipped.flatMap((id) => byId.get(id) ?? []),
    ];
  }, [messages, skipped]);
  const found = order.findIndex((message) => message.id === currentId);
  const index = found >= 0 ? found : 0;
  const message = order[index];

  useEffect(() => {
    if (moved > 0) card.current?.querySelector('textarea')?.focus();
  }, [moved]);

  if (!message) return <p className="muted">{t(m.noneShown)}</p>;
  const go = (next: UiMessage | undefined) => {
    if (!next) return;
    setCurrentId(next.id);
    setMoved((count) => count + 1);
  };
  const proposed = (text: string) => {
    setSaved((last) => ({ text, count: (last?.count ?? 0) + 1 }));
    go(order[index + 1]);
  };
  return (
    <div className="stack translate-app-one" ref={card}>
      <h2 className="translate-app-position" data-testid="translate-position" aria-live="polite">
        {t(m.position, { position: index + 1, count: order.length })}
      </h2>
      <p className="success-box" role="status" data-testid="translate-saved" hidden={!saved}>
        {saved && t(m.savedNext, { text: saved.text, count: saved.count })}
      </p>
      <ol className="translate-app-list">
        <MessageCard
          key={message.id}
          message={message}
          language={language}
          userId={userId}
          isAdmin={isAdmin}
          pending={pending}
          onProposed={proposed}
        />
      </ol>
      <div className="button-row translate-app-nav">
        <button type="button" className="btn" disabled={index === 0} onClick={() => go(order[index - 1])}>
          <span aria-hidden="true">← </span>
          {t(m.previous)}
        </button>
        <button
          type="button"
          className="btn"
          disabled={order.length < 2}
          onClick={() => {
            // Later: after the others; the one that followed it comes on screen.
            setSkipped((list) => [...list.filter((id) => id !== message.id), message.id]);
            go(order[index + 1] ?? order[0]);
          }}
        >
          {t(m.skip)}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={index >= order.length - 1}
          onClick={() => go(order[index + 1])}
        >
          {t(m.next)}
          <span aria-hidden="true"> →</span>
        </button>
      </div>
    </div>
  );
}

interface Pending {
  /** Proposals waiting in the outbox, by message id. */
  proposals: Map<string, string>;
  /** Reviews waiting in the outbox, by proposal id. */
  reviews: Map<number, 'approve' | 'reject'>;
}

function pendingOf(entries: readonly OutboxEntry[], code: string): Pending {
  const proposals = new Map<string, string>();
  const reviews = new Map<number, 'approve' | 'reject'>();
  for (const entry of entries) {
    if (entry.kind === 'ui.propose') {
      if (entry.body.language === code) proposals.set(entry.body.messageId, entry.body.text);
    } else if (entry.kind === 'ui.review') {
      const params = entryParams(entry);
      if (params) reviews.set(Number(params.id), entry.body.verdict);
    }
  }
  return { proposals, reviews };
}

function MessageCard({
  message,
  language,
  userId,
  isAdmin,
  pending,
  onProposed,
}: {
  message: UiMessage;
  language: UiLanguage;
  userId: string;
  isAdmin: boolean;
  pending: Pending;
  /** One at a time: moves on, saying so (the list keeps the card in view with its confirmation). */
  onProposed?: (text: string) => void;
}) {
  const t = useT();
  const [text, setText] = useState('');
  const [saved, setSaved] = useState(false);
  const [problems, setProblems] = useState<TranslationProblem[]>([]);
  const queued = pending.proposals.get(message.id);

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = translationProblems(message.source, text.trim());
    setProblems(found);
    if (found.length > 0 || !text.trim()) return;
    const proposal = text.trim();
    void proposeMessage(userId, language.code, message, proposal, `${language.name}: ${message.source}`).then(
      () => {
        setText('');
        setSaved(true);
        onProposed?.(proposal);
      },
    );
  }

  return (
    <li className="card translate-app-message" data-testid="ui-message" data-message-id={message.id}>
      <p className="translate-app-label muted">{t(m.english)}</p>
      <p className="translate-app-source" lang="en">
        {message.source}
      </p>
      <p className="muted">
        <span>{t(m.note)}: </span>
        <span lang="en">{message.note}</span>
      </p>
      {message.placeholders.length > 0 && (
        <p className="muted">{t(m.placeholders, { list: message.placeholders.join(' ') })}</p>
      )}
      {message.approved !== null && (
        <>
          <p className="translate-app-label muted">{t(m.approvedLabel)}</p>
          <p lang={language.code}>{message.approved}</p>
        </>
      )}
      {message.proposals.map((proposal) => (
        <ProposalRow
          key={proposal.id}
          proposal={proposal}
          language={language}
          userId={userId}
          queuedVerdict={pending.reviews.get(proposal.id)}
          source={message.source}
          isAdmin={isAdmin}
        />
      ))}
      {(message.outcomes ?? []).length > 0 && (
        <div data-testid="ui-outcomes">
          <p className="translate-app-label muted">{t(m.outcomesLabel)}</p>
          <ul className="translate-app-outcomes">
            {message.outcomes!.map((outcome) => (
              <li key={outcome.id} data-testid="ui-outcome" data-state={outcome.state}>
                <span lang={language.code}>{outcome.text}</span> —{' '}
                <strong>{t(m.outcome, { state: outcome.state })}</strong>
                {outcome.reasons.length > 0 && (
                  <> · {t(m.reasonsGiven, { reasons: outcome.reasons.join(' · ') })}</>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {queued !== undefined && (
        <p className="notice-box" data-testid="ui-queued">
          <span lang={language.code}>{queued}</span> — {t(m.queued)}
        </p>
      )}
      {saved && !onProposed && (
        <p className="success-box" role="status" data-testid="ui-saved">
          {t(m.saved)}
        </p>
      )}
      <form className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`ui-${message.id}`}>{t(m.yourTranslation)}</label>
          <textarea
            id={`ui-${message.id}`}
            lang={language.code}
            rows={2}
            maxLength={2000}
            value={text}
            aria-invalid={problems.length > 0 || undefined}
            onChange={(event) => setText(event.target.value)}
          />
          {problems.map((problem, index) => (
            <p key={index} className="field-error">
              {problemText(t, problem)}
            </p>
          ))}
        </div>
        <div className="button-row">
          <button type="submit" className="btn btn-primary" disabled={!text.trim()}>
            {t(m.propose)}
          </button>
        </div>
      </form>
    </li>
  );
}

function ProposalRow({
  proposal,
  language,
  userId,
  queuedVerdict,
  source,
  isAdmin,
}: {
  proposal: UiProposal;
  language: UiLanguage;
  userId: string;
  queuedVerdict: 'approve' | 'reject' | undefined;
  source: string;
  isAdmin: boolean;
}) {
  const t = useT();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const verdict = queuedVerdict ?? proposal.myVerdict;
  // An admin may review again what they reviewed before becoming admin: their verdict then decides.
  const canReview = !proposal.mine && !queuedVerdict && (!verdict || isAdmin);
  const label = `${language.name}: ${source}`;
  return (
    <div className="translate-app-proposal" data-testid="ui-proposal">
      <p className="translate-app-label muted">
        {t(m.proposed)}
        {proposal.mine && <> · {t(m.yours)}</>} ·{' '}
        {t(m.votes, { approvals: proposal.approvals, rejections: proposal.rejections })}
      </p>
      <p lang={language.code}>{proposal.text}</p>
      {verdict && (
        <p className="muted">
          {t(m.reviewed, { verdict })}
          {queuedVerdict && <> — {t(m.queued)}</>}
        </p>
      )}
      {canReview && (
        <div className="button-row">
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void reviewMessage(userId, proposal.id, { verdict: 'approve' }, label)}
          >
            {t(m.approve)}
          </button>
          <button type="button" className="btn" onClick={() => setRejecting(true)}>
            {t(m.reject)}
          </button>
        </div>
      )}
      {rejecting && canReview && (
        <form
          className="form"
          onSubmit={(event) => {
            event.preventDefault();
            if (!reason.trim()) return;
            void reviewMessage(userId, proposal.id, { verdict: 'reject', reason: reason.trim() }, label);
          }}
        >
          <div className="field">
            <label htmlFor={`reject-${proposal.id}`}>{t(m.rejectReason)}</label>
            <input
              id={`reject-${proposal.id}`}
              maxLength={500}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </div>
          <div className="button-row">
            <button type="submit" className="btn btn-danger" disabled={!reason.trim()}>
              {t(m.reject)}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
