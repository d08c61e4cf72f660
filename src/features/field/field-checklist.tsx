// Settings → Ready for the field: the checklist of what the phone holds (with sizes) and a button to get ready
// again (field-banner.tsx tells the rest of the app while it runs).
import type { MessageDescriptor } from '../../../core/i18n/define.ts';
import { field as m } from '../../../core/i18n/messages/field.ts';
import { useT } from '../../i18n/i18n.tsx';
import { useAuth } from '../auth/use-auth.ts';
import { useDeviceConsent } from '../consent/device-consent.ts';
import { prepareForField, readinessSummary, useFieldReadiness, type StepState } from './field-readiness.ts';
import { consentOutcome, FIELD_STEPS, STEP_LABELS } from './field-steps.ts';
import './field.css';

/** Words and a symbol for each state, so colour is never the only signal. */
const STATUS_TEXT: Record<StepState['status'], { mark: string; words: MessageDescriptor }> = {
  waiting: { mark: '○', words: m.statusWaiting },
  working: { mark: '…', words: m.statusWorking },
  done: { mark: '✓', words: m.statusDone },
  warning: { mark: '!', words: m.statusWarning },
  failed: { mark: '✗', words: m.statusFailed },
};

function StepList({ steps }: { steps: StepState[] }) {
  const t = useT();
  return (
    <ol className="field-steps" aria-label={t(m.stepsLabel)}>
      {steps.map((step) => (
        <li
          key={step.id}
          className={`field-step field-step-${step.status}`}
          data-testid={`field-step-${step.id}`}
        >
          <span className="field-step-mark" aria-hidden="true">
            {STATUS_TEXT[step.status].mark}
          </span>
          <span className="field-step-text">
            <strong>{STEP_LABELS[step.id] ? t(STEP_LABELS[step.id]!) : step.label}</strong>{' '}
            <span className="field-step-status">{t(STATUS_TEXT[step.status].words)}</span>
            {step.detail && <span className="field-step-detail">{step.detail}</span>}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** Settings → Ready for the field. */
export function FieldSection() {
  const t = useT();
  const { user } = useAuth();
  const readiness = useFieldReadiness();
  const consent = useDeviceConsent(user?.id ?? '');
  if (!user) return null;
  const kept = readiness.userId === user.id ? readiness : null;
  // The consent row says what governs the phone now, not at the last run (consent is often given after it).
  const mine = kept && {
    ...kept,
    steps: kept.steps.map((step) =>
      step.id === 'consent' && !['waiting', 'working'].includes(step.status) && consent?.status
        ? { ...step, ...consentOutcome(consent, user.name) }
        : step,
    ),
  };
  return (
    <section className="card form" aria-labelledby="field-heading" data-testid="field-section">
      <h2 id="field-heading">{t(m.title)}</h2>
      <p className="muted">{t(m.intro)}</p>
      <p role="status" data-testid="field-summary">
        {mine ? readinessSummary(mine) : t(m.notPrepared)}
      </p>
      {mine && mine.steps.length > 0 && <StepList steps={mine.steps} />}
      <div className="button-row">
        <button
          type="button"
          className="btn btn-primary"
          disabled={mine?.running}
          onClick={() => void prepareForField(user.id, FIELD_STEPS)}
        >
          {mine?.finishedAt ? t(m.getReadyAgain) : t(m.getReady)}
        </button>
      </div>
    </section>
  );
}
