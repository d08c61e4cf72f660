// Admins: tokens of external training workers (a GPU machine training ASR or TTS). A new token is shown once.
import { useState, type FormEvent } from 'react';
import { WORKER_NAME_MAX, type WorkerToken } from '../../../core/api/training.ts';
import { MODEL_TYPES, type ModelType } from '../../../core/constants.ts';
import { ErrorBox } from '../../components/error-box.tsx';
import { API_BASE_URL } from '../../lib/api-client.ts';
import { useLoaded } from '../../lib/use-loaded.ts';
import { trainingApi } from './training-api.ts';
import { training } from '../../../core/i18n/messages/training.ts';
import { richText, useT } from '../../i18n/i18n.tsx';
import { formatDate, MODEL_TEXT } from './training-text.ts';

export function WorkersPanel({ onChange }: { onChange: () => void }) {
  const t = useT();
  const { data: workers, error, reload } = useLoaded(async () => (await trainingApi.workers()).workers);
  // A token that could not be made or revoked (the list's own failure is `error`).
  const [actionError, setActionError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [types, setTypes] = useState<ModelType[]>(['asr', 'tts']);
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function create(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setActionError(null);
    try {
      const answer = await trainingApi.createWorker(name.trim(), types);
      setCreated({ name: answer.worker.name, token: answer.token });
      setName('');
      await reload();
      onChange();
    } catch (caught) {
      setActionError((caught as Error).message);
    } finally {
      setBusy(false);
    }
  }

  async function revoke(worker: WorkerToken) {
    setActionError(null);
    try {
      await trainingApi.revokeWorker(worker.id);
      await reload();
      onChange();
    } catch (caught) {
      setActionError((caught as Error).message);
    }
  }

  const toggle = (type: ModelType) =>
    setTypes((list) => (list.includes(type) ? list.filter((item) => item !== type) : [...list, type]));
  const endpoint = new URL(`${API_BASE_URL}/training/worker/`, location.origin).toString();

  return (
    <section className="card stack" aria-labelledby="workers-heading">
      <h2 id="workers-heading">{t(training.workersTitle)}</h2>
      <p className="muted">
        {richText(t, training.workersIntro, {
          endpoint: <code translate="no">{endpoint}</code>,
          header: <code translate="no">Authorization: Bearer</code>,
        })}
      </p>
      <ErrorBox error={error} />
      <ErrorBox error={actionError} />
      {created && (
        <div className="success-box" role="status">
          <p>{richText(t, training.tokenCreated, { name: <span translate="no">{created.name}</span> })}</p>
          <code className="training-token" translate="no">
            {created.token}
          </code>
        </div>
      )}
      <form className="form" onSubmit={(event) => void create(event)}>
        <div className="field">
          <label htmlFor="worker-name">{t(training.workerName)}</label>
          <input
            id="worker-name"
            value={name}
            maxLength={WORKER_NAME_MAX}
            required
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <fieldset className="training-types">
          <legend>{t(training.mayTrain)}</legend>
          {MODEL_TYPES.map((type) => (
            <label key={type} className="checkbox">
              <input type="checkbox" checked={types.includes(type)} onChange={() => toggle(type)} />
              {t(MODEL_TEXT[type].short)}
            </label>
          ))}
        </fieldset>
        <div>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={busy || !name.trim() || types.length === 0}
          >
            {t(busy ? training.creating : training.createToken)}
          </button>
        </div>
      </form>
      {workers === null && !error && <p>{t(training.loadingWorkers)}</p>}
      {workers?.length === 0 && <p className="muted">{t(training.noWorkers)}</p>}
      {workers && workers.length > 0 && (
        <div className="table-wrap">
          <table className="card-table">
            <thead>
              <tr>
                <th scope="col">{t(training.name)}</th>
                <th scope="col">{t(training.mayTrain)}</th>
                <th scope="col">{t(training.lastSeen)}</th>
                <th scope="col">
                  <span className="visually-hidden">{t(training.actions)}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {workers.map((worker) => (
                <tr key={worker.id}>
                  <td data-label={t(training.name)} translate="no">
                    {worker.name}
                  </td>
                  <td data-label={t(training.mayTrain)}>
                    {worker.modelTypes.map((type) => t(MODEL_TEXT[type].short)).join(', ')}
                  </td>
                  <td data-label={t(training.lastSeen)}>
                    {worker.lastSeenAt ? (
                      <time dateTime={worker.lastSeenAt}>{formatDate(worker.lastSeenAt)}</time>
                    ) : (
                      t(training.never)
                    )}
                  </td>
                  <td data-label="">
                    {worker.revokedAt ? (
                      <span className="muted">{t(training.revoked)}</span>
                    ) : (
                      <button
                        type="button"
                        className="btn btn-danger"
                        onClick={() => void revoke(worker)}
                        aria-label={t(training.revokeLabel, { name: worker.name })}
                      >
                        {t(training.revoke)}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
