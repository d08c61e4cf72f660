// Admin: the interface's languages (issue 18). Each language with how much of the interface the community has
// approved and whether that is enough to offer it in the language choice (UI_LANGUAGE_LISTING_SHARE); adding a
// language (code and name, checked with the server's schema); its PO file for translators' tools, and a PO file
// brought back, whose translations count as approved by the admin, fuzzy ones as the admin's proposals for
// community review (the server says what it took, sent to review and skipped, and why).
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { addLanguageSchema, type UiLanguage } from '../../../core/api/i18n.ts';
import { UI_LANGUAGE_LISTING_SHARE } from '../../../core/i18n/languages.ts';
import { adminLanguages } from '../../../core/i18n/messages/admin.ts';
import { ErrorBox } from '../../components/error-box.tsx';
import { FormField } from '../../components/form-field.tsx';
import { formatNumber, useT } from '../../i18n/i18n.tsx';
import type { TranslationProblem } from '../../../core/i18n/icu.ts';
import { problemText } from '../translate-app/problem-text.ts';
import { ApiError } from '../../lib/api-client.ts';
import { saveBlob } from '../../lib/download.ts';
import { fieldErrorsOf, type FieldErrors } from '../../lib/form-errors.ts';
import { useLoaded } from '../../lib/use-loaded.ts';
import { languagesApi } from './languages-api.ts';

type ImportReport = Awaited<ReturnType<typeof languagesApi.importPo>>;

const percent = (share: number) => formatNumber(share, { style: 'percent', maximumFractionDigits: 0 });

export function LanguagesPanel() {
  const t = useT();
  const headingId = useId();
  const {
    data: languages,
    error,
    reload,
  } = useLoaded(async () => (await languagesApi.languages()).languages);

  return (
    <section className="card stack" aria-labelledby={headingId} data-testid="admin-languages">
      <div>
        <h2 id={headingId}>{t(adminLanguages.title)}</h2>
        <p className="muted">{t(adminLanguages.intro, { share: percent(UI_LANGUAGE_LISTING_SHARE) })}</p>
      </div>
      <ErrorBox error={error} />
      {languages === null ? (
        !error && <p role="status">{t(adminLanguages.loading)}</p>
      ) : languages.length === 0 ? (
        <p className="muted">{t(adminLanguages.none)}</p>
      ) : (
        <LanguageTable languages={languages} />
      )}
      <AddLanguageForm onAdded={() => void reload()} />
      {languages && languages.length > 0 && (
        <ImportPoForm languages={languages} onImported={() => void reload()} />
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
      saveBlob(await languagesApi.exportPo(language.code), `lopit-interface-${language.code}.po`);
    } catch (caught) {
      setError((caught as Error).message);
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <ErrorBox error={error} />
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

/**
 * A form's sending: `busy` while `run` runs; a failure is the form's error unless `onField` places it on a field
 * (and says so by returning true).
 */
function useSending() {
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  async function send(run: () => Promise<void>, onField: (failure: ApiError) => boolean) {
    setFormError(null);
    setBusy(true);
    try {
      await run();
    } catch (caught) {
      if (!(caught instanceof ApiError && onField(caught))) setFormError((caught as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return { busy, formError, send, clearError: () => setFormError(null) };
}

/** One of the panel's forms: its heading, its failure, its fields, the submit button, then what it answered. */
function PanelForm(props: {
  title: string;
  testId: string;
  sending: ReturnType<typeof useSending>;
  submitLabel: string;
  busyLabel: string;
  onSubmit: () => void;
  children: ReactNode;
  answer?: ReactNode;
}) {
  const headingId = useId();
  const { busy, formError } = props.sending;
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    props.onSubmit();
  }
  return (
    <form
      className="form"
      aria-labelledby={headingId}
      onSubmit={onSubmit}
      noValidate
      data-testid={props.testId}
    >
      <h3 id={headingId}>{props.title}</h3>
      <ErrorBox error={formError} />
      {props.children}
      <div className="button-row">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? props.busyLabel : props.submitLabel}
        </button>
      </div>
      {props.answer}
    </form>
  );
}

function AddLanguageForm({ onAdded }: { onAdded: () => void }) {
  const t = useT();
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'code' | 'name'>>({});
  const [added, setAdded] = useState<string | null>(null);
  const sending = useSending();

  function onSubmit() {
    setAdded(null);
    sending.clearError();
    // The server's own schema first: the same words for the same mistakes, without a round trip.
    const parsed = addLanguageSchema.safeParse({ code: code.trim(), name });
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error));
    setErrors({});
    void sending.send(
      async () => {
        const { language } = await languagesApi.addLanguage(parsed.data.code, parsed.data.name);
        setCode('');
        setName('');
        setAdded(t(adminLanguages.added, { name: language.name, code: language.code }));
        onAdded();
      },
      (failure) => {
        const fields = failure.fieldErrors();
        if (!fields.code && !fields.name) return false;
        setErrors({ code: fields.code, name: fields.name });
        return true;
      },
    );
  }

  return (
    <PanelForm
      title={t(adminLanguages.addTitle)}
      testId="add-language"
      sending={sending}
      submitLabel={t(adminLanguages.add)}
      busyLabel={t(adminLanguages.adding)}
      onSubmit={onSubmit}
    >
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
    </PanelForm>
  );
}

function ImportPoForm({ languages, onImported }: { languages: UiLanguage[]; onImported: () => void }) {
  const t = useT();
  const selectId = useId();
  const [code, setCode] = useState(languages[0]!.code);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [report, setReport] = useState<ImportReport | null>(null);
  const sending = useSending();
  const { busy } = sending;
  // A language chosen before the list changed stays chosen; one no longer listed falls back to the first.
  const chosen = languages.some((language) => language.code === code) ? code : languages[0]!.code;

  function onSubmit() {
    if (!file) return setFileError(t(adminLanguages.chooseFile));
    setFileError(undefined);
    setReport(null);
    void sending.send(
      async () => {
        setReport(await languagesApi.importPo(chosen, await file.text()));
        onImported();
      },
      // The server's refusals of the file itself (not a PO file, empty, too large) belong to the field.
      (failure) => {
        if (failure.status !== 400 && failure.status !== 413) return false;
        setFileError(failure.fieldErrors().po ?? failure.message);
        return true;
      },
    );
  }

  return (
    <PanelForm
      title={t(adminLanguages.importTitle)}
      testId="import-po"
      sending={sending}
      submitLabel={t(adminLanguages.import)}
      busyLabel={t(adminLanguages.importing)}
      onSubmit={onSubmit}
      answer={report && <PoReport report={report} />}
    >
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
    </PanelForm>
  );
}

/** What the server took from a PO file and what it skipped, with why. */
function PoReport({ report }: { report: ImportReport }) {
  const t = useT();
  return (
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
      {report.proposed > 0 && (
        <p data-testid="po-report-proposed">{t(adminLanguages.reportProposed, { count: report.proposed })}</p>
      )}
      {report.skipped.length > 0 && (
        <>
          <h4>{t(adminLanguages.skippedTitle)}</h4>
          <ul>
            {report.skipped.map((item) => (
              <li key={item.id} style={{ overflowWrap: 'anywhere' }}>
                <code translate="no">{item.id}</code>:{' '}
                {item.problems
                  ? item.problems.map((problem) => problemText(t, problem as TranslationProblem)).join('; ')
                  : item.reason}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
