// The tabs between the one-at-a-time screens and the full pages they sit beside: Speak and /recording,
// Translate and the /translation table (tabs.css).
import { Link } from '@tanstack/react-router';
import { modeTabs } from '../../../core/i18n/messages/speak.ts';
import { PATHS } from '../../app/paths.ts';
import { useT } from '../../i18n/i18n.tsx';
import '../../components/tabs.css';

const MODES = {
  recording: [
    { to: PATHS.speak, label: modeTabs.speak },
    { to: PATHS.tell, label: modeTabs.tell },
    { to: PATHS.repeat, label: modeTabs.repeat },
    { to: PATHS.sentences, label: modeTabs.sentences },
    { to: PATHS.recording, label: modeTabs.recordingPage },
  ],
  translation: [
    { to: PATHS.translate, label: modeTabs.translateOne },
    { to: PATHS.translation, label: modeTabs.translationTable },
  ],
} as const;

export function ModeTabs({ group, current }: { group: keyof typeof MODES; current: string }) {
  const t = useT();
  return (
    <nav
      className="review-tabs"
      aria-label={t(group === 'recording' ? modeTabs.recording : modeTabs.translation)}
    >
      {MODES[group].map((tab) => (
        <Link
          key={tab.to}
          to={tab.to}
          className="review-tab"
          aria-current={tab.to === current ? 'page' : undefined}
        >
          {t(tab.label)}
        </Link>
      ))}
    </nav>
  );
}
