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
import type { ProposalReview } from '../../../core/api/review.ts';
import { localDb } from '../../offline/local-db.ts';
import { enqueue } from '../../offline/outbox.ts';

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
  return enqueue(
    localDb(),
    userId,
    'ui.propose',
    { params: {}, body: { language, messageId: message.id, text } },
    { text: label },
  );
}

export function reviewMessage(userId: string, proposalId: number, review: ProposalReview, label: string) {
  return enqueue(
    localDb(),
    userId,
    'ui.review',
    { params: { id: proposalId }, body: review },
    { text: label },
  );
}
