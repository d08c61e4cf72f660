// /data: contributions per dialect or home village (the contributors' own profile text), so the community
// sees which places the data already speaks for and which it does not yet.
import { useEffect, useId, useState } from 'react';
import type { DialectFigures } from '../../../core/api/data.ts';
import { dataApi } from './data-api.ts';

export function DialectsSection() {
  const headingId = useId();
  const [dialects, setDialects] = useState<DialectFigures[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    dataApi.dialects().then(
      (answer) => setDialects(answer.dialects),
      (caught: Error) => setError(caught.message),
    );
  }, []);

  const totalHours = dialects?.reduce((sum, group) => sum + group.audioHours, 0) ?? 0;

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>By dialect or village</h2>
      <p className="muted">
        As contributors describe themselves in their profile. Spellings that differ only in capital letters are
        counted together.
      </p>
      {error && (
        <div className="error-box" role="alert">
          {error}
        </div>
      )}
      {!dialects && !error && <p>Loading...</p>}
      {dialects?.length === 0 && <p className="muted">No consented contributions yet.</p>}
      {dialects && dialects.length > 0 && (
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Contributions by dialect or village (scrolls sideways on narrow screens)">
          <table className="dialects-table">
            <thead>
              <tr>
                <th scope="col">Dialect or village</th>
                <th scope="col">Speakers</th>
                <th scope="col">Recordings</th>
                <th scope="col">Audio hours</th>
                <th scope="col">Translators</th>
                <th scope="col">Pairs</th>
              </tr>
            </thead>
            <tbody>
              {dialects.map((group) => {
                const share = totalHours > 0 ? Math.round((group.audioHours / totalHours) * 100) : 0;
                return (
                  <tr key={group.dialect ?? ''}>
                    <th scope="row">{group.dialect ?? <span className="muted">Not given</span>}</th>
                    <td>{group.speakers.toLocaleString('en')}</td>
                    <td>{group.recordings.toLocaleString('en')}</td>
                    <td>
                      {group.audioHours.toLocaleString('en')}
                      {totalHours > 0 && <span className="muted"> ({share}% of all audio)</span>}
                      <span className="share-bar" aria-hidden="true">
                        <span style={{ inlineSize: `${share}%` }} />
                      </span>
                    </td>
                    <td>{group.translators.toLocaleString('en')}</td>
                    <td>{group.pairs.toLocaleString('en')}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
