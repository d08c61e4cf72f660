// The tabs between the one-at-a-time screens and the full pages they sit beside: Speak and /recording,
// Translate and the /translation table (styled as the review tabs, review.css).
import { Link } from '@tanstack/react-router';
import { PATHS } from '../../app/paths.ts';

const MODES = {
  recording: [
    { to: PATHS.speak, label: 'One sentence at a time' },
    { to: PATHS.recording, label: 'Record freely, your recordings' },
  ],
  translation: [
    { to: PATHS.translate, label: 'One sentence at a time' },
    { to: PATHS.translation, label: 'All sentences (table)' },
  ],
} as const;

export function ModeTabs({ group, current }: { group: keyof typeof MODES; current: string }) {
  return (
    <nav className="review-tabs" aria-label={group === 'recording' ? 'Recording' : 'Translation'}>
      {MODES[group].map((tab) => (
        <Link
          key={tab.to}
          to={tab.to}
          className="review-tab"
          aria-current={tab.to === current ? 'page' : undefined}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
