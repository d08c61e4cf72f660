// The navigation bar's links (product-spec section 2).
import type { MessageDescriptor } from '../../../core/i18n/define.ts';
import { shell } from '../../../core/i18n/messages/shell.ts';
import { PATHS } from '../paths.ts';

export interface NavItem {
  to: string;
  label: MessageDescriptor;
}

export const PUBLIC_NAV: NavItem[] = [
  { to: PATHS.home, label: shell.navHome },
  { to: PATHS.about, label: shell.navAbout },
  { to: PATHS.villages, label: shell.navVillages },
  { to: PATHS.culture, label: shell.navCulture },
  { to: PATHS.history, label: shell.navHistory },
  { to: PATHS.families, label: shell.navFamilies },
  { to: PATHS.chat, label: shell.navChat },
];

export const CONTRIBUTOR_NAV: NavItem[] = [
  { to: PATHS.translation, label: shell.navTranslation },
  { to: PATHS.recording, label: shell.navRecording },
  { to: PATHS.transcribe, label: shell.navTranscribe },
  // One link for both review screens (/listen, and /review beside it in their tabs): the bar has no room for two.
  { to: PATHS.listen, label: shell.navReview },
  { to: PATHS.training, label: shell.navTraining },
  { to: PATHS.data, label: shell.navData },
  { to: PATHS.consent, label: shell.navConsent },
];
