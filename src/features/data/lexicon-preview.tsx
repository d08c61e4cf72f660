// /data: a preview of the lexicon with search (Enter or the button): up to 12 entries of the first 50 found.
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { LexiconEntry } from '../../../core/api/lexicon.ts';
import { LEXICON_DASHBOARD_LIMIT, LEXICON_PREVIEW_ENTRIES } from '../../../core/constants.ts';
import { data } from '../../../core/i18n/messages/data.ts';
import { formatNumber, useT } from '../../i18n/i18n.tsx';
import { dataApi } from './data-api.ts';
import { ErrorBox } from '../../components/error-box.tsx';

export function LexiconPreview({ lexiconSize }: { lexiconSize: number }) {
  const t = useT();
  const headingId = useId();
  const inputId = useId();
  const [search, setSearch] = useState('');
  const [searched, setSearched] = useState('');
  const [entries, setEntries] = useState<LexiconEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = (term: string) => {
    setError(null);
    dataApi.lexicon(term, LEXICON_DASHBOARD_LIMIT).then(
      ({ entries: list }) => {
        setEntries(list);
        setSearched(term);
      },
      (caught: Error) => setError(caught.message),
    );
  };
  useEffect(() => run(''), []);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    run(search.trim());
  };
  const shown = entries?.slice(0, LEXICON_PREVIEW_ENTRIES) ?? [];

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t(data.lexiconTitle)}</h2>
      <form className="toolbar" onSubmit={onSubmit} role="search" aria-label={t(data.lexiconTitle)}>
        <label className="visually-hidden" htmlFor={inputId}>
          {t(data.searchLexicon)}
        </label>
        <input
          id={inputId}
          className="input"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t(data.searchPlaceholder)}
        />
        <button type="submit" className="btn">
          {t(data.search)}
        </button>
      </form>
      <ErrorBox error={error} />
      {entries?.length === 0 && (
        <p className="muted">{t(searched ? data.noMatch : data.noEntries)}</p>
      )}
      {shown.length > 0 && (
        <ul className="lexicon-list">
          {shown.map((entry, index) => (
            <li key={`${entry.lopit}-${index}`}>
              <strong lang="lpx">{entry.lopit}</strong> — <span lang="en">{entry.english}</span>
              {entry.partOfSpeech && (
                <span className="muted" lang="en">
                  {' '}
                  ({entry.partOfSpeech})
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="muted" role="status">
        {t(data.showing, { shown: formatNumber(shown.length), total: lexiconSize })}
      </p>
    </section>
  );
}
