// /consent: the contributor's consent status, what consent means, and granting or withdrawing it.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { ConsentStatus } from '../../../core/api/consent.ts';
import type { ConsentType } from '../../../core/constants.ts';
import { DOCS } from '../../app/paths.ts';
import { api, request } from '../../lib/api-client.ts';

const CHOICES: { value: ConsentType; label: string; hint: string }[] = [
  {
    value: 'recording',
    label: 'Audio Recording Only',
    hint: 'Your voice recordings may be used to train speech models.',
  },
  {
    value: 'translation',
    label: 'Translation Only',
    hint: 'Your translations may be used to train the translation model.',
  },
  { value: 'full', label: 'Full Contribution', hint: 'Both your recordings and your translations.' },
];

const consentApi = {
  status: () => request(() => api.get('consent/status').json<ConsentStatus>()),
  submit: (consent_type: ConsentType) =>
    request(() => api.post('consent/submit', { json: { consent_type } }).json<ConsentStatus>()),
  withdraw: () => request(() => api.post('consent/withdraw').json<ConsentStatus>()),
};

export function ConsentPage() {
  const [status, setStatus] = useState<ConsentStatus | null>(null);
  const [choice, setChoice] = useState<ConsentType>('full');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setStatus(await consentApi.status());
    } catch (caught) {
      console.error('Failed to load consent status', caught);
      setError(`Failed to load consent status: ${(caught as Error).message}`);
    }
  }, []);
  useEffect(() => void load(), [load]);

  async function run(action: () => Promise<ConsentStatus>, done: string) {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      setStatus(await action());
      setNotice(done);
    } catch (caught) {
      console.error('Failed to submit consent', caught);
      setError(`Failed to submit consent: ${(caught as Error).message}`);
    } finally {
      setBusy(false);
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(() => consentApi.submit(choice), 'Thank you. Your consent has been recorded.');
  };
  const granted = status && (status.recording || status.translation);

  return (
    <div className="page consent-page">
      <div className="page-header">
        <h1>Data Consent</h1>
        <p>Manage how your recordings and translations may be used to build Lopit language technology.</p>
      </div>

      <section className="card" aria-labelledby="consent-status-heading" data-testid="consent-status">
        <h2 id="consent-status-heading">Your consent</h2>
        {!status && !error && <p>Loading consent status...</p>}
        {status && (
          <ul className="consent-status-list">
            {status.recording && <li>✓ Audio recording consent granted</li>}
            {status.translation && <li>✓ Translation contribution consent granted</li>}
            {!granted && <li>No consent granted yet</li>}
          </ul>
        )}
        {status?.updatedAt && (
          <p className="muted">
            Last changed {new Date(status.updatedAt).toLocaleString()} (form version {status.formVersion}).
          </p>
        )}
      </section>

      <section className="card" aria-labelledby="consent-about-heading">
        <h2 id="consent-about-heading">About your consent</h2>
        <h3>Why we ask</h3>
        <p>
          No speech or translation technology exists for Lopit yet. Your voice and translations are how it
          comes to exist, and they are yours: we use them only with your permission.
        </p>
        <h3>How your data is used</h3>
        <p>
          Contributions train open models (speech recognition, text-to-speech, translation) for the Lopit
          community. They are shared under CC-BY-NC-4.0 for non-commercial community use, and never sold.
        </p>
        <h3>Your rights</h3>
        <p>
          You can withdraw consent at any time. After you withdraw, your contributions are left out of every
          dataset export and every model trained from then on.
        </p>
      </section>

      <form className="card form" onSubmit={onSubmit} aria-labelledby="consent-grant-heading">
        <h2 id="consent-grant-heading">Grant consent</h2>
        {error && (
          <div className="error-box" role="alert">
            {error}
          </div>
        )}
        {notice && (
          <div className="success-box" role="status">
            {notice}
          </div>
        )}
        <fieldset className="consent-choices">
          <legend className="visually-hidden">Type of consent</legend>
          {CHOICES.map((option) => (
            <label key={option.value} className="checkbox">
              <input
                type="radio"
                name="consent_type"
                value={option.value}
                checked={choice === option.value}
                onChange={() => setChoice(option.value)}
              />
              <span>
                <strong>{option.label}</strong>
                <br />
                <span className="muted">{option.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <p className="muted">
          Licence: contributions are shared under Creative Commons CC-BY-NC-4.0 for non-commercial community
          use. Your data is not sold or used commercially.
        </p>
        <div className="button-row">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Submitting...' : 'Give consent'}
          </button>
          {granted && (
            <button
              type="button"
              className="btn btn-danger"
              disabled={busy}
              onClick={() => void run(consentApi.withdraw, 'Your consent has been withdrawn.')}
            >
              Withdraw consent
            </button>
          )}
        </div>
      </form>

      <nav aria-label="Consent documents" className="card">
        <h2>Documents</h2>
        <ul>
          <li>
            <a href={DOCS.consentFormEnglish}>English consent form (PDF)</a>
          </li>
          <li>
            <a href={DOCS.consentFormLopit}>Lopit consent form (PDF)</a>
          </li>
          <li>
            <a href={DOCS.dataUsePolicy}>Data Use Policy (PDF)</a>
          </li>
        </ul>
      </nav>
    </div>
  );
}
