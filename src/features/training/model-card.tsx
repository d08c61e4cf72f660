// One model type on /training: status (icon and words), last trained date or progress, progress bar, metrics,
// the spec's requirement with the measured figures, the run history, and Start / Retrain / Stop for admins.
import type { TrainingModelStatus } from '../../../core/api/training.ts';
import { RunHistory } from './run-history.tsx';
import {
  formatDate,
  formatMetric,
  metricName,
  MODEL_INFO,
  readinessText,
  STATUS_LABEL,
} from './training-text.ts';

interface ModelCardProps {
  model: TrainingModelStatus;
  isAdmin: boolean;
  /** A start or stop of this model is being sent. */
  busy: 'start' | 'stop' | null;
  actionError: string | null;
  onStart: () => void;
  onStop: () => void;
}

export function ModelCard({ model, isAdmin, busy, actionError, onStart, onStop }: ModelCardProps) {
  const info = MODEL_INFO[model.modelType];
  const status = STATUS_LABEL[model.status];
  const job = model.job;
  const active = model.status === 'training';
  const headingId = `model-${model.modelType}-heading`;
  const metrics = Object.entries(model.metrics);

  return (
    <article
      className={`card training-card training-card-${model.status}`}
      aria-labelledby={headingId}
      data-testid={`model-card-${model.modelType}`}
    >
      <h2 id={headingId}>{info.title}</h2>
      <p className={`training-status training-status-${model.status}`} data-testid="model-status">
        <span className="training-status-icon" aria-hidden="true">
          {status.icon}
        </span>{' '}
        {status.text}
      </p>
      {model.status === 'trained' && !model.readiness.ready && model.readiness.items.length > 0 && (
        <p className="training-trial" data-testid="model-trial">
          <span aria-hidden="true">⚠ </span>A trial: trained on less data than this model needs (see below),
          so expect poor results.
        </p>
      )}
      <p className="muted">
        {active
          ? `Progress ${model.progress}%`
          : model.lastTrained
            ? `Last trained ${formatDate(model.lastTrained)}`
            : 'Never trained'}
      </p>
      <progress
        className="progress"
        max={100}
        value={model.progress}
        aria-label={`${info.title} progress`}
        aria-valuetext={`${model.progress}%`}
      />
      {active && job?.message && (
        <p className="training-message" aria-live="polite">
          {job.message}
        </p>
      )}
      {model.status === 'error' && job?.error && (
        <p className="training-error">
          <span aria-hidden="true">⚠ </span>
          {job.error}
        </p>
      )}

      {metrics.length > 0 && (
        <>
          <h3 className="training-subheading">Metrics of the current model</h3>
          <dl className="training-metrics">
            {metrics.map(([name, value]) => (
              <div key={name} className="training-metric">
                <dt>{metricName(name)}</dt>
                <dd>{formatMetric(name, value)}</dd>
              </div>
            ))}
          </dl>
        </>
      )}

      <h3 className="training-subheading">What it needs</h3>
      <p>{info.requirement}</p>
      <ul className="training-readiness" aria-label={`${info.title}: data now`}>
        {model.readiness.items.map((item) => (
          <li key={item.key}>
            <span className="training-readiness-label">{item.label}</span>
            <span className={item.min === null ? '' : item.met ? 'readiness-met' : 'readiness-short'}>
              {item.min !== null && <span aria-hidden="true">{item.met ? '✓ ' : '✗ '}</span>}
              {readinessText(item)}
              {item.min !== null && (
                <span className="visually-hidden">{item.met ? ' (enough)' : ' (not yet)'}</span>
              )}
            </span>
          </li>
        ))}
      </ul>
      {model.readiness.speaker && (
        <p className="muted">Voice speaker (most usable audio): {model.readiness.speaker}</p>
      )}
      {model.readiness.note && <p className="muted training-note">{model.readiness.note}</p>}
      {model.modelType === 'asr' && (
        <p className="muted training-note">
          Training runs on an external worker (a GPU machine):{' '}
          {model.externalWorkers === 1 ? '1 is registered.' : `${model.externalWorkers} are registered.`}
        </p>
      )}

      {isAdmin ? (
        <div className="button-row training-actions">
          {active ? (
            <button
              type="button"
              className="btn btn-danger"
              onClick={onStop}
              disabled={busy !== null || job?.stopRequested === true}
            >
              {busy === 'stop' || job?.stopRequested ? 'Stopping...' : 'Stop'}
            </button>
          ) : (
            <button type="button" className="btn btn-primary" onClick={onStart} disabled={busy !== null}>
              {busy === 'start' ? 'Starting...' : model.status === 'trained' ? 'Retrain' : 'Start'}
            </button>
          )}
        </div>
      ) : null}
      {actionError && (
        <div className="error-box" role="alert">
          {actionError}
        </div>
      )}

      <RunHistory runs={model.history} title={info.title} />
    </article>
  );
}
