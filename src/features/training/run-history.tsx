// The runs of one model type, newest first: when, who, how it ended, and its figures or error.
import type { TrainingRun } from '../../../core/api/training.ts';
import { training } from '../../../core/i18n/messages/training.ts';
import { richText, useT } from '../../i18n/i18n.tsx';
import { formatDate, formatValue, JOB_STATE_TEXT, metricName } from './training-text.ts';

/** What a worker or the server wrote about a run (its error, or its progress while it runs): English. */
function serverText(run: TrainingRun): string | null {
  if (run.state === 'failed') return run.error;
  if (run.state === 'queued' || run.state === 'running') return run.message;
  return null;
}

/**
 * A run's figures cell: the server's English, marked as English, or this interface's words (a failure with no
 * error written, or the first few figures of a finished run).
 */
function RunSummary({ run }: { run: TrainingRun }) {
  const t = useT();
  const written = serverText(run);
  if (written) return <span lang="en">{written}</span>;
  if (run.state === 'failed') return <span>{t(training.failed)}</span>;
  const figures = Object.entries(run.metrics ?? {})
    .slice(0, 4)
    .map(([name, value]) => t(training.figure, { name: metricName(name, t), value: formatValue(value) }));
  return figures.length > 0 ? <span>{figures.join(', ')}</span> : null;
}

export function RunHistory({ runs, title }: { runs: TrainingRun[]; title: string }) {
  const t = useT();
  if (runs.length === 0) return <p className="muted">{t(training.noRuns)}</p>;
  const [run, started, result, figures] = [
    training.run,
    training.started,
    training.result,
    training.figures,
  ].map((heading) => t(heading));
  return (
    <details className="training-history">
      <summary>{t(training.runHistory, { count: runs.length })}</summary>
      <div className="table-wrap">
        <table className="card-table">
          <caption className="visually-hidden">{t(training.runsCaption, { model: title })}</caption>
          <thead>
            <tr>
              <th scope="col">{run}</th>
              <th scope="col">{started}</th>
              <th scope="col">{result}</th>
              <th scope="col">{figures}</th>
            </tr>
          </thead>
          <tbody>
            {runs.map((entry) => (
              <tr key={entry.id}>
                <td data-label={run}>
                  <span>
                    {t(training.runNumber, { id: entry.id })}
                    {entry.startedBy && (
                      <span className="muted">
                        {' '}
                        {richText(t, training.startedBy, {
                          name: <span translate="no">{entry.startedBy}</span>,
                        })}
                      </span>
                    )}
                  </span>
                </td>
                <td data-label={started}>
                  <time dateTime={entry.startedAt ?? entry.createdAt}>
                    {formatDate(entry.startedAt ?? entry.createdAt)}
                  </time>
                </td>
                <td data-label={result}>
                  <span>
                    {t(JOB_STATE_TEXT[entry.state])}
                    {entry.finishedAt && (
                      <span className="muted">
                        {' '}
                        <time dateTime={entry.finishedAt}>{formatDate(entry.finishedAt)}</time>
                      </span>
                    )}
                  </span>
                </td>
                <td data-label={figures}>
                  <RunSummary run={entry} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
