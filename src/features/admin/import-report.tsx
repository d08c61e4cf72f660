// The report of an admin import: accepted, duplicate and refused rows with their reasons, and whether the
// imported texts were approved by the admin or sent to community review.
import type { ImportReport } from '../../../core/api/translation.ts';
import { formatCount } from '../data/chart-scale.ts';

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
          {report.approved > 0 && (
            <>
              <dt>Approved by you</dt>
              <dd>{report.approved}</dd>
            </>
          )}
          {report.proposed > 0 && (
            <>
              <dt>Sent to community review</dt>
              <dd>{report.proposed}</dd>
            </>
          )}
        </dl>
        {report.proposed > 0 && (
          <p data-testid="import-review-note">
            {formatCount(report.proposed, 'imported text')} now {report.proposed === 1 ? 'waits' : 'wait'} for
            community review; models learn from {report.proposed === 1 ? 'it' : 'them'} once approved.
          </p>
        )}
        {report.approved > 0 && report.proposed === 0 && (
          <p data-testid="import-review-note">
            The imported texts count as approved by you; models may learn from them now.
          </p>
        )}
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
