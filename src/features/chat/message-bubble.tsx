// One chat message: user text, or an assistant reply with copy, speech, its source and a word-by-word
// gloss, or an error (no speech button).
import { chat } from '../../../core/i18n/messages/chat.ts';
import { useT } from '../../i18n/i18n.tsx';
import { useEffect, useState } from 'react';
import { COPY_CONFIRMATION_MS } from '../../../core/constants.ts';
import { SpeechButton } from './speech-button.tsx';
import type { ChatMessage, ReplyDetails } from './use-chat.ts';
import { Typewriter } from './typewriter.tsx';

const SOURCE_LABEL = {
  memory: chat.fromMemory,
  model: chat.fromModel,
  lexicon: chat.fromLexicon,
} as const;

function Gloss({ details }: { details: ReplyDetails }) {
  const t = useT();
  if (details.source === 'memory') {
    const [link] = details.alignment;
    if (!link || details.similarity === undefined || details.similarity >= 100) return null;
    return (
      <p className="chat-gloss-note" data-testid="reply-gloss">
        {t(chat.closest, {
          similarity: Math.round(details.similarity),
          source: link.sourceText,
          target: link.targetText,
        })}
      </p>
    );
  }
  if (details.alignment.length === 0) return null;
  return (
    <details className="chat-gloss" data-testid="reply-gloss" open>
      <summary>{t(chat.wordByWord)}</summary>
      <ol>
        {details.alignment.map((link, index) => (
          <li key={index} className={link.unknown ? 'gloss-unknown' : undefined}>
            <span className="gloss-source">{link.sourceText}</span>
            <span aria-hidden="true"> → </span>
            <span className="visually-hidden"> {t(chat.becomes)} </span>
            {link.unknown ? (
              <span className="gloss-target">
                {link.targetText} <em>{t(chat.unknownWord)}</em>
              </span>
            ) : (
              <span className="gloss-target">{link.targetText}</span>
            )}
          </li>
        ))}
      </ol>
    </details>
  );
}

export function MessageBubble({ message, animate }: { message: ChatMessage; animate: boolean }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  if (message.role === 'user') {
    return (
      <div className="bubble bubble-user" data-testid="user-message">
        {message.content}
      </div>
    );
  }
  if (!message.content) {
    return (
      <div className="bubble bubble-assistant muted" role="status">
        {t(chat.translating)}
      </div>
    );
  }
  if (message.error) {
    return (
      <div className="bubble bubble-assistant bubble-error" role="alert" data-testid="assistant-message">
        <strong className="bubble-label">{t(chat.error)}</strong>
        <p>{message.content}</p>
      </div>
    );
  }
  const details = message.details;
  const replyLanguage = message.direction === 'lpx_to_en' ? 'en' : 'lpx';
  return (
    <div className="bubble bubble-assistant" data-testid="assistant-message">
      <p lang={replyLanguage === 'en' ? 'en' : 'lpx'}>
        <Typewriter text={message.content} animate={animate} />
      </p>
      {details && (
        <div className="chat-reply-meta">
          <p className="muted" data-testid="reply-source">
            {t(SOURCE_LABEL[details.source])} · {t(chat.confidence, { value: details.confidence })}
            {message.onDevice && ` · ${t(chat.onDevice)}`}
            {/* Which model answered: the phone keeps a compact (pruned) copy, the server its full model. */}
            {details.source === 'model' && ` · ${t(message.onDevice ? chat.compactModel : chat.serverModel)}`}
          </p>
          <Gloss details={details} />
          {details.alternatives.length > 0 && (
            <p className="muted">
              {t(chat.alternatives, { list: details.alternatives.slice(0, 3).join(' · ') })}
            </p>
          )}
        </div>
      )}
      <div className="bubble-actions">
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => void navigator.clipboard.writeText(message.content).then(() => setCopied(true))}
        >
          {t(copied ? chat.copied : chat.copy)}
        </button>
        <SpeechButton text={message.content} language={replyLanguage} />
      </div>
    </div>
  );
}
