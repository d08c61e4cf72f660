// Speaker profile on the profile page: age group, gender and dialect or home village. Each recording keeps a
// copy of these when it is stored, so models can be trained on many kinds of voices. All are optional.
import type { MessageDescriptor } from '../../../core/i18n/define.ts';
import { account } from '../../../core/i18n/messages/account.ts';
import { useT } from '../../i18n/i18n.tsx';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  AGE_GROUPS,
  DIALECT_MAX_LENGTH,
  GENDERS,
  PREFER_NOT_TO_SAY,
  updateProfileRequestSchema,
  userResponseSchema,
  type AgeGroup,
  type Gender,
  type User,
} from '../../../core/api/auth.ts';
import { FieldError } from '../../components/field-error.tsx';
import { FormField } from '../../components/form-field.tsx';
import { api, ApiError, requestJson } from '../../lib/api-client.ts';
import { authStore } from '../../lib/auth-store.ts';
import { ErrorBox } from '../../components/error-box.tsx';

export const AGE_GROUP_LABELS: Record<AgeGroup, MessageDescriptor> = {
  '18-29': account.age18,
  '30-44': account.age30,
  '45-59': account.age45,
  '60+': account.age60,
  [PREFER_NOT_TO_SAY]: account.preferNotToSay,
};

export const GENDER_LABELS: Record<Gender, MessageDescriptor> = {
  female: account.female,
  male: account.male,
  other: account.other,
  [PREFER_NOT_TO_SAY]: account.preferNotToSay,
};

type Field = 'ageGroup' | 'gender' | 'dialect';

interface FormState {
  ageGroup: AgeGroup | '';
  gender: Gender | '';
  dialect: string;
  dialectWithheld: boolean;
}

function initialState(user: User): FormState {
  const dialect = user.dialect ?? '';
  return {
    ageGroup: user.ageGroup ?? '',
    gender: user.gender ?? '',
    dialect: dialect === PREFER_NOT_TO_SAY ? '' : dialect,
    dialectWithheld: dialect === PREFER_NOT_TO_SAY,
  };
}

export function SpeakerProfileForm({ user }: { user: User }) {
  const t = useT();
  const [form, setForm] = useState<FormState>(() => initialState(user));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved'>('idle');

  const update = (changes: Partial<FormState>, field: Field) => {
    setForm((current) => ({ ...current, ...changes }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setFormError(null);
    setStatus('idle');
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = {
      ageGroup: form.ageGroup || null,
      gender: form.gender || null,
      dialect: form.dialectWithheld ? PREFER_NOT_TO_SAY : form.dialect,
    };
    const parsed = updateProfileRequestSchema.safeParse(body);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'ageGroup' || field === 'gender' || field === 'dialect') && !next[field]) {
          next[field] = issue.message;
        }
      }
      return setErrors(next);
    }
    setStatus('saving');
    try {
      const { user: saved } = await requestJson(userResponseSchema, () =>
        api.patch('auth/me', { json: body }),
      );
      authStore.updateUser(saved);
      setForm(initialState(saved));
      setStatus('saved');
    } catch (caught) {
      const fieldErrors = caught instanceof ApiError ? caught.fieldErrors() : {};
      const next: Partial<Record<Field, string>> = {
        ...(fieldErrors.ageGroup ? { ageGroup: fieldErrors.ageGroup } : {}),
        ...(fieldErrors.gender ? { gender: fieldErrors.gender } : {}),
        ...(fieldErrors.dialect ? { dialect: fieldErrors.dialect } : {}),
      };
      if (Object.keys(next).length > 0) setErrors(next);
      else setFormError((caught as Error).message);
      setStatus('idle');
    }
  }

  return (
    <form className="form card" onSubmit={(event) => void onSubmit(event)} noValidate>
      <h2>{t(account.speakerProfile)}</h2>
      <p className="muted">{t(account.speakerIntro)}</p>
      <ErrorBox error={formError} />
      <SelectField
        label={t(account.ageGroup)}
        value={form.ageGroup}
        error={errors.ageGroup}
        onChange={(value) => update({ ageGroup: value as AgeGroup | '' }, 'ageGroup')}
      >
        <option value="">{t(account.notGiven)}</option>
        {AGE_GROUPS.map((value) => (
          <option key={value} value={value}>
            {t(AGE_GROUP_LABELS[value])}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t(account.gender)}
        value={form.gender}
        error={errors.gender}
        onChange={(value) => update({ gender: value as Gender | '' }, 'gender')}
      >
        <option value="">{t(account.notGiven)}</option>
        {GENDERS.map((value) => (
          <option key={value} value={value}>
            {t(GENDER_LABELS[value])}
          </option>
        ))}
      </SelectField>
      <FormField
        label={t(account.dialect)}
        autoComplete="off"
        maxLength={DIALECT_MAX_LENGTH}
        value={form.dialect}
        disabled={form.dialectWithheld}
        error={errors.dialect}
        onChange={(e) => update({ dialect: e.target.value }, 'dialect')}
      />
      <label className="checkbox">
        <input
          type="checkbox"
          checked={form.dialectWithheld}
          onChange={(e) => update({ dialectWithheld: e.target.checked }, 'dialect')}
        />
        <span>{t(account.dialectWithheld)}</span>
      </label>
      <button type="submit" className="btn btn-primary" disabled={status === 'saving'}>
        {t(status === 'saving' ? account.saving : account.saveSpeaker)}
      </button>
      {status === 'saved' && (
        <p role="status" className="success-box">
          {t(account.speakerSaved)}
        </p>
      )}
    </form>
  );
}

function SelectField({
  label,
  value,
  error,
  onChange,
  children,
}: {
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        {children}
      </select>
      {error && <FieldError id={errorId} text={error} />}
    </div>
  );
}
