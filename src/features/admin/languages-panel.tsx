// Admin: the interface's languages (issue 18). Each language with how much of the interface the community has
// approved and whether that is enough to offer it in the language choice (UI_LANGUAGE_LISTING_SHARE); adding a
// language (code and name, checked with the server's schema); its PO file for translators' tools, and a PO file
// brought back, whose translations count as approved by the admin (the server says what it took and skipped).
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { addLanguageSchema, type UiLanguage } from '../../../core/api/i18n.ts';
import { UI_LANGUAGE_LISTING_SHARE } from '../../../core/i18n/languages.ts';
import { adminLanguages } from '../../../core/i18n/messages/admin.ts';
import { FormField } from '../../components/form-field.tsx';
import { formatNumber, useT } from '../../i18n/i18n.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { saveBlob } from '../../lib/download.ts';
import { fieldErrorsOf, type FieldErrors } from '../../lib/form-errors.ts';
import { adminApi } from './admin-api.ts';

type ImportReport = Awaited<ReturnType<typeof adminApi.importPo>>;

const percent = (share: number) => formatNumber(share, { style: 'percent', maximumFractionDigits: 0 });

export function LanguagesPanel() {
  const t = useT();
  const headingId = useId();
  const [languages, setLanguages] = useState<UiLanguage[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setLanguages((await adminApi.languages()).languages);
      setError(null);
    } catch (caught) {
      setError((caught as Error).message);
    }
  }, []);
  useEffect(() => void load(), [load]);

  return (
    <section className="card stack" aria-labelledby={headingId} data-testid="admin-languages">
      <div>
        <h2 id={headingId}>{t(adminLanguages.title)}</h2>
        <p className="muted">{t(adminLanguages.intro, { share: percent(UI_LANGUAGE_LISTING_SHARE) })}</p>
      </div>
      {error && (
        <div className="error-box" role="alert">
          {error}
        </div>
      )}
      {languages === null ? (
        !error && <p role="status">{t(adminLanguages.loading)}</p>
      ) : languages.length === 0 ? (
        <p className="muted">{t(adminLanguages.none)}</p>
      ) : (
        <LanguageTable languages={languages} />
      )}
      <AddLanguageForm onAdded={() => void load()} />
      {languages && languages.length > 0 && (
        <ImportPoForm languages={languages} onImported={() => void load()} />
      )}
    </section>
  );
}

