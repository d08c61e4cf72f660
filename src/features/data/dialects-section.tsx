// /data: contributions per dialect or home village (the contributors' own profile text), so the community
// sees which places the data already speaks for and which it does not yet.
import { useEffect, useId, useState } from 'react';
import type { DialectFigures } from '../../../core/api/data.ts';
import { data } from '../../../core/i18n/messages/data.ts';
import { formatNumber, useT } from '../../i18n/i18n.tsx';
import { dataApi } from './data-api.ts';
import { ErrorBox } from '../../components/error-box.tsx';

export function DialectsSection() {
  const t = useT();
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
      <h2 id={headingId}>{t(data.dialectsTitle)}</h2>
      <p className="muted">{t(data.dialectsNote)}</p>
      <ErrorBox error={error} />
      {!dialects && !error && <p>{t(data.loading)}</p>}
      {dialects?.length === 0 && <p className="muted">{t(data.noDialects)}</p>}
      {dialects && dialects.length > 0 && (
        <div className="table-wrap" tabIndex={0} role="region" aria-label={t(data.dialectsRegion)}>
          <table className="dialects-table">
            <thead>
              <tr>
                <th scope="col">{t(data.dialect)}</th>
                <th scope="col">{t(data.speakers)}</th>
                <th scope="col">{t(data.recordings)}</th>
                <th scope="col">{t(data.audioHours)}</th>
                <th scope="col">{t(data.translators)}</th>
                <th scope="col">{t(data.pairs)}</th>
              </tr>
            </thead>
            <tbody>
              {dialects.map((group) => {
                const share = totalHours > 0 ? Math.round((group.audioHours / totalHours) * 100) : 0;
                return (
                  <tr key={group.dialect ?? ''}>
                    <th scope="row">
                      {group.dialect === null ? (
                        <span className="muted">{t(data.dialectNotGiven)}</span>
                      ) : (
                        <span translate="no">{group.dialect}</span>
                      )}
                    </th>
                    <td>{formatNumber(group.speakers)}</td>
                    <td>{formatNumber(group.recordings)}</td>
                    <td>
                      {formatNumber(group.audioHours)}
                      {totalHours > 0 && (
                        <span className="muted"> {t(data.shareOfAudio, { share: formatNumber(share) })}</span>
                      )}
                      <span className="share-bar" aria-hidden="true">
                        <span style={{ inlineSize: `${share}%` }} />
                      </span>
                    </td>
                    <td>{formatNumber(group.translators)}</td>
                    <td>{formatNumber(group.pairs)}</td>
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
