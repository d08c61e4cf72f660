// Admins: tokens of external training workers (a GPU machine training ASR or TTS). A new token is shown once.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { WORKER_NAME_MAX, type WorkerToken } from '../../../core/api/training.ts';
import { MODEL_TYPES, type ModelType } from '../../../core/constants.ts';
import { API_BASE_URL } from '../../lib/api-client.ts';
import { trainingApi } from './training-api.ts';
import { formatDate } from './training-text.ts';

export function WorkersPanel({ onChange }: { onChange: () => void }) {
  const [workers, setWorkers] = useState<WorkerToken[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [types, setTypes] = useState<ModelType[]>(['asr', 'tts']);
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setWorkers((await trainingApi.workers()).workers);
      setError(null);
    } catch (caught) {
      setError((caught as Error).message);
    }
  }, []);
  useEffect(() => void load(), [load]);

  async function create(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const answer = await trainingApi.createWorker(name.trim(), types);
      setCreated({ name: answer.worker.name, token: answer.token });
      setName('');
      await load();
      onChange();
    } catch (caught) {
      setError((caught as Error).message);
    } finally {
      setBusy(false);
    }
  }

  async function revoke(worker: WorkerToken) {
    try {
      await trainingApi.revokeWorker(worker.id);
      await load();
      onChange();
    } catch (caught) {
      setError((caught as Error).message);
    }
  }

  const toggle = (type: ModelType) =>
    setTypes((list) => (list.includes(type) ? list.filter((item) => item !== type) : [...list, type]));
  const endpoint = new URL(`${API_BASE_URL}/training/worker/`, location.origin).toString();

  return (
    <section className="card stack" aria-labelledby="workers-heading">
      <h2 id="workers-heading">External workers</h2>
      <p className="muted">
        Speech recognition (and, if you choose, a neural voice) trains on a GPU machine outside this server.
        Give that machine a worker token; it claims jobs at <code>{endpoint}</code> with{' '}
        <code>Authorization: Bearer</code> and the token.
      </p>
      {error && (
        <div className="error-box" role="alert">
          {error}
        </div>
      )}
      {created && (
        <div className="success-box" role="status">
          <p>Token for {created.name}. Copy it now: it is not shown again.</p>
          <code className="training-token">{created.token}</code>
        </div>
      )}
      <form className="form" onSubmit={(event) => void create(event)}>
        <div className="field">
          <label htmlFor="worker-name">Worker name</label>
          <input
            id="worker-name"
            value={name}
            maxLength={WORKER_NAME_MAX}
            required
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <fieldset className="training-types">
          <legend>May train</legend>
          {MODEL_TYPES.map((type) => (
            <label key={type} className="checkbox">
              <input type="checkbox" checked={types.includes(type)} onChange={() => toggle(type)} />
              {type.toUpperCase()}
            </label>
          ))}
        </fieldset>
        <div>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={busy || !name.trim() || types.length === 0}
          >
            {busy ? 'Creating...' : 'Create worker token'}
          </button>
        </div>
      </form>
      {workers === null && !error && <p>Loading workers...</p>}
      {workers?.length === 0 && <p className="muted">No worker tokens yet.</p>}
      {workers && workers.length > 0 && (
        <div className="table-wrap">
          <table className="card-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">May train</th>
                <th scope="col">Last seen</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {workers.map((worker) => (
                <tr key={worker.id}>
                  <td data-label="Name">{worker.name}</td>
                  <td data-label="May train">
                    {worker.modelTypes.map((type) => type.toUpperCase()).join(', ')}
                  </td>
                  <td data-label="Last seen">
                    {worker.lastSeenAt ? formatDate(worker.lastSeenAt) : 'Never'}
                  </td>
                  <td data-label="">
                    {worker.revokedAt ? (
                      <span className="muted">Revoked</span>
                    ) : (
                      <button
                        type="button"
                        className="btn btn-danger"
                        onClick={() => void revoke(worker)}
                        aria-label={`Revoke the token of ${worker.name}`}
                      >
                        Revoke
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
