// /data: audio hours and approved translation pairs over time (running totals), as two charts with a text
// summary, and the same figures as a table for anyone who cannot or would rather not read a chart.
import { useEffect, useId, useState } from 'react';
import { TIMELINE_BUCKETS, type Timeline, type TimelineBucket } from '../../../core/api/data.ts';
import { BUCKET_WORDS, formatCount, formatHours, periodLabel } from './chart-scale.ts';
import { dataApi } from './data-api.ts';
import { LineChart } from './line-chart.tsx';

export function ActivitySection() {
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
  const unit = timeline ? BUCKET_WORDS[timeline.bucket] : 'week';
  const span =
    first && last && timeline
      ? `from ${periodLabel(first.start, timeline.bucket)} to ${periodLabel(last.start, timeline.bucket)}, one point per ${unit}`
      : '';

  return (
    <section className="card stack" aria-labelledby={headingId}>
      <div className="data-section-header">
        <h2 id={headingId}>Growth over time</h2>
        <div className="data-field-inline">
          <label htmlFor={selectId}>Group by</label>
          <select
            id={selectId}
            className="input"
            value={bucket}
            onChange={(event) => setBucket(event.target.value as TimelineBucket | 'auto')}
          >
            <option value="auto">Automatic</option>
            {TIMELINE_BUCKETS.map((value) => (
              <option key={value} value={value}>
                {BUCKET_WORDS[value][0]?.toUpperCase()}
                {BUCKET_WORDS[value].slice(1)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {error && (
        <div className="error-box" role="alert">
          {error}
        </div>
      )}
      {!timeline && !error && <p>Loading...</p>}
      {timeline && points.length === 0 && (
        <p className="muted">Nothing contributed yet: the charts appear with the first recording or approved translation.</p>
      )}
      {first && last && timeline && (
        <>
          <div className="chart-grid">
            <LineChart
              tone="audio"
              title="Audio hours (running total)"
              summary={`${formatHours(last.cumulativeAudioHours)} in all, ${span}.`}
              points={points.map((point) => ({
                label: periodLabel(point.start, timeline.bucket),
                value: point.cumulativeAudioHours,
              }))}
              format={(value) => `${value.toLocaleString('en', { maximumFractionDigits: 2 })} h`}
            />
            <LineChart
              tone="pairs"
              title="Approved translation pairs (running total)"
              summary={`${formatCount(last.cumulativePairs, 'pair')} in all, ${span}.`}
              points={points.map((point) => ({
                label: periodLabel(point.start, timeline.bucket),
                value: point.cumulativePairs,
              }))}
              format={(value) => value.toLocaleString('en', { maximumFractionDigits: 1 })}
            />
          </div>
          <details>
            <summary>Show the figures as a table</summary>
            <div className="table-wrap" tabIndex={0} role="region" aria-label="Contributions over time (scrolls sideways on narrow screens)">
              <table className="timeline-table">
                <caption className="visually-hidden">Contributions per {unit}, with running totals</caption>
                <thead>
                  <tr>
                    <th scope="col">{unit[0]?.toUpperCase() + unit.slice(1)} from</th>
                    <th scope="col">Audio hours</th>
                    <th scope="col">Total hours</th>
                    <th scope="col">Recordings</th>
                    <th scope="col">Pairs approved</th>
                    <th scope="col">Total pairs</th>
                  </tr>
                </thead>
                <tbody>
                  {[...points].reverse().map((point) => (
                    <tr key={point.start}>
                      <th scope="row">{periodLabel(point.start, timeline.bucket)}</th>
                      <td>{point.audioHours.toLocaleString('en')}</td>
                      <td>{point.cumulativeAudioHours.toLocaleString('en')}</td>
                      <td>{point.recordings.toLocaleString('en')}</td>
                      <td>{point.pairs.toLocaleString('en')}</td>
                      <td>{point.cumulativePairs.toLocaleString('en')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
          <p className="muted">
            Counted from contributors who consent now. Translation pairs are dated by their latest change.
          </p>
        </>
      )}
    </section>
  );
}
