// A field's error, in the interface's language: a check's English (from the form's own validation or from the
// server's field errors) is written in the chosen language when the community has translated it.
import { localiseErrorText } from '../lib/error-texts.ts';
import { useT } from '../i18n/i18n.tsx';

export interface FieldErrorProps {
  id?: string | undefined;
  /** The error as the check wrote it (English, or already in the interface's language). */
  text: string;
  /** Announce it at once (errors that appear after an action, not while typing). */
  alert?: boolean;
  testId?: string;
}

export function FieldError({ id, text, alert = false, testId }: FieldErrorProps) {
  // Renders again when the language changes.
  useT();
  return (
    <p className="field-error" id={id} role={alert ? 'alert' : undefined} data-testid={testId}>
      {localiseErrorText(text)}
    </p>
  );
}
