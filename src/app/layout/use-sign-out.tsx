// Signing out from any menu: clear this device's session, revoke the token (best effort), go home.
// When contributions made on this phone are still waiting to be sent, the contributor is told first:
// they stay on the phone and are sent the next time the same person signs in here.
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useState, type ReactNode } from 'react';
import { Modal } from '../../components/modal.tsx';
import { signOut } from '../../features/auth/auth-api.ts';
import { shell } from '../../../core/i18n/messages/shell.ts';
import { useT } from '../../i18n/i18n.tsx';
import { authStore } from '../../lib/auth-store.ts';
import { PATHS } from '../paths.ts';

/** Contributions of `userId` still on this device (outbox entries and recordings not yet uploaded). */
async function unsentCount(userId: string): Promise<number> {
  try {
    const { countUnsent } = await import('../../offline/unsent.ts');
    return await countUnsent(userId);
  } catch {
    // No local store (private mode, very old browser): nothing can be waiting in it.
    return 0;
  }
}

/** Returns the sign-out action and the confirmation dialog the caller renders. */
export function useSignOut(): [() => void, ReactNode] {
  const t = useT();
  const navigate = useNavigate();
  const [waiting, setWaiting] = useState(0);

  const finish = useCallback(() => {
    setWaiting(0);
    void signOut().then(() => navigate({ to: PATHS.home }));
  }, [navigate]);

  const request = useCallback(() => {
    const userId = authStore.getState().user?.id;
    if (!userId) return finish();
    void unsentCount(userId).then((count) => (count > 0 ? setWaiting(count) : finish()));
  }, [finish]);

  const dialog = (
    <Modal open={waiting > 0} title={t(shell.signOutWaitingTitle)} onClose={() => setWaiting(0)}>
      <p>{t(shell.signOutWaitingText, { count: waiting })}</p>
      <div className="button-row">
        <button type="button" className="btn btn-danger" onClick={finish}>
          {t(shell.signOutAnyway)}
        </button>
        <button type="button" className="btn btn-primary" onClick={() => setWaiting(0)}>
          {t(shell.staySignedIn)}
        </button>
      </div>
    </Modal>
  );
  return [request, dialog];
}
