// Signed-in user menu: profile, settings, admin (for admins), theme, sign out.
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import type { User } from '../../../core/api/auth.ts';
import { displayName } from '../../../core/display-name.ts';
import { shell } from '../../../core/i18n/messages/shell.ts';
import { useT } from '../../i18n/i18n.tsx';
import { PATHS } from '../paths.ts';
import { ThemeToggle } from './theme-toggle.tsx';
import { useSignOut } from './use-sign-out.tsx';

export function UserMenu({ user }: { user: User }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const [signOutAndGoHome, signOutDialog] = useSignOut();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const close = () => setOpen(false);
  return (
    <div className="user-menu" ref={ref}>
      <button
        type="button"
        className="btn btn-ghost"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        data-testid="user-menu-button"
      >
        <span className="avatar" aria-hidden="true" translate="no">
          {displayName(user).slice(0, 1).toUpperCase()}
        </span>
        <span className="user-menu-name" translate="no">
          {displayName(user)}
        </span>
      </button>
      {open && (
        <div className="user-menu-panel" id={menuId}>
          <p className="user-menu-email muted" translate="no">
            {user.email}
          </p>
          <Link to={PATHS.profile} onClick={close}>
            {t(shell.profile)}
          </Link>
          <Link to={PATHS.settings} onClick={close}>
            {t(shell.settings)}
          </Link>
          {user.role === 'admin' && (
            <Link to={PATHS.admin} onClick={close}>
              {t(shell.admin)}
            </Link>
          )}
          <Link to={PATHS.translateApp} onClick={close}>
            {t(shell.translateApp)}
          </Link>
          <ThemeToggle className="btn btn-ghost user-menu-item" />
          <button
            type="button"
            className="btn btn-ghost user-menu-item"
            onClick={() => {
              close();
              signOutAndGoHome();
            }}
          >
            {t(shell.signOut)}
          </button>
        </div>
      )}
      {signOutDialog}
    </div>
  );
}
