// Admin: picture prompts (issue 32). Upload a picture with its short English description and its rights (who
// made it or its source, and the licence or permission; all required, checked here as the server checks them),
// see every picture with its clips, and retire one (it leaves the phones; clips recorded from it keep it).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  PICTURE_UPLOAD_MAX_BYTES,
  pictureFieldsSchema,
  type AdminPicture,
} from '../../../core/api/pictures.ts';
import { adminPictures as m } from '../../../core/i18n/messages/admin.ts';
import { ErrorBox } from '../../components/error-box.tsx';
import { FormField } from '../../components/form-field.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { ApiError, toApiError } from '../../lib/api-client.ts';
import { fieldErrorsOf, type FieldErrors } from '../../lib/form-errors.ts';
import { picturesApi } from './pictures-api.ts';

type Field = 'image' | 'description' | 'credit' | 'licence';

export function PicturesPanel() {
  const t = useT();
  const [pictures, setPictures] = useState<AdminPicture[] | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const [text, setText] = useState({ description: '', credit: '', licence: '' });
  const [image, setImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const load = () =>
    picturesApi
      .list()
      .then((answer) => setPictures(answer.pictures))
      .catch(async (failure) => setListError((await toApiError(failure)).message));
  useEffect(() => void load(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setDone(false);
    setFormError(null);
    const parsed = pictureFieldsSchema.safeParse(text);
    const found: FieldErrors<Field> = parsed.success ? {} : fieldErrorsOf(parsed.error);
    if (!image) found.image = t(m.chooseImage);
    else if (image.size > PICTURE_UPLOAD_MAX_BYTES)
      found.image = t(m.tooLarge, { mb: PICTURE_UPLOAD_MAX_BYTES / 1024 / 1024 });
    setErrors(found);
    if (!parsed.success || !image || Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await picturesApi.upload(image, parsed.data);
      setText({ description: '', credit: '', licence: '' });
      setImage(null);
      form.current?.reset();
      setDone(true);
      await load();
    } catch (failure) {
      const error = await toApiError(failure);
      const fields = error instanceof ApiError ? error.fieldErrors() : {};
      if (Object.keys(fields).length > 0) setErrors(fields);
      // A refusal of the file itself (not an image, damaged, too large) belongs to the file field.
      else if (error.status !== null && error.status >= 400 && error.status < 500 && error.status !== 403)
        setErrors({ image: error.message });
      else setFormError(error.message);
    } finally {
      setBusy(false);
    }
  }

  async function retire(id: string) {
    try {
      await picturesApi.retire(id);
      await load();
    } catch (failure) {
      setListError((await toApiError(failure)).message);
    }
  }

  const textField = (name: Exclude<Field, 'image'>, label: string) => (
    <FormField
      label={label}
      value={text[name]}
      error={errors[name]}
      disabled={busy}
      onChange={(event) => {
        setText({ ...text, [name]: event.target.value });
        setErrors({ ...errors, [name]: undefined });
      }}
    />
  );

  return (
    <section className="card stack" aria-labelledby="admin-pictures-heading" data-testid="admin-pictures">
      <h2 id="admin-pictures-heading">{t(m.title)}</h2>
      <p className="muted">{t(m.intro)}</p>
      <form ref={form} className="form" onSubmit={(event) => void submit(event)} noValidate>
        <ErrorBox error={formError} />
        <FormField
          label={t(m.image)}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          error={errors.image}
          disabled={busy}
          onChange={(event) => {
            setImage(event.target.files?.[0] ?? null);
            setErrors({ ...errors, image: undefined });
          }}
        />
        {textField('description', t(m.description))}
        {textField('credit', t(m.credit))}
        {textField('licence', t(m.licence))}
        <div className="button-row">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t(m.uploading) : t(m.upload)}
          </button>
        </div>
        {done && (
          <p className="success-box" role="status">
            {t(m.uploaded)}
          </p>
        )}
      </form>
      <ErrorBox error={listError} />
      {pictures === null ? (
        !listError && <p role="status">{t(m.loading)}</p>
      ) : pictures.length === 0 ? (
        <p className="muted">{t(m.none)}</p>
      ) : (
        <ul className="stack" data-testid="admin-picture-list">
          {pictures.map((picture) => (
            <li key={picture.id}>
              <strong lang="en">{picture.description}</strong>
              <p className="muted">
                {t(m.summary, {
                  credit: picture.credit,
                  licence: picture.licence,
                  clips: picture.clips,
                  retired: picture.retiredAt ? 'yes' : 'no',
                })}
              </p>
              {!picture.retiredAt && (
                <button
                  type="button"
                  className="btn"
                  aria-label={t(m.retireNamed, { description: picture.description })}
                  onClick={() => void retire(picture.id)}
                >
                  {t(m.retire)}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
