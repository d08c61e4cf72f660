// Reveals a reply one character per 20 ms (instantly when the user prefers reduced motion).
import { useEffect, useState } from 'react';
import { TYPEWRITER_MS_PER_CHAR } from '../../../core/constants.ts';

export function Typewriter({ text, animate }: { text: string; animate: boolean }) {
  const reduced = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  const [shown, setShown] = useState(animate && !reduced ? 0 : text.length);
  useEffect(() => {
    if (shown >= text.length) return;
    const timer = setTimeout(() => setShown((count) => count + 1), TYPEWRITER_MS_PER_CHAR);
    return () => clearTimeout(timer);
  }, [shown, text.length]);
  const characters = [...text];
  return (
    <>
      <span aria-hidden={shown < characters.length}>{characters.slice(0, shown).join('')}</span>
      {shown < characters.length && <span className="visually-hidden">{text}</span>}
    </>
  );
}
