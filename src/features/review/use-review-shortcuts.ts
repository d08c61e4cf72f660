// Single-key answers on the Listen and Review screens (shown on screen): ignored while typing in a field,
// with a modifier held, or when `active` is false (a dialog is open).
import { useEffect, useRef } from 'react';

export function useReviewShortcuts(active: boolean, keys: Record<string, () => void>) {
  // The latest handlers, without re-adding the listener on every render.
  const handlers = useRef(keys);
  handlers.current = keys;
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], dialog[open]')) return;
      const run = handlers.current[event.key.toLowerCase()];
      if (!run) return;
      event.preventDefault();
      run();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [active]);
}
