// What a screen that needs consent says before any work is done: the consent is missing (and where to give
// it), the phone cannot tell yet, or the consent chosen here is still waiting to be sent.
import { Link } from '@tanstack/react-router';
import type { ConsentScope } from '../../../core/api/consent.ts';
import { PATHS } from '../../app/paths.ts';
import type { useConsentOnPhone } from './device-consent.ts';

const NEEDED: Record<ConsentScope, string> = {
  recording:
    'Before you record, please give recording consent: it says how your voice may be used, and you can withdraw it at any time.',
  translation:
    'Before you translate, please give translation consent: it says how your translations may be used, and you can withdraw it at any time. Until then the sentences can be read but not changed.',
};

const WAITING: Record<ConsentScope, string> = {
  recording: 'Your consent is saved on this phone; it will be sent before your recordings.',
  translation: 'Your consent is saved on this phone; it will be sent before your translations.',
};

export function ConsentNotice({
  scope,
  consent,
}: {
  scope: ConsentScope;
  consent: ReturnType<typeof useConsentOnPhone>;
}) {
  if (consent.unknown) {
    return (
      <div className="notice-box" role="status" data-testid="consent-unknown">
        <p>
          This phone has no copy of your consent yet, and there is no connection to ask the server. Choose
          your consent on the consent page: it counts on this phone at once and is sent when you are back
          online.
        </p>
        <Link to={PATHS.consent} className="btn btn-primary">
          Go to consent
        </Link>
      </div>
    );
  }
  if (consent.status && !consent.status[scope]) {
    return (
      <div className="notice-box" role="status" data-testid="consent-needed">
        <p>{NEEDED[scope]}</p>
        <Link to={PATHS.consent} className="btn btn-primary">
          Go to consent
        </Link>
      </div>
    );
  }
  if (consent.status && consent.waiting) {
    return (
      <p className="muted" role="status" data-testid="consent-waiting">
        {WAITING[scope]}
      </p>
    );
  }
  return null;
}
