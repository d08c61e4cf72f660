// /consent: the contributor's consent status, what consent means, and granting or withdrawing it.
// Works offline: the status is cached on this device, and a grant or withdrawal made without a connection
// waits in the outbox (shown as pending) until the server has recorded it.
import { useEffect, useState, type FormEvent } from 'react';
import type { ConsentType } from '../../../core/constants.ts';
import { Modal } from '../../components/modal.tsx';
import type { ApiError } from '../../lib/api-client.ts';
import { localDb, type OutboxEntry } from '../../offline/local-db.ts';
import { discardEntry } from '../../offline/outbox.ts';
import { submitChange, syncEngine } from '../sync/sync.ts';
import { useOutbox } from '../sync/use-outbox.ts';
import { useAuth } from '../auth/use-auth.ts';
import { refreshConsentStatus } from './consent-status.ts';
import { AboutConsent, ConsentDocuments } from './consent-about.tsx';
import { useDeviceConsent } from './device-consent.ts';

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

const labelOf = (type: ConsentType) => CHOICES.find((choice) => choice.value === type)?.label ?? type;

/** Queues a grant or withdrawal, sends it if possible, and says whether the server has it now. */
async function submitConsent(userId: string, action: { type: ConsentType } | 'withdraw') {
  const entry = await submitChange(
    action === 'withdraw'
      ? {
          userId,
          kind: 'consent.withdraw',
          subject: 'consent',
          path: 'consent/withdraw',
          body: {},
          label: 'Withdraw consent',
        }
      : {
          userId,
          kind: 'consent.submit',
          subject: 'consent',
          path: 'consent/submit',
          body: { consent_type: action.type },
          label: `Consent: ${labelOf(action.type)}`,
        },
  );
  await syncEngine().trigger();
  return localDb().outbox.get(entry.seq);
}

function describe(entry: OutboxEntry): string {
  if (entry.kind === 'consent.withdraw') return 'Withdrawal of consent';
  return `${labelOf((entry.body as { consent_type: ConsentType }).consent_type)} consent`;
}

export function ConsentPage() {
  const { user } = useAuth();
  const userId = user?.id ?? '';
  // What governs this phone: a choice still waiting to be sent counts here at once.
  const status = useDeviceConsent(userId)?.status ?? null;
  const pending = (useOutbox() ?? []).filter((entry) => entry.subject === 'consent');
  const [choice, setChoice] = useState<ConsentType>('full');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [offline, setOffline] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirmWithdraw, setConfirmWithdraw] = useState(false);

  useEffect(() => {
    if (!userId) return;
    refreshConsentStatus(userId).then(
      () => setOffline(false),
      (caught: ApiError) => {
        if (caught.status === null) setOffline(true);
        else {
          console.error('Failed to load consent status', caught);
          setError(`Failed to load consent status: ${caught.message}`);
        }
      },
    );
  }, [userId]);

  async function run(action: { type: ConsentType } | 'withdraw', done: string) {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const left = await submitConsent(userId, action);
      if (!left) setNotice(done);
      else if (left.state === 'attention')
        setError(`Failed to submit consent: ${left.problem?.message ?? ''}`);
      else
        setNotice(
          'You are offline. Your choice is saved on this device and will be sent when you are back online.',
        );
    } catch (caught) {
      console.error('Failed to submit consent', caught);
      setError(`Failed to submit consent: ${(caught as Error).message}`);
    } finally {
      setBusy(false);
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run({ type: choice }, 'Thank you. Your consent has been recorded.');
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
        {!status && !error && !offline && <p>Loading consent status...</p>}
        {!status && offline && (
          <p role="status">You are offline. Your consent status will show when you are back online.</p>
        )}
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
        {pending.length > 0 && (
          <div className="notice-box" role="status" data-testid="consent-pending">
            <p>Waiting to be sent from this device:</p>
            <ul>
              {pending.map((entry) => (
                <li key={entry.id}>
                  ◔ {describe(entry)}, made {new Date(entry.createdAt).toLocaleString()}
                  {entry.state === 'attention' && (
                    <>
                      {' '}
                      — not accepted: {entry.problem?.message}{' '}
                      <button
                        type="button"
                        className="btn"
                        onClick={() => void discardEntry(localDb(), entry.seq!)}
                      >
                        Discard
                      </button>
                    </>
                  )}
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>

      <AboutConsent />

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
              onClick={() => setConfirmWithdraw(true)}
            >
              Withdraw consent
            </button>
          )}
        </div>
      </form>

      <Modal open={confirmWithdraw} title="Withdraw your consent?" onClose={() => setConfirmWithdraw(false)}>
        <p>
          Your recordings and translations will be left out of every dataset export and every model trained
          from now on. You can give consent again at any time.
        </p>
        <div className="button-row">
          <button
            type="button"
            className="btn btn-danger"
            onClick={() => {
              setConfirmWithdraw(false);
              void run('withdraw', 'Your consent has been withdrawn.');
            }}
          >
            Withdraw consent
          </button>
          <button type="button" className="btn" onClick={() => setConfirmWithdraw(false)}>
            Cancel
          </button>
        </div>
      </Modal>

      <ConsentDocuments />
    </div>
  );
}
