// Password help: no mail server yet, so a community admin creates a one-time reset link, which this page accepts.
import { auth } from '../../../core/i18n/messages/auth.ts';
import { richText, useT } from '../../i18n/i18n.tsx';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { newPasswordSchema, VALIDATION_MESSAGES } from '../../../core/api/auth.ts';
import { PATHS } from '../../app/paths.ts';
import { useSearchParam } from '../../app/use-search-param.ts';
import { FormField } from '../../components/form-field.tsx';
import { authApi } from './auth-api.ts';
import { ErrorBox } from '../../components/error-box.tsx';

export function ForgotPasswordPage() {
  const t = useT();
  const token = useSearchParam('token');
  return (
    <div className="page page-narrow">
      <div className="page-header">
        <h1>{t(token ? auth.newPasswordTitle : auth.forgotTitle)}</h1>
      </div>
      {token ? <ResetForm token={token} /> : <HowToReset />}
    </div>
  );
}

function HowToReset() {
  const t = useT();
  return (
    <div className="card">
      <p>{t(auth.noEmail)}</p>
      <ol>
        <li>{t(auth.step1)}</li>
        <li>{t(auth.step2)}</li>
        <li>{t(auth.step3)}</li>
      </ol>
      <p>{richText(t, auth.remembered, { signIn: <Link to={PATHS.login}>{t(auth.signIn)}</Link> })}</p>
    </div>
  );
}

function ResetForm({ token }: { token: string }) {
  const t = useT();
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
        {richText(t, auth.changed, { signIn: <Link to={PATHS.login}>{t(auth.signIn)}</Link> })}
      </div>
    );
  }
  return (
    <form className="form card" onSubmit={(event) => void onSubmit(event)} noValidate>
      <ErrorBox error={formError} />
      <FormField
        label={t(auth.newPassword)}
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
        label={t(auth.confirmNewPassword)}
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
        {t(busy ? auth.saving : auth.setPassword)}
      </button>
    </form>
  );
}
