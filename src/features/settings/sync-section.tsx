// Settings → Sync: what is waiting on this device, when it last reached the server, "Sync now", and how
// much of the device's storage the app uses.
import { useEffect, useState } from 'react';
import { Modal } from '../../components/modal.tsx';
import { readStorage, type StorageInfo } from '../../lib/device-storage.ts';
import { formatBytes } from '../../lib/format-bytes.ts';
import type { OutboxEntry } from '../../offline/local-db.ts';
import { discard, retryAndSync } from '../sync/outbox-actions.ts';
import { settingsStore } from '../../offline/settings-store.ts';
import { requestPersistentStorage, syncEngine, useSyncStatus } from '../sync/sync.ts';
import { useOutbox } from '../sync/use-outbox.ts';

function entryState(entry: OutboxEntry): string {
  if (entry.state === 'attention')
    return `Not accepted: ${entry.problem?.message ?? 'refused by the server'}`;
  if (entry.attempts > 0)
    return `Waiting (tried ${entry.attempts} ${entry.attempts === 1 ? 'time' : 'times'})`;
  return 'Waiting';
}

export function SyncSection() {
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
      <h2 id="sync-heading">Sync</h2>
      <p className="muted">
        Your changes are saved on this device first and sent to the server when there is a connection.
      </p>
      <dl className="key-values">
        <dt>Connection</dt>
        <dd>
          {status.phase === 'offline'
            ? `Offline${status.nextAttemptAt ? ` — next try at ${new Date(status.nextAttemptAt).toLocaleTimeString()}` : ''}`
            : status.phase === 'signed-out'
              ? 'The server asks you to sign in again'
              : status.phase === 'syncing'
                ? 'Sending…'
                : status.phase === 'online'
                  ? 'Online'
                  : 'Checking…'}
        </dd>
        <dt>Waiting to send</dt>
        <dd data-testid="sync-pending-count">{entries.length}</dd>
        <dt>Last successful sync</dt>
        <dd>{lastSync ? new Date(lastSync).toLocaleString() : 'Not yet'}</dd>
        <dt>Storage used</dt>
        <dd data-testid="storage-used">
          {storage?.usage != null
            ? `${formatBytes(storage.usage)}${storage.quota ? ` of ${formatBytes(storage.quota)} available to this app` : ''}`
            : 'Unknown in this browser'}
        </dd>
        <dt>Kept when the phone is short of space</dt>
        <dd>
          {storage?.persisted ? (
            'Yes'
          ) : (
            <>
              Not guaranteed{' '}
              <button
                type="button"
                className="btn"
                onClick={() => void requestPersistentStorage().then(() => readStorage().then(setStorage))}
              >
                Ask to keep
              </button>
            </>
          )}
        </dd>
      </dl>
      {status.progress && (
        <progress max={status.progress.total} value={status.progress.done} aria-label="Sync progress">
          {status.progress.done} of {status.progress.total}
        </progress>
      )}
      <div className="button-row">
        <button type="button" className="btn btn-primary" onClick={() => void syncNow()} disabled={syncing}>
          {syncing ? 'Syncing…' : 'Sync now'}
        </button>
      </div>
      {entries.length > 0 && (
        <ul className="outbox-list" aria-label="Waiting to send">
          {entries.map((entry) => (
            <li key={entry.id} data-testid="outbox-item">
              <strong>{entry.label}</strong>
              <br />
              <span className="muted">
                {new Date(entry.createdAt).toLocaleString()} · {entryState(entry)}
              </span>
              {entry.state === 'attention' && (
                <div className="button-row">
                  <button type="button" className="btn" onClick={() => void retryAndSync(entry.seq!)}>
                    Try again
                  </button>
                  <button type="button" className="btn btn-danger" onClick={() => setDiscarding(entry)}>
                    {entry.kind === 'recording.upload' ? 'Delete recording' : 'Discard'}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <Modal
        open={discarding !== null}
        title={discarding?.kind === 'recording.upload' ? 'Delete this recording?' : 'Discard this change?'}
        onClose={() => setDiscarding(null)}
      >
        <p>
          {discarding?.kind === 'recording.upload'
            ? 'It has not reached the server: deleting it removes it from this phone for good.'
            : 'The change will not be sent. This cannot be undone.'}
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
            {discarding?.kind === 'recording.upload' ? 'Delete' : 'Discard'}
          </button>
          <button type="button" className="btn" onClick={() => setDiscarding(null)}>
            Cancel
          </button>
        </div>
      </Modal>
    </section>
  );
}
