// Work in progress that a reload would lose (a recording, an unsaved field): while any is registered,
// the app never reloads itself, and the update prompt asks the user to finish first.
import { useEffect } from 'react';
import type { MessageDescriptor } from '../../core/i18n/define.ts';

const reasons = new Map<symbol, MessageDescriptor>();

/** Registers work in progress; call the returned function when it is done. */
export function markBusy(reason: MessageDescriptor): () => void {
  const key = Symbol(reason.id);
  reasons.set(key, reason);
  return () => {
    reasons.delete(key);
  };
}

/** What is in progress now, as messages of the interface (empty when a reload is safe). */
export function busyReasons(): MessageDescriptor[] {
  return [...new Set(reasons.values())];
}

/** Marks the component's work as in progress while `active` is true. */
export function useBusy(active: boolean, reason: MessageDescriptor): void {
  useEffect(() => (active ? markBusy(reason) : undefined), [active, reason]);
}
