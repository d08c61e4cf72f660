// The report of an admin import: accepted, duplicate and refused rows with their reasons.
import type { ImportReport } from '../../../core/api/translation.ts';

/** Refused rows listed on screen; the rest are summed up (a broken file can refuse thousands). */
const REFUSED_SHOWN = 200;

export function ImportReportView({
  report,
  testId,
  rowsNote,
}: {
  report: ImportReport;
  testId: string;
  /** How the row numbers of refused rows count. */
  rowsNote: string;
}) {
  const hidden = report.refused.length - REFUSED_SHOWN;
  return (
    <div className="stack" data-testid={testId}>
      <div className={report.refused.length > 0 ? 'notice-box' : 'success-box'} role="status">
        <dl className="key-values">
          <dt>Accepted</dt>
          <dd>{report.accepted}</dd>
          <dt>Duplicates</dt>
          <dd>{report.duplicates}</dd>
          <dt>Refused</dt>
          <dd>{report.refused.length}</dd>
        </dl>
      </div>
      {report.refused.length > 0 && (
        <div>
          <h3>Refused rows</h3>
          <p className="muted">{rowsNote}</p>
          <ul>
            {report.refused.slice(0, REFUSED_SHOWN).map((item) => (
              <li key={item.row} style={{ overflowWrap: 'anywhere' }}>
                <strong>Row {item.row}:</strong> {item.reason}
              </li>
            ))}
          </ul>
          {hidden > 0 && <p className="muted">...and {hidden} more refused rows.</p>}
        </div>
      )}
    </div>
  );
}
