// What a screen that needs consent says before any work is done: the consent is missing (and where to give
// it), the phone cannot tell yet, or the consent chosen here is still waiting to be sent.
import { Link } from '@tanstack/react-router';
import type { ConsentScope } from '../../../core/api/consent.ts';
import type { MessageDescriptor } from '../../../core/i18n/define.ts';
import { consent as messages } from '../../../core/i18n/messages/consent.ts';
import { PATHS } from '../../app/paths.ts';
import { useT } from '../../i18n/i18n.tsx';
import type { useConsentOnPhone } from './device-consent.ts';

const NEEDED: Record<ConsentScope, MessageDescriptor> = {
  recording: messages.neededRecording,
  translation: messages.neededTranslation,
};

const WAITING: Record<ConsentScope, MessageDescriptor> = {
  recording: messages.waitingRecording,
  translation: messages.waitingTranslation,
};

export function ConsentNotice({
  scope,
  consent,
}: {
  scope: ConsentScope;
  consent: ReturnType<typeof useConsentOnPhone>;
}) {
  const t = useT();
  if (consent.unknown) {
    return (
      <div className="notice-box" role="status" data-testid="consent-unknown">
        <p>{t(messages.unknown)}</p>
        <Link to={PATHS.consent} className="btn btn-primary">
          {t(messages.goToConsent)}
        </Link>
      </div>
    );
  }
  if (consent.status && !consent.status[scope]) {
    return (
      <div className="notice-box" role="status" data-testid="consent-needed">
        <p>{t(NEEDED[scope])}</p>
        <Link to={PATHS.consent} className="btn btn-primary">
          {t(messages.goToConsent)}
        </Link>
      </div>
    );
  }
  if (consent.status && consent.waiting) {
    return (
      <p className="muted" role="status" data-testid="consent-waiting">
        {t(WAITING[scope])}
      </p>
    );
  }
  return null;
}
