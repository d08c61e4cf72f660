// Offers the new version when one is waiting; the reload happens only when the user asks and nothing
// (a recording, an unsaved field) would be lost.
import { useState } from 'react';
import { applyUpdate, usePwa } from './pwa-store.ts';
import { shell } from '../../core/i18n/messages/shell.ts';
import { i18n, useT } from '../i18n/i18n.tsx';
import type { MessageDescriptor } from '../../core/i18n/define.ts';

export function UpdateBanner() {
  const t = useT();
  const { updateWaiting, updatedElsewhere } = usePwa();
  const [blockedBy, setBlockedBy] = useState<MessageDescriptor[]>([]);
  if (!updateWaiting && !updatedElsewhere) return null;
  return (
    <div className="update-banner" role="status" data-testid="update-banner">
      <p>{t(updatedElsewhere ? shell.updatedElsewhere : shell.updateReady)}</p>
      {blockedBy.length > 0 && (
        <p className="field-error">
          {t(shell.updateBlocked, {
            work: new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(
              blockedBy.map((reason) => t(reason)),
            ),
          })}
        </p>
      )}
      <button type="button" className="btn btn-primary" onClick={() => setBlockedBy(applyUpdate())}>
        {t(shell.reload)}
      </button>
    </div>
  );
}
