// Settings → Sync: what is waiting on this device, when it last reached the server, "Sync now", and how
// much of the device's storage the app uses.
import { syncSettings } from '../../../core/i18n/messages/settings.ts';
import { sync as syncStates } from '../../../core/i18n/messages/shell.ts';
import { formatDate, useT, type Translate } from '../../i18n/i18n.tsx';
import { useEffect, useState } from 'react';
import { Modal } from '../../components/modal.tsx';
import { readStorage, type StorageInfo } from '../../lib/device-storage.ts';
import { formatBytes } from '../../lib/format-bytes.ts';
import type { OutboxEntry } from '../../offline/local-db.ts';
import { outboxLabelText, type OutboxLabel } from '../../offline/outbox-label.ts';
import { localiseErrorText } from '../../lib/error-texts.ts';
import { GoneNotice } from '../sync/gone-notice.tsx';
import { discard, retryAndSync } from '../sync/outbox-actions.ts';
import { settingsStore } from '../../offline/settings-store.ts';
import { requestPersistentStorage, syncEngine, useSyncStatus } from '../sync/sync.ts';
import { useOutbox } from '../sync/use-outbox.ts';

function entryState(t: Translate, entry: OutboxEntry): string {
  if (entry.state === 'attention')
    return t(syncSettings.notAccepted, {
      reason: entry.problem
        ? localiseErrorText(entry.problem.message, entry.problem.code)
        : t(syncSettings.refused),
    });
  if (entry.attempts > 0) return t(syncSettings.waitingTried, { attempts: entry.attempts });
  return t(syncSettings.waitingEntry);
}

const formatTime = (time: number) => formatDate(new Date(time), { hour: 'numeric', minute: '2-digit' });
const formatDateTime = (time: number) =>
  formatDate(new Date(time), { dateStyle: 'medium', timeStyle: 'short' });

export function SyncSection() {
  const t = useT();
  const status = useSyncStatus();
  const entries = useOutbox() ?? [];
  const [storedLastSync, setStoredLastSync] = useState<number | null>(null);
  const [storage, setStorage] = useState<StorageInfo | null>(null);
  const [syncing, setSyncing] = useState(false);
  const [discarding, setDiscarding] = useState<OutboxEntry | null>(null);

  useEffect(() => {
    void settingsStore.lastSyncAt().then(setStoredLastSync);
    void readStorage().then(setStorage);
  }, [status.lastSuccessAt, entries.length]);

  const lastSync = status.lastSuccessAt ?? storedLastSync;
  async function syncNow() {
    setSyncing(true);
    try {
      await syncEngine().trigger();
    } finally {
      setSyncing(false);
    }
  }

  return (
    <section className="card form" aria-labelledby="sync-heading" id="sync" data-testid="sync-section">
      <h2 id="sync-heading">{t(syncSettings.heading)}</h2>
      <p className="muted">{t(syncSettings.intro)}</p>
      <GoneNotice />
      <dl className="key-values">
        <dt>{t(syncSettings.connection)}</dt>
        <dd>
          {status.phase === 'offline'
            ? status.nextAttemptAt
              ? t(syncSettings.offlineNextTry, { time: formatTime(status.nextAttemptAt) })
              : t(syncStates.offline)
            : status.phase === 'signed-out'
              ? t(syncSettings.signInAgain)
              : status.phase === 'syncing'
                ? t(syncSettings.sending)
                : status.phase === 'online'
                  ? t(syncSettings.online)
                  : t(syncStates.checking)}
        </dd>
        <dt>{t(syncSettings.waitingToSend)}</dt>
        <dd data-testid="sync-pending-count">{entries.length}</dd>
        <dt>{t(syncSettings.lastSync)}</dt>
        <dd>{lastSync ? formatDateTime(lastSync) : t(syncSettings.notYet)}</dd>
        <dt>{t(syncSettings.storageUsed)}</dt>
        <dd data-testid="storage-used">
          {storage?.usage != null
            ? storage.quota
              ? t(syncSettings.storageOf, {
                  used: formatBytes(storage.usage),
                  quota: formatBytes(storage.quota),
                })
              : formatBytes(storage.usage)
            : t(syncSettings.storageUnknown)}
        </dd>
        <dt>{t(syncSettings.persisted)}</dt>
        <dd>
          {storage?.persisted ? (
            t(syncSettings.yes)
          ) : (
            <>
              {t(syncSettings.notGuaranteed)}{' '}
              <button
                type="button"
                className="btn"
                onClick={() => void requestPersistentStorage().then(() => readStorage().then(setStorage))}
              >
                {t(syncSettings.askToKeep)}
              </button>
            </>
          )}
        </dd>
      </dl>
      {status.progress && (
        <progress
          max={status.progress.total}
          value={status.progress.done}
          aria-label={t(syncSettings.progress)}
        >
          {t(syncSettings.progressText, status.progress)}
        </progress>
      )}
      <div className="button-row">
        <button type="button" className="btn btn-primary" onClick={() => void syncNow()} disabled={syncing}>
          {t(syncing ? syncSettings.syncingNow : syncSettings.syncNow)}
        </button>
      </div>
      {entries.length > 0 && (
        <ul className="outbox-list" aria-label={t(syncSettings.waitingToSend)}>
          {entries.map((entry) => (
            <li key={entry.id} data-testid="outbox-item">
              <OutboxItemLabel label={entry.label} />
              <br />
              <span className="muted">
                {formatDateTime(entry.createdAt)} · {entryState(t, entry)}
              </span>
              {entry.state === 'attention' && (
                <div className="button-row">
                  <button type="button" className="btn" onClick={() => void retryAndSync(entry.seq!)}>
                    {t(syncSettings.tryAgain)}
                  </button>
                  <button type="button" className="btn btn-danger" onClick={() => setDiscarding(entry)}>
                    {t(
                      entry.kind === 'recording.upload' ? syncSettings.deleteRecording : syncSettings.discard,
                    )}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <Modal
        open={discarding !== null}
        title={t(
          discarding?.kind === 'recording.upload'
            ? syncSettings.deleteRecordingTitle
            : syncSettings.discardTitle,
        )}
        onClose={() => setDiscarding(null)}
      >
        <p>
          {t(
            discarding?.kind === 'recording.upload'
              ? syncSettings.deleteRecordingText
              : syncSettings.discardText,
          )}
        </p>
        <div className="button-row">
          <button
            type="button"
            className="btn btn-danger"
            onClick={() => {
              if (discarding?.seq !== undefined) void discard(discarding.seq);
              setDiscarding(null);
            }}
          >
            {t(discarding?.kind === 'recording.upload' ? syncSettings.delete : syncSettings.discard)}
          </button>
          <button type="button" className="btn" onClick={() => setDiscarding(null)}>
            {t(syncSettings.cancel)}
          </button>
        </div>
      </Modal>
    </section>
  );
}

/** A waiting item's label in the interface's language; an older item's English text is marked as English. */
function OutboxItemLabel({ label }: { label: OutboxLabel }) {
  const t = useT();
  const { text, english } = outboxLabelText(t, label);
  return english ? <strong lang="en">{text}</strong> : <strong>{text}</strong>;
}
