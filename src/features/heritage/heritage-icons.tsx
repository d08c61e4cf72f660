// Inline SVG icons for the heritage pages (decorative: the text next to each says what it means).
import type { CultureIcon } from '../../../core/heritage/schema.ts';
import { LineIcon } from '../../components/line-icon.tsx';

type IconName = CultureIcon | 'village' | 'history' | 'chat' | 'consent' | 'chevron';

const PATHS: Record<IconName, string> = {
  ceremony:
    'M12 3v3M5.6 5.6l2.1 2.1M3 12h3M18.4 5.6l-2.1 2.1M21 12h-3M7 20a5 5 0 0 1 10 0M12 11a3 3 0 1 1 0 6',
  generations: 'M7 8a3 3 0 1 0 0-.01M17 8a3 3 0 1 0 0-.01M2 20a5 5 0 0 1 10 0M12 20a5 5 0 0 1 10 0',
  governance: 'M3 21h18M5 21V10M19 21V10M9 21v-6h6v6M2 10l10-6 10 6z',
  community: 'M12 21s-7-4.5-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 11c0 5.5-7 10-7 10z',
  village: 'M3 20h18M5 20v-7l4-4 4 4v7M13 20v-5l4-4 4 4v5M8 20v-3h2v3',
  history: 'M12 7v5l3 2M3 12a9 9 0 1 0 3-6.7M3 4v4h4',
  chat: 'M4 5h16v11H9l-5 4zM8 9h8M8 12h5',
  consent: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM8.5 12l2.5 2.5 4.5-5',
  chevron: 'M6 9l6 6 6-6',
};

export function HeritageIcon({ name, className = 'heritage-icon' }: { name: IconName; className?: string }) {
  return <LineIcon path={PATHS[name]} className={className} />;
}
