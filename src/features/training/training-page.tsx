// /training: the three model types, their status and runs, and how far the data is from what each needs. Polls
// every 5 s and right after a start or stop. Admins start and stop training and manage external workers; other
// contributors see the page read-only (the server enforces it too).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ModelStatus, TrainingModelStatus } from '../../../core/api/training.ts';
import { MODEL_TYPES, TRAINING_POLL_MS, type ModelType } from '../../../core/constants.ts';
import { useAuth } from '../auth/use-auth.ts';
import { ModelCard } from './model-card.tsx';
import { trainingApi } from './training-api.ts';
import { STATUS_LABEL } from './training-text.ts';
import { WorkersPanel } from './workers-panel.tsx';
import './training.css';

/** A model the server did not list: shown as not trained (spec: three placeholder cards). */
const placeholder = (modelType: ModelType): TrainingModelStatus => ({
  modelType,
  status: 'not_trained',
  lastTrained: null,
  progress: 0,
  metrics: {},
  job: null,
  history: [],
  readiness: { ready: false, items: [], speaker: null, note: null },
  externalWorkers: 0,
});

/** The status list, polled every TRAINING_POLL_MS while the tab is visible; `refresh` polls now. */
function useTrainingStatus() {
  const [models, setModels] = useState<TrainingModelStatus[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);

  const refresh = useCallback(async () => {
    const call = ++latest.current;
    try {
      const list = await trainingApi.status();
      // An older answer arriving after a newer one is dropped.
      if (call !== latest.current) return;
      setModels(list);
      setError(null);
    } catch (caught) {
      if (call === latest.current) setError((caught as Error).message);
    }
  }, []);

  useEffect(() => {
    void refresh();
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden') void refresh();
    }, TRAINING_POLL_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [refresh]);

  return { models, error, refresh };
}

export function TrainingPage() {
  const { user } = useAuth();
  const isAdmin = user?.role === 'admin';
  const { models, error, refresh } = useTrainingStatus();
  const [busy, setBusy] = useState<Partial<Record<ModelType, 'start' | 'stop'>>>({});
  const [actionErrors, setActionErrors] = useState<Partial<Record<ModelType, string>>>({});

  const cards = MODEL_TYPES.map(
    (type) => models?.find((model) => model.modelType === type) ?? placeholder(type),
  );
  const countOf = (status: ModelStatus['status']) => cards.filter((card) => card.status === status).length;

  async function act(modelType: ModelType, action: 'start' | 'stop') {
    setBusy((state) => ({ ...state, [modelType]: action }));
    setActionErrors((state) => ({ ...state, [modelType]: undefined }));
    try {
      await (action === 'start' ? trainingApi.start(modelType) : trainingApi.stop(modelType));
    } catch (caught) {
      setActionErrors((state) => ({ ...state, [modelType]: (caught as Error).message }));
    } finally {
      await refresh();
      setBusy((state) => ({ ...state, [modelType]: undefined }));
    }
  }

  return (
    <div className="page stack">
      <div className="page-header">
        <h1>Model Training</h1>
        <p>Models are trained from the community's consented contributions.</p>
      </div>
      {error && (
        <div className="error-box" role="alert">
          {error}
        </div>
      )}
      <section className="grid training-overview" aria-label="Models by status">
        {(['trained', 'training', 'not_trained'] as const).map((status) => (
          <div key={status} className="card stat" data-testid={`count-${status}`}>
            <span className="stat-value">{models === null && !error ? '…' : countOf(status)}</span>
            <span className="stat-label">
              <span aria-hidden="true">{STATUS_LABEL[status].icon} </span>
              {STATUS_LABEL[status].text}
            </span>
          </div>
        ))}
        {countOf('error') > 0 && (
          <div className="card stat" data-testid="count-error">
            <span className="stat-value">{countOf('error')}</span>
            <span className="stat-label">
              <span aria-hidden="true">{STATUS_LABEL.error.icon} </span>
              {STATUS_LABEL.error.text}
            </span>
          </div>
        )}
      </section>
      {!isAdmin && (
        <p className="muted">Only community admins start or stop training; you can follow it here.</p>
      )}
      <div className="training-cards">
        {cards.map((model) => (
          <ModelCard
            key={model.modelType}
            model={model}
            isAdmin={isAdmin}
            busy={busy[model.modelType] ?? null}
            actionError={actionErrors[model.modelType] ?? null}
            onStart={() => void act(model.modelType, 'start')}
            onStop={() => void act(model.modelType, 'stop')}
          />
        ))}
      </div>
      {isAdmin && <WorkersPanel onChange={() => void refresh()} />}
    </div>
  );
}
