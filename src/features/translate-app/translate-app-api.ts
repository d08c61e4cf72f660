// Translate the app's data: the languages, a language's messages (kept on the phone, in local-db.ts, so the
// screen works offline), and proposals and reviews through the outbox (kinds 'ui.propose' and 'ui.review').
import {
  uiLanguagesSchema,
  uiMessagesSchema,
  type UiLanguage,
  type UiMessage,
} from '../../../core/api/i18n.ts';
import { api, requestJson } from '../../lib/api-client.ts';
import type { ProposalReview } from '../../../core/api/review.ts';
import { localDb, type UiMessagesCopy } from '../../offline/local-db.ts';
import { enqueue } from '../../offline/outbox.ts';
import { settingsStore } from '../../offline/settings-store.ts';

/** A language's messages with when they were read (what the phone keeps, without whose copy it is). */
export type MessagesCopy = Omit<UiMessagesCopy, 'userId' | 'code'>;

export async function loadLanguages(): Promise<UiLanguage[]> {
  try {
    const { languages } = await requestJson(uiLanguagesSchema, () => api.get('i18n/languages'));
    await settingsStore.setUiLanguages(languages);
    return languages;
  } catch (error) {
    const kept = await settingsStore.uiLanguages();
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
    await localDb().uiMessageCopies.put({ ...copy, userId, code });
    return { ...copy, kept: false };
  } catch (error) {
    const kept = await localDb().uiMessageCopies.get([userId, code]);
    if (kept) return { language: kept.language, messages: kept.messages, savedAt: kept.savedAt, kept: true };
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
