// Labelled input with its error message wired for screen readers; optional show/hide for passwords.
import { useId, useState, type InputHTMLAttributes } from 'react';
import { shell } from '../../core/i18n/messages/shell.ts';
import { useT } from '../i18n/i18n.tsx';
import { FieldError } from './field-error.tsx';

export interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string | undefined;
  revealable?: boolean;
}

export function FormField({ label, error, revealable = false, type = 'text', ...input }: FormFieldProps) {
  const t = useT();
  const id = useId();
  const errorId = `${id}-error`;
  const [revealed, setRevealed] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className={revealable ? 'field-reveal' : undefined}>
        <input
          id={id}
          type={revealable && revealed ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        {revealable && (
          <button
            type="button"
            className="btn btn-ghost field-reveal-button"
            onClick={() => setRevealed((value) => !value)}
            aria-pressed={revealed}
            aria-label={t(revealed ? shell.hideField : shell.showField, { field: label })}
          >
            {t(revealed ? shell.hide : shell.show)}
          </button>
        )}
      </div>
      {error && <FieldError id={errorId} text={error} />}
    </div>
  );
}
