// /data: audio hours and approved translation pairs over time (running totals), as two charts with a text
// summary, and the same figures as a table for anyone who cannot or would rather not read a chart.
import { useEffect, useId, useState } from 'react';
import { TIMELINE_BUCKETS, type Timeline, type TimelineBucket } from '../../../core/api/data.ts';
import { data } from '../../../core/i18n/messages/data.ts';
import { formatNumber, useT } from '../../i18n/i18n.tsx';
import { dateLang, formatHours, periodLabel } from './chart-scale.ts';
import { dataApi } from './data-api.ts';
import { LineChart } from './line-chart.tsx';
import { ErrorBox } from '../../components/error-box.tsx';

export function ActivitySection() {
  const t = useT();
  const headingId = useId();
  const selectId = useId();
  const [bucket, setBucket] = useState<TimelineBucket | 'auto'>('auto');
  const [timeline, setTimeline] = useState<Timeline | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    setError(null);
    dataApi.timeline(bucket === 'auto' ? undefined : bucket).then(
      (answer) => current && setTimeline(answer),
      (caught: Error) => current && setError(caught.message),
    );
    return () => {
      current = false;
    };
  }, [bucket]);

  const points = timeline?.points ?? [];
  const first = points[0];
  const last = points[points.length - 1];
  const unit = timeline?.bucket ?? 'week';
  const summary = (total: string) =>
    first && last
      ? t(data.chartSummary, {
          total,
          first: periodLabel(first.start, unit),
          last: periodLabel(last.start, unit),
          bucket: unit,
        })
      : '';

  return (
    <section className="card stack" aria-labelledby={headingId}>
      <div className="data-section-header">
        <h2 id={headingId}>{t(data.activityTitle)}</h2>
        <div className="data-field-inline">
          <label htmlFor={selectId}>{t(data.groupBy)}</label>
          <select
            id={selectId}
            className="input"
            value={bucket}
            onChange={(event) => setBucket(event.target.value as TimelineBucket | 'auto')}
          >
            <option value="auto">{t(data.automatic)}</option>
            {TIMELINE_BUCKETS.map((value) => (
              <option key={value} value={value}>
                {t(data.bucket, { bucket: value })}
              </option>
            ))}
          </select>
        </div>
      </div>
      <ErrorBox error={error} />
      {!timeline && !error && <p>{t(data.loading)}</p>}
      {timeline && points.length === 0 && <p className="muted">{t(data.noActivity)}</p>}
      {first && last && timeline && (
        <>
          <div className="chart-grid">
            <LineChart
              tone="audio"
              title={t(data.audioChart)}
              summary={summary(formatHours(last.cumulativeAudioHours))}
              points={points.map((point) => ({
                label: periodLabel(point.start, timeline.bucket),
                value: point.cumulativeAudioHours,
              }))}
              format={(value) => t(data.axisHours, { value: formatNumber(value, { maximumFractionDigits: 2 }) })}
            />
            <LineChart
              tone="pairs"
              title={t(data.pairsChart)}
              summary={summary(t(data.pairCount, { count: last.cumulativePairs }))}
              points={points.map((point) => ({
                label: periodLabel(point.start, timeline.bucket),
                value: point.cumulativePairs,
              }))}
              format={(value) => formatNumber(value, { maximumFractionDigits: 1 })}
            />
          </div>
          <details>
            <summary>{t(data.showTable)}</summary>
            <div className="table-wrap" tabIndex={0} role="region" aria-label={t(data.timelineRegion)}>
              <table className="timeline-table">
                <caption className="visually-hidden">{t(data.timelineCaption, { bucket: unit })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t(data.periodFrom, { bucket: unit })}</th>
                    <th scope="col">{t(data.audioHours)}</th>
                    <th scope="col">{t(data.totalHours)}</th>
                    <th scope="col">{t(data.recordings)}</th>
                    <th scope="col">{t(data.pairsApproved)}</th>
                    <th scope="col">{t(data.totalPairs)}</th>
                  </tr>
                </thead>
                <tbody>
                  {[...points].reverse().map((point) => (
                    <tr key={point.start}>
                      <th scope="row" lang={dateLang()}>
                        {periodLabel(point.start, timeline.bucket)}
                      </th>
                      <td>{formatNumber(point.audioHours)}</td>
                      <td>{formatNumber(point.cumulativeAudioHours)}</td>
                      <td>{formatNumber(point.recordings)}</td>
                      <td>{formatNumber(point.pairs)}</td>
                      <td>{formatNumber(point.cumulativePairs)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
          <p className="muted">{t(data.timelineNote)}</p>
        </>
      )}
    </section>
  );
}
