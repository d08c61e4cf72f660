// The runs of one model type, newest first: when, who, how it ended, and its figures or error.
import type { TrainingRun } from '../../../core/api/training.ts';
import { formatDate, formatValue, JOB_STATE_LABEL, metricName } from './training-text.ts';

/** The first few figures of a run, for one table cell. */
function summary(run: TrainingRun): string {
  if (run.state === 'failed') return run.error ?? 'Failed';
  if (run.state === 'queued' || run.state === 'running') return run.message ?? '';
  const entries = Object.entries(run.metrics ?? {}).slice(0, 4);
  return entries.map(([name, value]) => `${metricName(name)} ${formatValue(value)}`).join(', ');
}

export function RunHistory({ runs, title }: { runs: TrainingRun[]; title: string }) {
  if (runs.length === 0) return <p className="muted">No runs yet.</p>;
  return (
    <details className="training-history">
      <summary>
        Run history ({runs.length} {runs.length === 1 ? 'run' : 'runs'})
      </summary>
      <div className="table-wrap">
        <table className="card-table">
          <caption className="visually-hidden">{title}: runs, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Run</th>
              <th scope="col">Started</th>
              <th scope="col">Result</th>
              <th scope="col">Figures</th>
            </tr>
          </thead>
          <tbody>
            {runs.map((run) => (
              <tr key={run.id}>
                <td data-label="Run">
                  <span>
                    #{run.id}
                    {run.startedBy && <span className="muted"> by {run.startedBy}</span>}
                  </span>
                </td>
                <td data-label="Started">{formatDate(run.startedAt ?? run.createdAt)}</td>
                <td data-label="Result">
                  <span>
                    {JOB_STATE_LABEL[run.state]}
                    {run.finishedAt && <span className="muted"> {formatDate(run.finishedAt)}</span>}
                  </span>
                </td>
                <td data-label="Figures">{summary(run)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
