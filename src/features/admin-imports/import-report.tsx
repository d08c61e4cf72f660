// The report of an admin import: accepted, duplicate and refused rows with their reasons, and whether the
// imported texts were approved by the admin or sent to community review.
import type { ImportReport } from '../../../core/api/translation.ts';
import { adminImport } from '../../../core/i18n/messages/admin.ts';
import { formatNumber, useT } from '../../i18n/i18n.tsx';

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
  const t = useT();
  const hidden = report.refused.length - REFUSED_SHOWN;
  return (
    <div className="stack" data-testid={testId}>
      <div className={report.refused.length > 0 ? 'notice-box' : 'success-box'} role="status">
        <dl className="key-values">
          <dt>{t(adminImport.reportAccepted)}</dt>
          <dd>{formatNumber(report.accepted)}</dd>
          <dt>{t(adminImport.reportDuplicates)}</dt>
          <dd>{formatNumber(report.duplicates)}</dd>
          <dt>{t(adminImport.reportRefused)}</dt>
          <dd>{formatNumber(report.refused.length)}</dd>
          {report.approved > 0 && (
            <>
              <dt>{t(adminImport.reportApproved)}</dt>
              <dd>{formatNumber(report.approved)}</dd>
            </>
          )}
          {report.proposed > 0 && (
            <>
              <dt>{t(adminImport.reportProposed)}</dt>
              <dd>{formatNumber(report.proposed)}</dd>
            </>
          )}
        </dl>
        {report.proposed > 0 && (
          <p data-testid="import-review-note">{t(adminImport.reportWaits, { count: report.proposed })}</p>
        )}
        {report.approved > 0 && report.proposed === 0 && (
          <p data-testid="import-review-note">{t(adminImport.reportApprovedNote)}</p>
        )}
      </div>
      {report.refused.length > 0 && (
        <div>
          <h3>{t(adminImport.refusedRows)}</h3>
          <p className="muted">{rowsNote}</p>
          <ul>
            {report.refused.slice(0, REFUSED_SHOWN).map((item) => (
              <li key={item.row} style={{ overflowWrap: 'anywhere' }}>
                <strong>{t(adminImport.row, { row: item.row })}</strong> {item.reason}
              </li>
            ))}
          </ul>
          {hidden > 0 && <p className="muted">{t(adminImport.moreRefused, { count: hidden })}</p>}
        </div>
      )}
    </div>
  );
}
