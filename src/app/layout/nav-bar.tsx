// The navigation bar on every page, with signed-in and signed-out variants and a mobile menu.
import { Link, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { shell } from '../../../core/i18n/messages/shell.ts';
import { useAuth } from '../../features/auth/use-auth.ts';
import { useT } from '../../i18n/i18n.tsx';
import { PATHS } from '../paths.ts';
import { CONTRIBUTOR_NAV, PUBLIC_NAV, type NavItem } from './nav-items.ts';
import { ThemeToggle } from './theme-toggle.tsx';
import { useSignOut } from './use-sign-out.tsx';
import { UserMenu } from './user-menu.tsx';

// Loaded after the first paint with the outbox engine (Dexie), which the first page does not need at once.
const SyncIndicator = lazy(() =>
  import('../../features/sync/sync-indicator.tsx').then((module) => ({ default: module.SyncIndicator })),
);

export function NavBar() {
  const t = useT();
  const { user } = useAuth();
  const [mobileOpen, setMobileOpen] = useState(false);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [signOutAndGoHome, signOutDialog] = useSignOut();
  const items = user ? [...PUBLIC_NAV, ...CONTRIBUTOR_NAV] : PUBLIC_NAV;

  useEffect(() => setMobileOpen(false), [pathname]);
  useEffect(() => {
    if (!mobileOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMobileOpen(false);
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [mobileOpen]);

  return (
    <header className={user ? 'nav-bar nav-bar-contributor' : 'nav-bar'}>
      <a className="skip-link" href="#main">
        {t(shell.skipToContent)}
      </a>
      <div className="nav-inner">
        <Link to={PATHS.home} className="brand" aria-label={t(shell.brandHome)}>
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span>{t(shell.brand)}</span>
        </Link>
        <nav aria-label={t(shell.mainNav)} className="nav-links">
          <NavLinks items={items} />
        </nav>
        <Suspense fallback={null}>
          <SyncIndicator />
        </Suspense>
        <div className="nav-actions">
          {user ? (
            <UserMenu user={user} />
          ) : (
            <>
              <ThemeToggle />
              <Link to={PATHS.login} className="btn btn-ghost">
                {t(shell.signIn)}
              </Link>
              <Link to={PATHS.signup} className="btn btn-primary">
                {t(shell.signUp)}
              </Link>
            </>
          )}
        </div>
        <button
          type="button"
          className="btn btn-ghost nav-menu-button"
          aria-expanded={mobileOpen}
          aria-controls="mobile-menu"
          onClick={() => setMobileOpen((open) => !open)}
        >
          <span aria-hidden="true">☰</span> {t(shell.menu)}
        </button>
      </div>
      {mobileOpen && (
        <nav id="mobile-menu" aria-label={t(shell.mobileNav)} className="mobile-menu">
          <NavLinks items={items} />
          <hr />
          {user ? (
            <>
              <Link to={PATHS.profile} className="nav-link">
                {t(shell.profile)}
              </Link>
              <Link to={PATHS.settings} className="nav-link">
                {t(shell.settings)}
              </Link>
              {user.role === 'admin' && (
                <Link to={PATHS.admin} className="nav-link">
                  {t(shell.admin)}
                </Link>
              )}
              <button type="button" className="btn btn-ghost" onClick={signOutAndGoHome}>
                {t(shell.signOut)}
              </button>
            </>
          ) : (
            <>
              <Link to={PATHS.login} className="nav-link">
                {t(shell.signIn)}
              </Link>
              <Link to={PATHS.signup} className="nav-link">
                {t(shell.signUp)}
              </Link>
              <Link to={PATHS.settings} className="nav-link">
                {t(shell.settings)}
              </Link>
            </>
          )}
          <ThemeToggle />
        </nav>
      )}
      {signOutDialog}
    </header>
  );
}

/** The page links, the same in the desktop bar and the mobile menu. */
function NavLinks({ items }: { items: NavItem[] }) {
  const t = useT();
  return items.map((item) => (
    <Link
      key={item.to}
      to={item.to}
      className="nav-link"
      activeProps={{ 'aria-current': 'page' }}
      activeOptions={{ exact: true }}
    >
      {t(item.label)}
    </Link>
  ));
}
