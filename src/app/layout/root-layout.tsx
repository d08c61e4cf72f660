// The frame of every page: navigation bar, main content, footer.
import { Link, Outlet } from '@tanstack/react-router';
import { UpdateBanner } from '../../pwa/update-banner.tsx';
import { PATHS } from '../paths.ts';
import { NavBar } from './nav-bar.tsx';

export function RootLayout() {
  return (
    <>
      <NavBar />
      <UpdateBanner />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <p>
          Contributions are shared under CC-BY-NC-4.0 for non-commercial community use.{' '}
          <Link to={PATHS.terms}>Terms</Link> · <Link to={PATHS.privacy}>Privacy</Link>
        </p>
      </footer>
    </>
  );
}
