// /translation: contributors translate the English prompt sentences into Lopit.
import { useCallback, useEffect, useState } from 'react';
import type { TranslationPair } from '../../../core/api/translation.ts';
import { TRANSLATION_CATEGORIES, type TranslationCategory } from '../../../core/constants.ts';
import { PairRow } from './pair-row.tsx';
import { translationApi } from './translation-api.ts';

export function TranslationPage() {
  const [category, setCategory] = useState<TranslationCategory | 'all'>('all');
  const [pairs, setPairs] = useState<TranslationPair[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async (selected: TranslationCategory | 'all') => {
    setPairs(null);
    try {
      setPairs((await translationApi.pairs(selected === 'all' ? undefined : selected)).pairs);
      setError(null);
    } catch (caught) {
      setError((caught as Error).message);
      setPairs([]);
    }
  }, []);
  useEffect(() => void load(category), [category, load]);

  async function exportCsv() {
    try {
      const blob = await translationApi.exportCsv();
      const url = URL.createObjectURL(blob);
      const link = Object.assign(document.createElement('a'), { href: url, download: 'translations.csv' });
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1_000);
    } catch (caught) {
      setError((caught as Error).message);
    }
  }

  const translated = pairs?.filter((pair) => pair.lopit).length ?? 0;
  return (
    <div className="page">
      <div className="page-header">
        <h1>Translation Editor</h1>
        <p>Write each sentence the way it is said in Lopit. Your work is saved when you leave the field.</p>
      </div>
      <div className="toolbar">
        <label>
          Category{' '}
          <select
            className="input"
            value={category}
            onChange={(event) => setCategory(event.target.value as TranslationCategory | 'all')}
          >
            <option value="all">all</option>
            {TRANSLATION_CATEGORIES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn" onClick={() => void exportCsv()}>
          Export CSV
        </button>
        {pairs && pairs.length > 0 && (
          <span className="muted">
            {translated} of {pairs.length} translated
          </span>
        )}
      </div>
      {error && (
        <div className="error-box" role="alert">
          {error}
        </div>
      )}
      {pairs === null && <p>Loading translations...</p>}
      {pairs?.length === 0 && !error && <p>No translations available</p>}
      {pairs && pairs.length > 0 && (
        <div className="table-wrap">
          <table className="pairs-table">
            <thead>
              <tr>
                <th scope="col">English</th>
                <th scope="col">Lopit</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {pairs.map((pair) => (
                <PairRow
                  key={pair.id}
                  pair={pair}
                  onChange={(next) =>
                    setPairs((list) => list?.map((item) => (item.id === next.id ? next : item)) ?? null)
                  }
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
