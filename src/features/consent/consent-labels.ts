// The names of the consent types, in one place for every screen that shows them.
import type { MessageDescriptor } from '../../../core/i18n/define.ts';
import { consent } from '../../../core/i18n/messages/consent.ts';
import type { ConsentType } from '../../../core/constants.ts';

export const CONSENT_TYPE_LABELS: Record<ConsentType, MessageDescriptor> = {
  recording: consent.recordingLabel,
  translation: consent.translationLabel,
  full: consent.fullLabel,
};
