// The navigation bar's links (product-spec section 2).
import { PATHS } from '../paths.ts';

export interface NavItem {
  to: string;
  label: string;
}

export const PUBLIC_NAV: NavItem[] = [
  { to: PATHS.home, label: 'Home' },
  { to: PATHS.about, label: 'About' },
  { to: PATHS.villages, label: 'Villages' },
  { to: PATHS.culture, label: 'Culture' },
  { to: PATHS.history, label: 'History' },
  { to: PATHS.families, label: 'Families' },
  { to: PATHS.chat, label: 'Chat' },
];

export const CONTRIBUTOR_NAV: NavItem[] = [
  { to: PATHS.translation, label: 'Translation' },
  { to: PATHS.recording, label: 'Recording' },
  { to: PATHS.transcribe, label: 'Transcribe' },
  // One link for both review screens (/listen, and /review beside it in their tabs): the bar has no room for two.
  { to: PATHS.listen, label: 'Review' },
  { to: PATHS.training, label: 'Training' },
  { to: PATHS.data, label: 'Data' },
  { to: PATHS.consent, label: 'Consent' },
];
