// /data: a preview of the lexicon with search (Enter or the button): up to 12 entries of the first 50 found.
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { LexiconEntry } from '../../../core/api/lexicon.ts';
import { LEXICON_DASHBOARD_LIMIT, LEXICON_PREVIEW_ENTRIES } from '../../../core/constants.ts';
import { dataApi } from './data-api.ts';

export function LexiconPreview({ lexiconSize }: { lexiconSize: number }) {
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
      <h2 id={headingId}>Lexicon</h2>
      <form className="toolbar" onSubmit={onSubmit} role="search" aria-label="Lexicon">
        <label className="visually-hidden" htmlFor={inputId}>
          Search the lexicon
        </label>
        <input
          id={inputId}
          className="input"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Search Lopit or English"
        />
        <button type="submit" className="btn">
          Search
        </button>
      </form>
      {error && (
        <div className="error-box" role="alert">
          {error}
        </div>
      )}
      {entries?.length === 0 && (
        <p className="muted">
          No lexicon entries
          {searched ? ' match this search' : ' yet: community admins can import a word list'}.
        </p>
      )}
      {shown.length > 0 && (
        <ul className="lexicon-list">
          {shown.map((entry, index) => (
            <li key={`${entry.lopit}-${index}`}>
              <strong lang="lpx">{entry.lopit}</strong> — {entry.english}
              {entry.partOfSpeech && <span className="muted"> ({entry.partOfSpeech})</span>}
            </li>
          ))}
        </ul>
      )}
      <p className="muted" role="status">
        Showing {shown.length} of {lexiconSize} entries
      </p>
    </section>
  );
}
