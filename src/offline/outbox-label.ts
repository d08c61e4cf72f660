// The label of a waiting item: a message of the outbox group (core/i18n/messages/outbox.ts) and its values, kept
// with the item and written in the language of the moment it is read. Items queued by earlier versions of the app
// kept an English text instead, which is shown as it is.
import type { MessageDescriptor, Translate } from '../../core/i18n/define.ts';
import { outbox } from '../../core/i18n/messages/outbox.ts';

export interface OutboxLabelMessage {
  id: string;
  values: Record<string, string | number>;
}

/** What the list of waiting items shows: a message with its values, or an older item's English text. */
export type OutboxLabel = OutboxLabelMessage | string;

export const outboxLabel = (
  descriptor: MessageDescriptor,
  values: Record<string, string | number> = {},
): OutboxLabelMessage => ({ id: descriptor.id, values });

const BY_ID = new Map<string, MessageDescriptor>(
  Object.values(outbox).map((descriptor) => [descriptor.id, descriptor]),
);

/** The label in the interface's language, and whether it is English kept from an older version. */
export function outboxLabelText(
  translate: Translate,
  label: OutboxLabel,
): { text: string; english: boolean } {
  if (typeof label === 'string') return { text: label, english: true };
  const descriptor = BY_ID.get(label.id);
  // A message a newer version of the app wrote and this one does not know: its id is all it can show.
  if (!descriptor) return { text: label.id, english: false };
  return { text: translate(descriptor, label.values), english: false };
}

/** A text cut to a length that fits a line of the waiting-items list (the message puts the quotation marks). */
export function excerpt(text: string, max = 60): string {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  return trimmed.length > max ? `${trimmed.slice(0, max - 1)}…` : trimmed;
}
