// Create an account (product-spec sections 2, 5, 8); the rules come from the shared signup schema.
import { auth } from '../../../core/i18n/messages/auth.ts';
import { richText, useT } from '../../i18n/i18n.tsx';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { signupFormSchema, VALIDATION_MESSAGES } from '../../../core/api/auth.ts';
import { PATHS } from '../../app/paths.ts';
import { useSearchParam } from '../../app/use-search-param.ts';
import { FieldError } from '../../components/field-error.tsx';
import { FormField } from '../../components/form-field.tsx';
import { CLIENT_ERROR_CODES } from '../../../core/api/client-errors.ts';
import { ApiError } from '../../lib/api-client.ts';
import { fieldErrorsOf, type FieldErrors } from '../../lib/form-errors.ts';
import { authApi } from './auth-api.ts';
import { authStore } from '../../lib/auth-store.ts';
import { ErrorBox } from '../../components/error-box.tsx';

type Field = 'name' | 'email' | 'password' | 'confirmPassword' | 'acceptTerms';
const EMPTY = { name: '', email: '', password: '', confirmPassword: '', acceptTerms: false };

export function SignupPage() {
  const t = useT();
  const redirect = useSearchParam('redirect');
  const navigate = useNavigate();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function update<K extends Field>(field: K, value: (typeof EMPTY)[K]) {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setFormError(null);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = signupFormSchema.safeParse(form);
    if (!parsed.success) {
      const found: FieldErrors<Field> = fieldErrorsOf(parsed.error);
      // Zod runs the object-level match check only when every field passed; report it alongside the others.
      if (form.password !== form.confirmPassword)
        found.confirmPassword ??= VALIDATION_MESSAGES.passwordsDoNotMatch;
      setErrors(found);
      return;
    }
    setBusy(true);
    try {
      const { name, email, password } = parsed.data;
      const { token, user } = await authApi.signup({ name, email, password });
      authStore.signIn(token, user);
      await navigate({ to: redirect ?? PATHS.home });
    } catch (caught) {
      if (caught instanceof ApiError) setErrors(caught.fieldErrors());
      // No connection: say so, and what still works without one (as sign-in does).
      if (caught instanceof ApiError && caught.code === CLIENT_ERROR_CODES.network)
        setFormError(t(auth.signUpOffline));
      else setFormError((caught as Error).message || t(auth.signUpFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="page page-narrow">
      <div className="page-header">
        <h1>{t(auth.signUpTitle)}</h1>
        <p>{t(auth.signUpLead)}</p>
      </div>
      <form className="form card" onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={busy}>
        <ErrorBox error={formError} testId="signup-error" />
        <FormField
          label={t(auth.fullName)}
          name="name"
          autoComplete="name"
          value={form.name}
          error={errors.name}
          onChange={(e) => update('name', e.target.value)}
        />
        <FormField
          label={t(auth.email)}
          type="email"
          name="email"
          autoComplete="email"
          value={form.email}
          error={errors.email}
          onChange={(e) => update('email', e.target.value)}
        />
        <FormField
          label={t(auth.password)}
          type="password"
          name="password"
          autoComplete="new-password"
          revealable
          value={form.password}
          error={errors.password}
          onChange={(e) => update('password', e.target.value)}
        />
        <FormField
          label={t(auth.confirmPassword)}
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          revealable
          value={form.confirmPassword}
          error={errors.confirmPassword}
          onChange={(e) => update('confirmPassword', e.target.value)}
        />
        <div className="field">
          <label className="checkbox">
            <input
              type="checkbox"
              name="acceptTerms"
              checked={form.acceptTerms}
              aria-invalid={errors.acceptTerms ? true : undefined}
              onChange={(e) => update('acceptTerms', e.target.checked)}
            />
            <span>
              {richText(t, auth.acceptTerms, {
                terms: <Link to={PATHS.terms}>{t(auth.termsLink)}</Link>,
                privacy: <Link to={PATHS.privacy}>{t(auth.privacyLink)}</Link>,
              })}
            </span>
          </label>
          {errors.acceptTerms && <FieldError text={errors.acceptTerms} />}
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {t(busy ? auth.creating : auth.create)}
        </button>
        <p className="muted">
          {richText(t, auth.haveAccount, { signIn: <Link to={PATHS.login}>{t(auth.signIn)}</Link> })}
        </p>
      </form>
    </div>
  );
}
