// Profile: shows the account, edits the name and the speaker profile, changes the password.
import { account } from '../../../core/i18n/messages/account.ts';
import { formatDate, richText, useT } from '../../i18n/i18n.tsx';
import { useState, type FormEvent } from 'react';
import { nameSchema, newPasswordSchema, VALIDATION_MESSAGES } from '../../../core/api/auth.ts';
import { FormField } from '../../components/form-field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { authApi } from '../auth/auth-api.ts';
import { authStore } from '../../lib/auth-store.ts';
import { useAuth } from '../auth/use-auth.ts';
import { SpeakerProfileForm } from './speaker-profile-form.tsx';
import { ErrorBox } from '../../components/error-box.tsx';

export function ProfilePage() {
  const t = useT();
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div className="page page-narrow">
      <div className="page-header">
        <h1>{t(account.title)}</h1>
        <p>
          {richText(
            t,
            account.summary,
            { email: <span translate="no">{user.email}</span> },
            { role: user.role, since: formatDate(user.createdAt) },
          )}
        </p>
      </div>
      <NameForm initialName={user.name} />
      <SpeakerProfileForm user={user} />
      <PasswordForm />
    </div>
  );
}

function NameForm({ initialName }: { initialName: string }) {
  const t = useT();
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved'>('idle');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = nameSchema.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setStatus('saving');
    try {
      const { user } = await authApi.updateProfile(parsed.data);
      authStore.updateUser(user);
      setStatus('saved');
    } catch (caught) {
      setError((caught as Error).message);
      setStatus('idle');
    }
  }

  return (
    <form className="form card" onSubmit={(event) => void onSubmit(event)} noValidate>
      <h2>{t(account.name)}</h2>
      <FormField
        label={t(account.fullName)}
        autoComplete="name"
        value={name}
        error={error}
        onChange={(e) => {
          setName(e.target.value);
          setError(undefined);
          setStatus('idle');
        }}
      />
      <button type="submit" className="btn btn-primary" disabled={status === 'saving'}>
        {t(status === 'saving' ? account.saving : account.saveName)}
      </button>
      {status === 'saved' && (
        <p role="status" className="success-box">
          {t(account.nameSaved)}
        </p>
      )}
    </form>
  );
}

function PasswordForm() {
  const t = useT();
  const [form, setForm] = useState({ current: '', next: '', confirm: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof typeof form, string>>>({});
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved'>('idle');
  const [formError, setFormError] = useState<string | null>(null);

  const update = (field: keyof typeof form, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setFormError(null);
    setStatus('idle');
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const next = newPasswordSchema.safeParse(form.next);
    const nextErrors = {
      ...(form.current ? {} : { current: VALIDATION_MESSAGES.passwordRequired }),
      ...(next.success ? {} : { next: next.error.issues[0]?.message }),
      ...(form.next === form.confirm ? {} : { confirm: VALIDATION_MESSAGES.passwordsDoNotMatch }),
    };
    setErrors(nextErrors);
    if (Object.keys(nextErrors).length > 0) return;
    setStatus('saving');
    try {
      await authApi.changePassword(form.current, form.next);
      setForm({ current: '', next: '', confirm: '' });
      setStatus('saved');
    } catch (caught) {
      const fieldErrors = caught instanceof ApiError ? caught.fieldErrors() : {};
      if (fieldErrors.currentPassword) setErrors({ current: fieldErrors.currentPassword });
      else setFormError((caught as Error).message);
      setStatus('idle');
    }
  }

  return (
    <form className="form card" onSubmit={(event) => void onSubmit(event)} noValidate>
      <h2>{t(account.changePasswordTitle)}</h2>
      <ErrorBox error={formError} />
      <FormField
        label={t(account.currentPassword)}
        type="password"
        autoComplete="current-password"
        revealable
        value={form.current}
        error={errors.current}
        onChange={(e) => update('current', e.target.value)}
      />
      <FormField
        label={t(account.newPassword)}
        type="password"
        autoComplete="new-password"
        revealable
        value={form.next}
        error={errors.next}
        onChange={(e) => update('next', e.target.value)}
      />
      <FormField
        label={t(account.confirmNewPassword)}
        type="password"
        autoComplete="new-password"
        revealable
        value={form.confirm}
        error={errors.confirm}
        onChange={(e) => update('confirm', e.target.value)}
      />
      <button type="submit" className="btn btn-primary" disabled={status === 'saving'}>
        {t(status === 'saving' ? account.saving : account.changePassword)}
      </button>
      {status === 'saved' && (
        <p role="status" className="success-box">
          {t(account.passwordChanged)}
        </p>
      )}
    </form>
  );
}
