// One model type on /training: status (icon and words), last trained date or progress, progress bar, metrics,
// the spec's requirement with the measured figures, the run history, and Start / Retrain / Stop for admins.
import type { TrainingModelStatus } from '../../../core/api/training.ts';
import { RunHistory } from './run-history.tsx';
import { training } from '../../../core/i18n/messages/training.ts';
import { richText, useT } from '../../i18n/i18n.tsx';
import {
  formatDate,
  formatMetric,
  metricName,
  MODEL_STATUS_TEXT,
  MODEL_TEXT,
  READINESS_LABELS,
  readinessNote,
  readinessText,
  STATUS_ICON,
} from './training-text.ts';
import { ErrorBox } from '../../components/error-box.tsx';

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
  const t = useT();
  const info = MODEL_TEXT[model.modelType];
  const title = t(info.title);
  const job = model.job;
  const active = model.status === 'training';
  const headingId = `model-${model.modelType}-heading`;
  const metrics = Object.entries(model.metrics);
  // A figure the server measures: its label in the interface's language (the server's English if unknown here).
  const readinessLabel = (key: string) => {
    const known = READINESS_LABELS[model.modelType][key];
    return known ? t(known) : model.readiness.items.find((item) => item.key === key)?.label;
  };

  return (
    <article
      className={`card training-card training-card-${model.status}`}
      aria-labelledby={headingId}
      data-testid={`model-card-${model.modelType}`}
    >
      <h2 id={headingId}>{title}</h2>
      <p className={`training-status training-status-${model.status}`} data-testid="model-status">
        <span className="training-status-icon" aria-hidden="true">
          {STATUS_ICON[model.status]}
        </span>{' '}
        {t(MODEL_STATUS_TEXT[model.status])}
      </p>
      {model.status === 'trained' && !model.readiness.ready && model.readiness.items.length > 0 && (
        <p className="training-trial" data-testid="model-trial">
          <span aria-hidden="true">⚠ </span>
          {t(training.trial)}
        </p>
      )}
      <p className="muted">
        {active
          ? t(training.progress, { percent: model.progress })
          : model.lastTrained
            ? t(training.lastTrained, { date: formatDate(model.lastTrained) })
            : t(training.neverTrained)}
      </p>
      <progress
        className="progress"
        max={100}
        value={model.progress}
        aria-label={t(training.progressLabel, { model: title })}
        aria-valuetext={t(training.percent, { percent: model.progress })}
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
          <h3 className="training-subheading">{t(training.metricsTitle)}</h3>
          <dl className="training-metrics">
            {metrics.map(([name, value]) => (
              <div key={name} className="training-metric">
                <dt>{metricName(name, t)}</dt>
                <dd>{formatMetric(name, value, t)}</dd>
              </div>
            ))}
          </dl>
        </>
      )}

      <h3 className="training-subheading">{t(training.needsTitle)}</h3>
      <p>{t(info.needs)}</p>
      <ul className="training-readiness" aria-label={t(training.dataNow, { model: title })}>
        {model.readiness.items.map((item) => (
          <li key={item.key}>
            <span className="training-readiness-label">{readinessLabel(item.key)}</span>
            <span className={item.min === null ? '' : item.met ? 'readiness-met' : 'readiness-short'}>
              {item.min !== null && <span aria-hidden="true">{item.met ? '✓ ' : '✗ '}</span>}
              {readinessText(item, t)}
              {item.min !== null && (
                <span className="visually-hidden"> {t(item.met ? training.enough : training.notYet)}</span>
              )}
            </span>
          </li>
        ))}
      </ul>
      {model.readiness.speaker && (
        <p className="muted">
          {richText(t, training.voiceSpeaker, {
            speaker: <span translate="no">{model.readiness.speaker}</span>,
          })}
        </p>
      )}
      {model.readiness.note && <p className="muted training-note">{readinessNote(model.modelType, t)}</p>}
      {model.modelType === 'asr' && (
        <p className="muted training-note">
          {t(training.workersRegistered, { count: model.externalWorkers })}
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
              {t(busy === 'stop' || job?.stopRequested ? training.stopping : training.stop)}
            </button>
          ) : (
            <button type="button" className="btn btn-primary" onClick={onStart} disabled={busy !== null}>
              {t(
                busy === 'start'
                  ? training.starting
                  : model.status === 'trained'
                    ? training.retrain
                    : training.start,
              )}
            </button>
          )}
        </div>
      ) : null}
      <ErrorBox error={actionError} />

      <RunHistory runs={model.history} title={title} />
    </article>
  );
}
