// Signing out from any menu: clear this device's session, revoke the token (best effort), go home.
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { signOut } from '../../features/auth/auth-api.ts';
import { PATHS } from '../paths.ts';

export function useSignOut(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    void signOut().then(() => navigate({ to: PATHS.home }));
  }, [navigate]);
}
