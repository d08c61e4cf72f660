// Work in progress that a reload would lose (a recording, an unsaved field): while any is registered,
// the app never reloads itself, and the update prompt asks the user to finish first.
import { useEffect } from 'react';

const reasons = new Map<symbol, string>();

/** Registers work in progress; call the returned function when it is done. */
export function markBusy(reason: string): () => void {
  const key = Symbol(reason);
  reasons.set(key, reason);
  return () => {
    reasons.delete(key);
  };
}

/** What is in progress now (empty when a reload is safe). */
export function busyReasons(): string[] {
  return [...new Set(reasons.values())];
}

/** Marks the component's work as in progress while `active` is true. */
export function useBusy(active: boolean, reason: string): void {
  useEffect(() => (active ? markBusy(reason) : undefined), [active, reason]);
}
