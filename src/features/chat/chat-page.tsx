// /chat: translate between English and Lopit as a conversation (product-spec sections 2 and 4).
import { chat } from '../../../core/i18n/messages/chat.ts';
import { formatDate, useT, type Translate } from '../../i18n/i18n.tsx';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { CHAT_HISTORY_PANEL_MESSAGES } from '../../../core/constants.ts';
import type { Direction } from '../../../core/direction.ts';
import { LineIcon } from '../../components/line-icon.tsx';
import type { OfflineCopy } from './offline-engine.ts';
import { MessageBubble } from './message-bubble.tsx';
import { useChat } from './use-chat.ts';
import './chat.css';

/** Example prompts, one per category of the spec; English sentences the community is asked to translate. */
const EXAMPLES = [
  { category: 'greeting', text: 'Good morning.' },
  { category: 'vocabulary', text: 'Water' },
  { category: 'phrase', text: 'Thank you very much.' },
  { category: 'family', text: 'This is my mother.' },
  { category: 'conversation', text: 'How is your family?' },
  { category: 'numbers', text: 'I have three goats.' },
  { category: 'hospitality', text: 'Welcome to our village.' },
  { category: 'food', text: 'The food is ready.' },
];

/** What the device keeps for answering offline, in a line. */
function offlineStatus(t: Translate, offline: OfflineCopy | null): string {
  if (!offline) return '';
  const { model, memory } = offline;
  const count = memory.pairs;
  if (model.state === 'ready') {
    const date = formatDate(new Date(model.savedAt));
    return count > 0 ? t(chat.offlineReadyWithSentences, { date, count }) : t(chat.offlineReady, { date });
  }
  if (model.state === 'none') return count > 0 ? t(chat.sentencesOnly, { count }) : t(chat.noModel);
  return '';
}

