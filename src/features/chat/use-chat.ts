// Chat state: messages (kept for this tab in sessionStorage, last 10), sending, and the typewriter reveal.
import { useCallback, useEffect, useState } from 'react';
import type { TranslateResponse } from '../../../core/api/chat.ts';
import { CHAT_SESSION_HISTORY_MESSAGES } from '../../../core/constants.ts';
import { detectDirection } from '../../../core/direction.ts';
import { api, request } from '../../lib/api-client.ts';
import { CHAT_HISTORY_KEY } from '../auth/auth-store.ts';

export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  timestamp: number;
  error?: boolean;
  source?: TranslateResponse['source'];
}

function loadMessages(): ChatMessage[] {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(CHAT_HISTORY_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as ChatMessage[]) : [];
  } catch {
    return [];
  }
}

export function useChat() {
  const [messages, setMessages] = useState<ChatMessage[]>(loadMessages);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    sessionStorage.setItem(CHAT_HISTORY_KEY, JSON.stringify(messages.slice(-CHAT_SESSION_HISTORY_MESSAGES)));
  }, [messages]);

  const send = useCallback(
    async (text: string) => {
      const content = text.trim();
      if (!content || loading) return;
      const assistantId = crypto.randomUUID();
      setMessages((list) => [
        ...list,
        { id: crypto.randomUUID(), role: 'user', content, timestamp: Date.now() },
        { id: assistantId, role: 'assistant', content: '', timestamp: Date.now() },
      ]);
      setLoading(true);
      // The reply always fills the assistant message created above (the spec's known defect used a new random id).
      const fill = (patch: Partial<ChatMessage>) =>
        setMessages((list) =>
          list.map((message) => (message.id === assistantId ? { ...message, ...patch } : message)),
        );
      try {
        const answer = await request(() =>
          api
            .post('translation/translate', { json: { text: content, direction: detectDirection(content) } })
            .json<Partial<TranslateResponse> & { error?: string }>(),
        );
        if (answer.error || !answer.translated)
          fill({ content: answer.error ?? 'Failed to translate. Please try again.', error: true });
        else fill({ content: answer.translated, ...(answer.source ? { source: answer.source } : {}) });
      } catch (caught) {
        fill({ content: (caught as Error).message || 'Failed to translate. Please try again.', error: true });
      } finally {
        setLoading(false);
      }
    },
    [loading],
  );

  const reset = useCallback(() => setMessages([]), []);
  return { messages, loading, send, reset };
}
