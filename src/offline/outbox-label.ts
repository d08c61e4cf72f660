// The label of a waiting item in the language of the moment it is read (the label itself is made and stored by
// core/i18n/outbox-label.ts). Items queued by earlier versions of the app kept an English text, shown as it is.
import type { MessageDescriptor, Translate } from '../../core/i18n/define.ts';
import { outbox } from '../../core/i18n/messages/outbox.ts';
import type { OutboxLabel } from '../../core/i18n/outbox-label.ts';

export {
  excerpt,
  outboxLabel,
  type OutboxLabel,
  type OutboxLabelMessage,
} from '../../core/i18n/outbox-label.ts';

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
