// /training: the three model types, their status and runs, and how far the data is from what each needs. Polls
// every 5 s and right after a start or stop. Admins start and stop training and manage external workers; other
// contributors see the page read-only (the server enforces it too).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ModelStatus, TrainingModelStatus } from '../../../core/api/training.ts';
import { MODEL_TYPES, TRAINING_POLL_MS, type ModelType } from '../../../core/constants.ts';
import type { ApiError } from '../../lib/api-client.ts';
import { settingsStore } from '../../offline/settings-store.ts';
import { useAuth } from '../auth/use-auth.ts';
import { ModelCard } from './model-card.tsx';
import { SpeechFigures } from './speech-figures.tsx';
import { trainingApi } from './training-api.ts';
import { training } from '../../../core/i18n/messages/training.ts';
import { useT } from '../../i18n/i18n.tsx';
import { formatDate, MODEL_STATUS_TEXT, STATUS_ICON } from './training-text.ts';
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
  readiness: { ready: false, items: [], speaker: null, note: null, speech: null },
  externalWorkers: 0,
});

/**
 * The status list, polled every TRAINING_POLL_MS while the tab is visible; `refresh` polls now. Until an answer
 * comes (offline), the last one this device read is shown, with `staleSince` saying when it was read.
 */
function useTrainingStatus() {
  const [models, setModels] = useState<TrainingModelStatus[] | null>(null);
  const [staleSince, setStaleSince] = useState<string | null>(null);
  // The problem in words: offline (said in the interface's language), or the server's message.
  const [error, setError] = useState<{ offline: true } | { offline: false; message: string } | null>(null);
  const latest = useRef(0);
  const answered = useRef(false);

  const refresh = useCallback(async () => {
    const call = ++latest.current;
    try {
      const list = await trainingApi.status();
      // An older answer arriving after a newer one is dropped.
      if (call !== latest.current) return;
      answered.current = true;
      setModels(list);
      setStaleSince(null);
      setError(null);
      void settingsStore
        .setTrainingStatus({ savedAt: new Date().toISOString(), models: list })
        .catch(() => undefined);
    } catch (caught) {
      if (call !== latest.current) return;
      const failure = caught as ApiError;
      setError(failure.status === null ? { offline: true } : { offline: false, message: failure.message });
    }
  }, []);

  useEffect(() => {
    void settingsStore
      .trainingStatus()
      .then((snapshot) => {
        // Only while no fresh answer has come.
        if (!snapshot || answered.current) return;
        setModels(snapshot.models);
        setStaleSince(snapshot.savedAt);
      })
      .catch(() => undefined);
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

  return { models, staleSince, error, refresh };
}

export function TrainingPage() {
  const { user } = useAuth();
  const isAdmin = user?.role === 'admin';
  const t = useT();
  const { models, staleSince, error: problem, refresh } = useTrainingStatus();
  const error = problem && (problem.offline ? t(training.offline) : problem.message);
  const [busy, setBusy] = useState<Partial<Record<ModelType, 'start' | 'stop'>>>({});
  const [actionErrors, setActionErrors] = useState<Partial<Record<ModelType, string>>>({});

  const cards = MODEL_TYPES.map(
    (type) => models?.find((model) => model.modelType === type) ?? placeholder(type),
  );

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
        <h1>{t(training.title)}</h1>
        <p>{t(training.intro)}</p>
      </div>
      {error && staleSince && (
        <p className="notice-box" role="status" data-testid="training-stale">
          {t(training.staleNotice, { problem: error, date: formatDate(staleSince) })}
        </p>
      )}
      {error && !staleSince && (
        <div className="error-box" role="alert">
          {error}
          {models === null && ` ${t(training.notReadYet)}`}
        </div>
      )}
      {(models !== null || !error) && (
        <TrainingOverview
          cards={cards}
          loading={models === null}
          isAdmin={isAdmin}
          busy={busy}
          actionErrors={actionErrors}
          onAct={(modelType, action) => void act(modelType, action)}
        />
      )}
      {isAdmin && <WorkersPanel onChange={() => void refresh()} />}
    </div>
  );
}

function TrainingOverview(props: {
  cards: TrainingModelStatus[];
  loading: boolean;
  isAdmin: boolean;
  busy: Partial<Record<ModelType, 'start' | 'stop'>>;
  actionErrors: Partial<Record<ModelType, string>>;
  onAct: (modelType: ModelType, action: 'start' | 'stop') => void;
}) {
  const t = useT();
  const { cards, isAdmin, busy, actionErrors } = props;
  const countOf = (status: ModelStatus['status']) => cards.filter((card) => card.status === status).length;
  // The usable Lopit speech the ASR figures count (a status saved by an older version has none).
  const speech = cards.find((card) => card.modelType === 'asr')?.readiness.speech ?? null;
  return (
    <>
      <section className="grid training-overview" aria-label={t(training.byStatus)}>
        {(['trained', 'training', 'not_trained'] as const).map((status) => (
          <div key={status} className="card stat" data-testid={`count-${status}`}>
            <span className="stat-value">{props.loading ? '…' : countOf(status)}</span>
            <span className="stat-label">
              <span aria-hidden="true">{STATUS_ICON[status]} </span>
              {t(MODEL_STATUS_TEXT[status])}
            </span>
          </div>
        ))}
        {countOf('error') > 0 && (
          <div className="card stat" data-testid="count-error">
            <span className="stat-value">{countOf('error')}</span>
            <span className="stat-label">
              <span aria-hidden="true">{STATUS_ICON.error} </span>
              {t(MODEL_STATUS_TEXT.error)}
            </span>
          </div>
        )}
      </section>
      {!isAdmin && <p className="muted">{t(training.adminsOnly)}</p>}
      <div className="training-cards">
        {cards.map((model) => (
          <ModelCard
            key={model.modelType}
            model={model}
            isAdmin={isAdmin}
            busy={busy[model.modelType] ?? null}
            actionError={actionErrors[model.modelType] ?? null}
            onStart={() => props.onAct(model.modelType, 'start')}
            onStop={() => props.onAct(model.modelType, 'stop')}
          />
        ))}
      </div>
      {speech && <SpeechFigures speech={speech} />}
    </>
  );
}