function LanguageTable({ languages }: { languages: UiLanguage[] }) {
  const t = useT();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function download(language: UiLanguage) {
    setBusy(language.code);
    setError(null);
    try {
      saveBlob(await adminApi.exportPo(language.code), `lopit-interface-${language.code}.po`);
    } catch (caught) {
      setError((caught as Error).message);
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      {error && (
        <div className="error-box" role="alert">
          {error}
        </div>
      )}
      <div className="table-wrap">
        <table className="card-table">
          <thead>
            <tr>
              <th scope="col">{t(adminLanguages.columnLanguage)}</th>
              <th scope="col">{t(adminLanguages.columnApproved)}</th>
              <th scope="col">{t(adminLanguages.columnListed)}</th>
              <th scope="col">{t(adminLanguages.columnFile)}</th>
            </tr>
          </thead>
          <tbody>
            {languages.map((language) => (
              <tr key={language.code} data-testid="admin-language-row" data-code={language.code}>
                <td data-label={t(adminLanguages.columnLanguage)}>
                  <span translate="no">
                    {language.name} <span className="muted">({language.code})</span>
                  </span>
                </td>
                <td data-label={t(adminLanguages.columnApproved)} data-testid="language-share">
                  {t(adminLanguages.approvedShare, {
                    approved: formatNumber(language.approved),
                    total: formatNumber(language.total),
                    share: percent(language.total > 0 ? language.approved / language.total : 0),
                  })}
                </td>
                <td data-label={t(adminLanguages.columnListed)} data-testid="language-listed">
                  {language.listed
                    ? t(adminLanguages.listed)
                    : t(adminLanguages.notListed, { share: percent(UI_LANGUAGE_LISTING_SHARE) })}
                </td>
                <td data-label={t(adminLanguages.columnFile)}>
                  <button
                    type="button"
                    className="btn"
                    disabled={busy !== null}
                    aria-label={t(adminLanguages.downloadOf, { name: language.name })}
                    onClick={() => void download(language)}
                  >
                    {busy === language.code ? t(adminLanguages.downloading) : t(adminLanguages.download)}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function AddLanguageForm({ onAdded }: { onAdded: () => void }) {
  const t = useT();
  const headingId = useId();
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'code' | 'name'>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setAdded(null);
    setFormError(null);
    // The server's own schema first: the same words for the same mistakes, without a round trip.
    const parsed = addLanguageSchema.safeParse({ code: code.trim(), name });
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error));
    setErrors({});
    setBusy(true);
    try {
      const { language } = await adminApi.addLanguage(parsed.data.code, parsed.data.name);
      setCode('');
      setName('');
      setAdded(t(adminLanguages.added, { name: language.name, code: language.code }));
      onAdded();
    } catch (caught) {
      const fields = caught instanceof ApiError ? caught.fieldErrors() : {};
      if (fields.code || fields.name) setErrors({ code: fields.code, name: fields.name });
      else setFormError((caught as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="form"
      aria-labelledby={headingId}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      data-testid="add-language"
    >
      <h3 id={headingId}>{t(adminLanguages.addTitle)}</h3>
      {formError && (
        <div className="error-box" role="alert">
          {formError}
        </div>
      )}
      {added && (
        <div className="success-box" role="status">
          {added}
        </div>
      )}
      <p className="muted">{t(adminLanguages.codeHint)}</p>
      <FormField
        label={t(adminLanguages.code)}
        value={code}
        error={errors.code}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        onChange={(event) => setCode(event.target.value)}
      />
      <FormField
        label={t(adminLanguages.name)}
        value={name}
        error={errors.name}
        autoComplete="off"
        onChange={(event) => setName(event.target.value)}
      />
      <div className="button-row">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t(adminLanguages.adding) : t(adminLanguages.add)}
        </button>
      </div>
    </form>
  );
}

function ImportPoForm({ languages, onImported }: { languages: UiLanguage[]; onImported: () => void }) {
  const t = useT();
  const headingId = useId();
  const selectId = useId();
  const [code, setCode] = useState(languages[0]!.code);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState(false);
  // A language chosen before the list changed stays chosen; one no longer listed falls back to the first.
  const chosen = languages.some((language) => language.code === code) ? code : languages[0]!.code;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!file) return setFileError(t(adminLanguages.chooseFile));
    setFileError(undefined);
    setFormError(null);
    setReport(null);
    setBusy(true);
    try {
      setReport(await adminApi.importPo(chosen, await file.text()));
      onImported();
    } catch (caught) {
      // The server's refusals of the file itself (not a PO file, empty, too large) belong to the field.
      if (caught instanceof ApiError && (caught.status === 400 || caught.status === 413))
        setFileError(caught.fieldErrors().po ?? caught.message);
      else setFormError((caught as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="form"
      aria-labelledby={headingId}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      data-testid="import-po"
    >
      <h3 id={headingId}>{t(adminLanguages.importTitle)}</h3>
      {formError && (
        <div className="error-box" role="alert">
          {formError}
        </div>
      )}
      <div className="field">
        <label htmlFor={selectId}>{t(adminLanguages.importLanguage)}</label>
        <select
          id={selectId}
          className="input"
          value={chosen}
          disabled={busy}
          onChange={(event) => setCode(event.target.value)}
        >
          {languages.map((language) => (
            <option key={language.code} value={language.code} translate="no">
              {language.name} ({language.code})
            </option>
          ))}
        </select>
      </div>
      <FormField
        label={t(adminLanguages.importFile)}
        type="file"
        accept=".po,text/x-gettext-translation"
        error={fileError}
        disabled={busy}
        onChange={(event) => {
          setFile(event.target.files?.[0] ?? null);
          setFileError(undefined);
        }}
      />
      <div className="button-row">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t(adminLanguages.importing) : t(adminLanguages.import)}
        </button>
      </div>
      {report && (
        <div
          className={report.skipped.length > 0 ? 'notice-box' : 'success-box'}
          role="status"
          data-testid="po-report"
        >
          <p>
            {t(adminLanguages.report, {
              approved: report.approved,
              unchanged: formatNumber(report.unchanged),
              skipped: report.skipped.length,
            })}
          </p>
          {report.skipped.length > 0 && (
            <>
              <h4>{t(adminLanguages.skippedTitle)}</h4>
              <ul>
                {report.skipped.map((item) => (
                  <li key={item.id} style={{ overflowWrap: 'anywhere' }}>
                    <code translate="no">{item.id}</code>: {item.reason}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </form>
  );
}
