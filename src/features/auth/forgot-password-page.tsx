// Password help: no mail server yet, so a community admin creates a one-time reset link, which this page accepts.
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { newPasswordSchema, VALIDATION_MESSAGES } from '../../../core/api/auth.ts';
import { PATHS } from '../../app/paths.ts';
import { useSearchParam } from '../../app/use-search-param.ts';
import { FormField } from '../../components/form-field.tsx';
import { authApi } from './auth-api.ts';

export function ForgotPasswordPage() {
  const token = useSearchParam('token');
  return (
    <div className="page page-narrow">
      <div className="page-header">
        <h1>{token ? 'Choose a new password' : 'Forgot your password?'}</h1>
      </div>
      {token ? <ResetForm token={token} /> : <HowToReset />}
    </div>
  );
}

function HowToReset() {
  return (
    <div className="card">
      <p>This platform does not send email yet. To reset your password:</p>
      <ol>
        <li>
          Ask a community admin (the people who run this site for your community) for a password reset link.
        </li>
        <li>
          They create a one-time link for your account from the admin page. It works once and expires after 24
          hours.
        </li>
        <li>Open the link on this device and choose a new password. You will then sign in with it.</li>
      </ol>
      <p>
        Remembered it? <Link to={PATHS.login}>Sign in</Link>
      </p>
    </div>
  );
}

function ResetForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = newPasswordSchema.safeParse(password);
    const nextErrors = {
      ...(parsed.success ? {} : { password: parsed.error.issues[0]?.message }),
      ...(password === confirm ? {} : { confirm: VALIDATION_MESSAGES.passwordsDoNotMatch }),
    };
    setErrors(nextErrors);
    if (Object.keys(nextErrors).length > 0) return;
    setBusy(true);
    try {
      await authApi.resetPassword(token, password);
      setDone(true);
    } catch (caught) {
      setFormError((caught as Error).message);
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <div className="success-box" role="status">
        Your password has been changed. <Link to={PATHS.login}>Sign in</Link> with your new password.
      </div>
    );
  }
  return (
    <form className="form card" onSubmit={(event) => void onSubmit(event)} noValidate>
      {formError && (
        <div className="error-box" role="alert">
          {formError}
        </div>
      )}
      <FormField
        label="New password"
        type="password"
        autoComplete="new-password"
        revealable
        value={password}
        error={errors.password}
        onChange={(e) => {
          setPassword(e.target.value);
          setErrors({});
        }}
      />
      <FormField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        revealable
        value={confirm}
        error={errors.confirm}
        onChange={(e) => {
          setConfirm(e.target.value);
          setErrors({});
        }}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? 'Saving...' : 'Set new password'}
      </button>
    </form>
  );
}
