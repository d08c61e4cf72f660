// Sign in (product-spec sections 2, 5, 8).
import { auth } from '../../../core/i18n/messages/auth.ts';
import { useT } from '../../i18n/i18n.tsx';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { PATHS } from '../../app/paths.ts';
import { useSearchParam } from '../../app/use-search-param.ts';
import { FormField } from '../../components/form-field.tsx';
import { authApi } from './auth-api.ts';
import { CLIENT_ERROR_CODES } from '../../../core/api/client-errors.ts';
import { ApiError } from '../../lib/api-client.ts';
import { authStore } from '../../lib/auth-store.ts';
import { ErrorBox } from '../../components/error-box.tsx';

export function LoginPage() {
  const t = useT();
  const redirect = useSearchParam('redirect');
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { token, user } = await authApi.login({ email, password });
      authStore.signIn(token, user, remember);
      await navigate({ to: redirect ?? PATHS.home });
    } catch (caught) {
      // No connection (issue 35): say so in a villager's words, and what still works without one.
      if (caught instanceof ApiError && caught.code === CLIENT_ERROR_CODES.network)
        setError(t(auth.signInOffline));
      else setError((caught as Error).message || t(auth.invalidCredentials));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="page page-narrow">
      <div className="page-header">
        <h1>{t(auth.signInTitle)}</h1>
        <p>{t(auth.signInLead)}</p>
      </div>
      <form
        className="form card"
        onSubmit={(event) => void onSubmit(event)}
        noValidate={false}
        aria-busy={busy}
      >
        <ErrorBox error={error} testId="login-error" />
        <FormField
          label={t(auth.email)}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(null);
          }}
        />
        <FormField
          label={t(auth.password)}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          revealable
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setError(null);
          }}
        />
        <label className="checkbox">
          <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
          <span>{t(auth.remember)}</span>
        </label>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {t(busy ? auth.signingIn : auth.signIn)}
        </button>
        <div className="auth-links">
          <Link to={PATHS.forgotPassword}>{t(auth.forgot)}</Link>
          <Link to={PATHS.signup} search={redirect ? { redirect } : {}}>
            {t(auth.createAccountLink)}
          </Link>
        </div>
      </form>
    </div>
  );
}