export function ChatPage() {
  const t = useT();
  const { messages, loading, send, reset } = useChat();
  const [input, setInput] = useState('');
  const [historyOpen, setHistoryOpen] = useState(false);
  const [direction, setDirection] = useState<Direction | 'auto'>('auto');
  const [offline, setOffline] = useState<OfflineCopy | null>(null);
  const [animateFrom] = useState(() => messages.length);
  const endRef = useRef<HTMLDivElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const composerRef = useRef<HTMLFormElement>(null);
  const historyHeadingRef = useRef<HTMLHeadingElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);

  const hasMessages = messages.length > 0;
  // The newest reply stays whole above the composer: on a new message, and while the reply grows (typewriter,
  // speech player) as long as the reader has not scrolled away to older messages.
  useEffect(() => revealEnd(endRef.current, composerRef.current, true), [messages]);
  useEffect(() => {
    const log = logRef.current;
    if (!log || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => revealEnd(endRef.current, composerRef.current, false));
    observer.observe(log);
    return () => observer.disconnect();
  }, [hasMessages]);
  useEffect(() => {
    if (historyOpen) historyHeadingRef.current?.focus();
  }, [historyOpen]);

  // Keep this device's copy of the translation model and memory current, for translating without a connection.
  useEffect(() => {
    let live = true;
    void import('./offline-engine.ts')
      .then((engine) => engine.refreshOfflineCopy())
      .then((copy) => live && setOffline(copy))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const submit = (text: string) => {
    if (!text.trim() || loading) return;
    setInput('');
    void send(text, direction);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      submit(input);
    }
  };
  const userHistory = messages
    .filter((message) => message.role === 'user')
    .slice(-CHAT_HISTORY_PANEL_MESSAGES)
    .reverse();

  return (
    <div className="page chat-page">
      {messages.length === 0 ? (
        <section className="chat-empty">
          <h1>{t(chat.title)}</h1>
          <p lang="en">Translate between English and Lodongie, the Lopit language.</p>
          <ul className="chat-examples" aria-label={t(chat.examples)}>
            {EXAMPLES.map((example) => (
              <li key={example.category}>
                <button
                  type="button"
                  className="card card-button"
                  onClick={() => submit(example.text)}
                  disabled={loading}
                >
                  <span className="badge">{t(chat.category, { category: example.category })}</span>{' '}
                  <span lang="en">{example.text}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <>
          <div className="chat-toolbar">
            <h1 className="visually-hidden">{t(chat.hiddenTitle)}</h1>
            <button type="button" className="btn" onClick={reset}>
              {t(chat.newConversation)}
            </button>
            <button
              type="button"
              className="btn"
              aria-expanded={historyOpen}
              aria-controls="chat-history"
              onClick={() => setHistoryOpen((open) => !open)}
            >
              {t(chat.history)}
            </button>
          </div>
          <div className="chat-body">
            <div className="chat-log" aria-live="polite" ref={logRef}>
              {messages.map((message, index) => (
                <MessageBubble key={message.id} message={message} animate={index >= animateFrom} />
              ))}
              <div ref={endRef} />
            </div>
            {historyOpen && (
              <aside id="chat-history" className="card chat-history" aria-label={t(chat.recent)}>
                <h2 ref={historyHeadingRef} tabIndex={-1}>
                  {t(chat.history)}
                </h2>
                {userHistory.length === 0 && <p className="muted">{t(chat.noMessages)}</p>}
                <ul>
                  {userHistory.map((message) => (
                    <li key={message.id}>
                      <button
                        type="button"
                        className="btn btn-ghost"
                        onClick={() => {
                          setInput(message.content);
                          inputRef.current?.focus();
                        }}
                      >
                        {message.content}
                      </button>
                    </li>
                  ))}
                </ul>
              </aside>
            )}
          </div>
        </>
      )}
      <div className="chat-direction">
        <label htmlFor="chat-direction">{t(chat.translate)}</label>
        <select
          id="chat-direction"
          className="input"
          value={direction}
          onChange={(event) => setDirection(event.target.value as Direction | 'auto')}
        >
          <option value="auto">{t(chat.detect)}</option>
          <option value="en_to_lpx">{t(chat.enToLpx)}</option>
          <option value="lpx_to_en">{t(chat.lpxToEn)}</option>
        </select>
        <span className="muted chat-status" data-testid="offline-model-status">
          {offlineStatus(t, offline)}
        </span>
      </div>
      <form
        ref={composerRef}
        className="chat-input"
        onSubmit={(event) => {
          event.preventDefault();
          submit(input);
        }}
      >
        <label htmlFor="chat-text" className="visually-hidden">
          {t(chat.message)}
        </label>
        <textarea
          id="chat-text"
          ref={inputRef}
          className="input"
          rows={2}
          value={input}
          onChange={(event) => setInput(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t(touchOnly() ? chat.placeholderTouch : chat.placeholder)}
        />
        <button
          type="button"
          className="btn"
          disabled
          title={t(chat.voiceSoonTitle)}
          aria-label={t(chat.voiceSoon)}
        >
          <LineIcon path={MICROPHONE} className="chat-icon" />
        </button>
        <button type="submit" className="btn btn-primary" disabled={!input.trim() || loading}>
          {t(chat.send)}
        </button>
      </form>
    </div>
  );
}

/** A phone or tablet without a keyboard's pointer: the placeholder names no keys there (issue 35). */
const touchOnly = () => typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;

/** Scrolls so the end of the conversation sits just above the sticky composer (always, or if the reader is near it). */
function revealEnd(end: HTMLElement | null, composer: HTMLElement | null, always: boolean): void {
  if (!end || !composer) return;
  const hidden = end.getBoundingClientRect().bottom - composer.getBoundingClientRect().top + 8;
  // A reader who scrolled up to older messages (the end far below the composer) is left where they are.
  if (hidden > 0 && (always || hidden < FOLLOW_DISTANCE_PX)) window.scrollBy({ top: hidden });
}
/** How far below the composer a growing reply may reach and still be followed. */
const FOLLOW_DISTANCE_PX = 240;

/** A microphone (SVG: an emoji shows as an empty box on phones without the font). */
const MICROPHONE = 'M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3zM5 11a7 7 0 0 0 14 0M12 18v3M8 21h8';
