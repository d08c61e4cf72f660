// Settings → Ready for the field: the checklist of what the phone holds (with sizes) and a button to get ready
// again (field-banner.tsx tells the rest of the app while it runs).
import { useAuth } from '../auth/use-auth.ts';
import { prepareForField, readinessSummary, useFieldReadiness, type StepState } from './field-readiness.ts';
import { FIELD_STEPS } from './field-steps.ts';
import './field.css';

/** Words and a symbol for each state, so colour is never the only signal. */
const STATUS_TEXT: Record<StepState['status'], { mark: string; words: string }> = {
  waiting: { mark: '○', words: 'Waiting' },
  working: { mark: '…', words: 'Working' },
  done: { mark: '✓', words: 'Done' },
  warning: { mark: '!', words: 'Done, note' },
  failed: { mark: '✗', words: 'Failed' },
};

function StepList({ steps }: { steps: StepState[] }) {
  return (
    <ol className="field-steps" aria-label="What this phone holds for the field">
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
            <strong>{step.label}</strong>{' '}
            <span className="field-step-status">{STATUS_TEXT[step.status].words}</span>
            {step.detail && <span className="field-step-detail">{step.detail}</span>}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** Settings → Ready for the field. */
export function FieldSection() {
  const { user } = useAuth();
  const readiness = useFieldReadiness();
  if (!user) return null;
  const mine = readiness.userId === user.id ? readiness : null;
  return (
    <section className="card form" aria-labelledby="field-heading" data-testid="field-section">
      <h2 id="field-heading">Ready for the field</h2>
      <p className="muted">
        Before you go where there is no signal, get this phone ready: the app, sentences to read and to
        translate, your consent and the translation model are kept on it, so everything works offline.
      </p>
      <p role="status" data-testid="field-summary">
        {mine ? readinessSummary(mine) : 'This phone has not been prepared for the field yet.'}
      </p>
      {mine && mine.steps.length > 0 && <StepList steps={mine.steps} />}
      <div className="button-row">
        <button
          type="button"
          className="btn btn-primary"
          disabled={mine?.running}
          onClick={() => void prepareForField(user.id, FIELD_STEPS)}
        >
          {mine?.finishedAt ? 'Get ready again' : 'Get this phone ready'}
        </button>
      </div>
    </section>
  );
}
