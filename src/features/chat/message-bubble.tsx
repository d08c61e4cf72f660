// One chat message: user text, or an assistant reply with copy and its source, or an error.
import { useEffect, useState } from 'react';
import { COPY_CONFIRMATION_MS } from '../../../core/constants.ts';
import type { ChatMessage } from './use-chat.ts';
import { Typewriter } from './typewriter.tsx';

const SOURCE_LABEL = {
  memory: 'From community translations',
  model: 'From the translation model',
  lexicon: 'Word by word from the lexicon',
} as const;

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
  return (
    <div className="bubble bubble-assistant" data-testid="assistant-message">
      <p>
        <Typewriter text={message.content} animate={animate} />
      </p>
      <div className="bubble-actions">
        {message.source && <span className="muted">{SOURCE_LABEL[message.source]}</span>}
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => void navigator.clipboard.writeText(message.content).then(() => setCopied(true))}
        >
          {copied ? '✓ Copied' : 'Copy'}
        </button>
      </div>
    </div>
  );
}
