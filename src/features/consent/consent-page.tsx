// /consent: the contributor's consent status, what consent means, and granting or withdrawing it.
// Works offline: the status is cached on this device, and a grant or withdrawal made without a connection
// waits in the outbox (shown as pending) until the server has recorded it.
import { useEffect, useState, type FormEvent } from 'react';
import type { ConsentType } from '../../../core/constants.ts';
import type { MessageDescriptor } from '../../../core/i18n/define.ts';
import { consent } from '../../../core/i18n/messages/consent.ts';
import { Modal } from '../../components/modal.tsx';
import type { ApiError } from '../../lib/api-client.ts';
import { localDb, type OutboxEntry } from '../../offline/local-db.ts';
import { discardEntry, enqueue } from '../../offline/outbox.ts';
import { syncEngine } from '../sync/sync.ts';
import { useOutbox } from '../sync/use-outbox.ts';
import { useAuth } from '../auth/use-auth.ts';
import { formatDate, t as translate, useT, type Translate } from '../../i18n/i18n.tsx';
import { refreshConsentStatus } from './consent-status.ts';
import { AboutConsent, ConsentDocuments } from './consent-about.tsx';
import { CONSENT_TYPE_LABELS } from './consent-labels.ts';
import { useDeviceConsent } from './device-consent.ts';
import { ErrorBox } from '../../components/error-box.tsx';

const CHOICES: { value: ConsentType; hint: MessageDescriptor }[] = [
  { value: 'recording', hint: consent.recordingHint },
  { value: 'translation', hint: consent.translationHint },
  { value: 'full', hint: consent.fullHint },
];

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** Queues a grant or withdrawal, sends it if possible, and says whether the server has it now. */
async function submitConsent(userId: string, action: { type: ConsentType } | 'withdraw') {
  // When it happened here: the server keeps it beside the arrival, which may be days later.
  const at = new Date().toISOString();
  const entry =
    action === 'withdraw'
      ? await enqueue(
          localDb(),
          userId,
          'consent.withdraw',
          { params: {}, body: { withdrawnAt: at } },
          undefined,
        )
      : await enqueue(
          localDb(),
          userId,
          'consent.submit',
          { params: {}, body: { consent_type: action.type, givenAt: at } },
          { choice: translate(CONSENT_TYPE_LABELS[action.type]) },
        );
  await syncEngine().trigger();
  return localDb().outbox.get(entry.seq);
}

function describe(t: Translate, entry: OutboxEntry): string {
  if (entry.kind === 'consent.withdraw') return t(consent.withdrawal);
  if (entry.kind !== 'consent.submit') return '';
  return t(consent.choiceConsent, { choice: t(CONSENT_TYPE_LABELS[entry.body.consent_type]) });
}

export function ConsentPage() {
  const t = useT();
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
          setError(t(consent.loadFailed, { error: caught.message }));
        }
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read once per user, not again when the language changes
  }, [userId]);

  async function run(action: { type: ConsentType } | 'withdraw', done: string) {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const left = await submitConsent(userId, action);
      if (!left) setNotice(done);
      else if (left.state === 'attention')
        setError(t(consent.submitFailed, { error: left.problem?.message ?? '' }));
      else setNotice(t(consent.savedOffline));
    } catch (caught) {
      console.error('Failed to submit consent', caught);
      setError(t(consent.submitFailed, { error: (caught as Error).message }));
    } finally {
      setBusy(false);
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run({ type: choice }, t(consent.granted));
  };
  const granted = status && (status.recording || status.translation);

  return (
    <div className="page consent-page">
      <div className="page-header">
        <h1>{t(consent.title)}</h1>
        <p>{t(consent.intro)}</p>
      </div>

      <section className="card" aria-labelledby="consent-status-heading" data-testid="consent-status">
        <h2 id="consent-status-heading">{t(consent.statusTitle)}</h2>
        {!status && !error && !offline && <p>{t(consent.loading)}</p>}
        {!status && offline && <p role="status">{t(consent.offlineStatus)}</p>}
        {status && (
          <ul className="consent-status-list">
            {status.recording && <li>{t(consent.recordingGranted)}</li>}
            {status.translation && <li>{t(consent.translationGranted)}</li>}
            {!granted && <li>{t(consent.noneGranted)}</li>}
          </ul>
        )}
        {status?.updatedAt && (
          <p className="muted">
            {t(consent.lastChanged, {
              date: formatDate(status.updatedAt, WHEN),
              version: status.formVersion,
            })}
          </p>
        )}
        {pending.length > 0 && (
          <div className="notice-box" role="status" data-testid="consent-pending">
            <p>{t(consent.waitingTitle)}</p>
            <ul>
              {pending.map((entry) => (
                <li key={entry.id}>
                  {t(consent.waitingItem, {
                    choice: describe(t, entry),
                    date: formatDate(new Date(entry.createdAt), WHEN),
                  })}
                  {entry.state === 'attention' && (
                    <>
                      {' '}
                      {t(consent.notAccepted, { problem: entry.problem?.message ?? '' })}{' '}
                      <button
                        type="button"
                        className="btn"
                        onClick={() => void discardEntry(localDb(), entry.seq!)}
                      >
                        {t(consent.discard)}
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
        <h2 id="consent-grant-heading">{t(consent.grantTitle)}</h2>
        <ErrorBox error={error} />
        {notice && (
          <div className="success-box" role="status">
            {notice}
          </div>
        )}
        <fieldset className="consent-choices">
          <legend className="visually-hidden">{t(consent.typeLegend)}</legend>
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
                <strong>{t(CONSENT_TYPE_LABELS[option.value])}</strong>
                <br />
                <span className="muted">{t(option.hint)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <p className="muted">{t(consent.licence)}</p>
        <div className="button-row">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t(consent.submitting) : t(consent.give)}
          </button>
          {granted && (
            <button
              type="button"
              className="btn btn-danger"
              disabled={busy}
              onClick={() => setConfirmWithdraw(true)}
            >
              {t(consent.withdraw)}
            </button>
          )}
        </div>
      </form>

      <Modal open={confirmWithdraw} title={t(consent.confirmTitle)} onClose={() => setConfirmWithdraw(false)}>
        <p>{t(consent.confirmText)}</p>
        <div className="button-row">
          <button
            type="button"
            className="btn btn-danger"
            onClick={() => {
              setConfirmWithdraw(false);
              void run('withdraw', t(consent.withdrawn));
            }}
          >
            {t(consent.withdraw)}
          </button>
          <button type="button" className="btn" onClick={() => setConfirmWithdraw(false)}>
            {t(consent.cancel)}
          </button>
        </div>
      </Modal>

      <ConsentDocuments />
    </div>
  );
}
