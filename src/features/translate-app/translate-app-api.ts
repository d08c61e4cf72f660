// Translate the app's data: the languages, a language's messages (kept on the phone so the screen works
// offline), and proposals and reviews through the outbox (kinds 'ui.propose' and 'ui.review').
import { get, set } from 'idb-keyval';
import {
  uiLanguagesSchema,
  uiMessagesSchema,
  type UiLanguage,
  type UiMessage,
} from '../../../core/api/i18n.ts';
import { api, requestJson } from '../../lib/api-client.ts';
import { submitChange } from '../sync/sync.ts';

export interface MessagesCopy {
  language: UiLanguage;
  messages: UiMessage[];
  savedAt: number;
}

const copyKey = (userId: string, code: string) => `lopit.ui-messages.${userId}.${code}`;
const languagesKey = 'lopit.ui-languages';

export async function loadLanguages(): Promise<UiLanguage[]> {
  try {
    const { languages } = await requestJson(uiLanguagesSchema, () => api.get('i18n/languages'));
    await set(languagesKey, languages);
    return languages;
  } catch (error) {
    const kept = await get<UiLanguage[]>(languagesKey);
    if (kept) return kept;
    throw error;
  }
}

/** A language's messages from the server, else the copy kept on this phone. */
export async function loadMessages(userId: string, code: string): Promise<MessagesCopy & { kept: boolean }> {
  try {
    const answer = await requestJson(uiMessagesSchema, () =>
      api.get(`i18n/languages/${encodeURIComponent(code)}/messages`),
    );
    const copy = { ...answer, savedAt: Date.now() };
    await set(copyKey(userId, code), copy);
    return { ...copy, kept: false };
  } catch (error) {
    const kept = await get<MessagesCopy>(copyKey(userId, code));
    if (kept) return { ...kept, kept: true };
    throw error;
  }
}

export function proposeMessage(
  userId: string,
  language: string,
  message: UiMessage,
  text: string,
  label: string,
) {
  return submitChange(
    {
      userId,
      kind: 'ui.propose',
      subject: `ui:${language}:${message.id}`,
      path: 'i18n/proposals',
      body: { language, messageId: message.id, text },
      label,
    },
    { coalesce: true },
  );
}

export function reviewMessage(
  userId: string,
  proposalId: number,
  review: { verdict: 'approve' } | { verdict: 'reject'; reason: string },
  label: string,
) {
  return submitChange({
    userId,
    kind: 'ui.review',
    subject: `ui-proposal:${proposalId}`,
    path: `i18n/proposals/${proposalId}/review`,
    body: review,
    label,
  });
}
