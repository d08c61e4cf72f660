// One chat message: user text, or an assistant reply with copy, speech, its source and a word-by-word
// gloss, or an error (no speech button).
import { useEffect, useState } from 'react';
import { COPY_CONFIRMATION_MS } from '../../../core/constants.ts';
import { SpeechButton } from './speech-button.tsx';
import type { ChatMessage, ReplyDetails } from './use-chat.ts';
import { Typewriter } from './typewriter.tsx';

const SOURCE_LABEL = {
  memory: 'From the community’s approved translations',
  model: 'From the translation model trained on community translations',
  lexicon: 'Word by word from the lexicon',
} as const;

function percent(value: number): string {
  return `${Math.round(value * 100)}%`;
}

function Gloss({ details }: { details: ReplyDetails }) {
  if (details.source === 'memory') {
    const [link] = details.alignment;
    if (!link || details.similarity === undefined || details.similarity >= 100) return null;
    return (
      <p className="chat-gloss-note" data-testid="reply-gloss">
        Closest community sentence ({Math.round(details.similarity)}% similar): “{link.sourceText}” → “
        {link.targetText}”
      </p>
    );
  }
  if (details.alignment.length === 0) return null;
  return (
    <details className="chat-gloss" data-testid="reply-gloss" open>
      <summary>Word by word</summary>
      <ol>
        {details.alignment.map((link, index) => (
          <li key={index} className={link.unknown ? 'gloss-unknown' : undefined}>
            <span className="gloss-source">{link.sourceText}</span>
            <span aria-hidden="true"> → </span>
            <span className="visually-hidden"> becomes </span>
            {link.unknown ? (
              <span className="gloss-target">
                {link.targetText} <em>(not known yet; kept as written)</em>
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
        Translating…
      </div>
    );
  }
  if (message.error) {
    return (
      <div className="bubble bubble-assistant bubble-error" role="alert" data-testid="assistant-message">
        <strong className="bubble-label">⚠ Error</strong>
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
            {SOURCE_LABEL[details.source]} · confidence {percent(details.confidence)}
            {message.onDevice && ' · translated on this device (offline)'}
            {/* Which model answered: the phone keeps a compact (pruned) copy, the server its full model. */}
            {details.source === 'model' &&
              (message.onDevice ? ' · compact phone model' : ' · full server model')}
          </p>
          <Gloss details={details} />
          {details.alternatives.length > 0 && (
            <p className="muted">
              Other possible translations: {details.alternatives.slice(0, 3).join(' · ')}
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
          {copied ? '✓ Copied' : 'Copy'}
        </button>
        <SpeechButton text={message.content} language={replyLanguage} />
      </div>
    </div>
  );
}
