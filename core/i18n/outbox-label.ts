// The label of a waiting item, as stored with it: a message of the outbox group (messages/outbox.ts) and its
// values, written in the language of the moment it is read (src/offline/outbox-label.ts). Items queued by
// earlier versions of the app kept an English text instead, which is shown as it is.
import type { MessageDescriptor } from './define.ts';

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

/** A text cut to a length that fits a line of the waiting-items list (the message puts the quotation marks). */
export function excerpt(text: string, max = 60): string {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  return trimmed.length > max ? `${trimmed.slice(0, max - 1)}…` : trimmed;
}
