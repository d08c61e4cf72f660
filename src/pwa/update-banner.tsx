// Offers the new version when one is waiting; the reload happens only when the user asks and nothing
// (a recording, an unsaved field) would be lost.
import { useState } from 'react';
import { applyUpdate, usePwa } from './pwa-store.ts';

export function UpdateBanner() {
  const { updateWaiting, updatedElsewhere } = usePwa();
  const [blockedBy, setBlockedBy] = useState<string[]>([]);
  if (!updateWaiting && !updatedElsewhere) return null;
  return (
    <div className="update-banner" role="status" data-testid="update-banner">
      <p>
        {updatedElsewhere
          ? 'The app was updated in another tab. Reload this page when you are ready.'
          : 'A new version of the app is ready.'}
      </p>
      {blockedBy.length > 0 && (
        <p className="field-error">Finish first, so nothing is lost: {blockedBy.join(', ')}.</p>
      )}
      <button type="button" className="btn btn-primary" onClick={() => setBlockedBy(applyUpdate())}>
        Reload
      </button>
    </div>
  );
}
