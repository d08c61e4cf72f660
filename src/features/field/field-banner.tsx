// Across the app, "Ready for the field" in one line: while the phone is being prepared, and when the last
// preparation failed somewhere (until dismissed), with the way to the checklist in Settings.
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { PATHS } from '../../app/paths.ts';
import { field as m } from '../../../core/i18n/messages/field.ts';
import { useT } from '../../i18n/i18n.tsx';
import { useAuth } from '../auth/use-auth.ts';
import { isReady, readinessSummary, useFieldReadiness } from './field-readiness.ts';

/** Across the app: while the phone is being prepared, and when the last preparation failed somewhere. */
export function FieldBanner() {
  const t = useT();
  const { user } = useAuth();
  const readiness = useFieldReadiness();
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  if (!user || readiness.userId !== user.id) return null;
  const failed = !readiness.running && readiness.finishedAt !== null && !isReady(readiness);
  if (!readiness.running && !failed) return null;
  if (failed && dismissedAt === readiness.finishedAt) return null;
  return (
    <div className="update-banner field-banner" role="status" data-testid="field-banner">
      <p>{readinessSummary(readiness)}</p>
      <Link to={PATHS.settings} hash="field-heading">
        {t(m.details)}
      </Link>
      {failed && (
        <button type="button" className="btn" onClick={() => setDismissedAt(readiness.finishedAt)}>
          {t(m.dismiss)}
        </button>
      )}
    </div>
  );
}
