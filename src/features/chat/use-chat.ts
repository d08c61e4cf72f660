// Chat state: messages (kept for this tab in sessionStorage, last 10), sending, and where each reply came
// from. When the server cannot be reached, the reply is translated on this device with the downloaded model.
import { useCallback, useEffect, useState } from 'react';
import { translateResponseSchema, type TranslateResponse } from '../../../core/api/chat.ts';
import { CHAT_SESSION_HISTORY_MESSAGES } from '../../../core/constants.ts';
import { detectDirection, type Direction } from '../../../core/direction.ts';
import { api, ApiError, requestJson } from '../../lib/api-client.ts';
import { CHAT_HISTORY_KEY } from '../../lib/auth-store.ts';

export type ReplyDetails = Omit<TranslateResponse, 'translated'>;

export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  timestamp: number;
  error?: boolean;
  /** The direction the text was translated in (assistant messages). */
  direction?: Direction;
  /** Where the reply came from, its confidence and its word-by-word alignment. */
  details?: ReplyDetails;
  /** Translated on this device because the server could not be reached. */
  onDevice?: boolean;
}

export const FAILED_TEXT = 'Failed to translate. Please try again.';
export const OFFLINE_NO_MODEL_TEXT =
  'The server cannot be reached and this device has no translation model yet. Open the chat once while connected to download it.';
export const OFFLINE_UNKNOWN_TEXT =
  'The server cannot be reached, and the translation model on this device knows nothing about this text yet.';

function loadMessages(): ChatMessage[] {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(CHAT_HISTORY_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as ChatMessage[]) : [];
  } catch {
    return [];
  }
}

/** No answer from the server at all (offline, refused, timed out, or it failed): worth trying on the device. */
function unreachable(error: unknown): boolean {
  return error instanceof ApiError && (error.status === null || error.status >= 500);
}

function detailsOf(answer: TranslateResponse): ReplyDetails {
  const { translated: _translated, ...details } = answer;
  return details;
}

async function translateOnDevice(text: string, direction: Direction): Promise<Partial<ChatMessage>> {
  const { translateOnDevice: run } = await import('./offline-engine.ts');
  const result = await run(text, direction);
  if (result.kind === 'no-model') return { content: OFFLINE_NO_MODEL_TEXT, error: true };
  if (result.kind === 'unknown') return { content: OFFLINE_UNKNOWN_TEXT, error: true };
  return { content: result.answer.translated, details: detailsOf(result.answer), onDevice: true };
}

export function useChat() {
  const [messages, setMessages] = useState<ChatMessage[]>(loadMessages);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    sessionStorage.setItem(CHAT_HISTORY_KEY, JSON.stringify(messages.slice(-CHAT_SESSION_HISTORY_MESSAGES)));
  }, [messages]);

  const send = useCallback(
    async (text: string, chosen: Direction | 'auto' = 'auto') => {
      const content = text.trim();
      if (!content || loading) return;
      const direction = chosen === 'auto' ? detectDirection(content) : chosen;
      const assistantId = crypto.randomUUID();
      setMessages((list) => [
        ...list,
        { id: crypto.randomUUID(), role: 'user', content, timestamp: Date.now() },
        { id: assistantId, role: 'assistant', content: '', timestamp: Date.now(), direction },
      ]);
      setLoading(true);
      // The reply always fills the assistant message created above (the spec's known defect used a new random id).
      const fill = (patch: Partial<ChatMessage>) =>
        setMessages((list) =>
          list.map((message) => (message.id === assistantId ? { ...message, ...patch } : message)),
        );
      try {
        if (typeof navigator !== 'undefined' && navigator.onLine === false) {
          fill(await translateOnDevice(content, direction));
          return;
        }
        const answer = await requestJson(translateResponseSchema, () =>
          api.post('translation/translate', { json: { text: content, direction } }),
        );
        if (!answer.translated) fill({ content: FAILED_TEXT, error: true });
        else fill({ content: answer.translated, details: detailsOf(answer) });
      } catch (caught) {
        if (unreachable(caught)) {
          try {
            fill(await translateOnDevice(content, direction));
            return;
          } catch {
            // The device engine could not run either: report the server's failure.
          }
        }
        fill({ content: (caught as Error).message || FAILED_TEXT, error: true });
      } finally {
        setLoading(false);
      }
    },
    [loading],
  );

  const reset = useCallback(() => setMessages([]), []);
  return { messages, loading, send, reset };
}
