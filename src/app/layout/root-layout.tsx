// The frame of every page: navigation bar, banners (update, field preparation), main content, footer.
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { pageTitles, shell } from '../../../core/i18n/messages/shell.ts';
import { useAuth } from '../../features/auth/use-auth.ts';
import { currentPreview, localeChosen, useT } from '../../i18n/i18n.tsx';
import { UpdateBanner } from '../../pwa/update-banner.tsx';
import { PATHS } from '../paths.ts';
import { NavBar } from './nav-bar.tsx';

// Signed-in only, so it loads after the first paint and never for visitors.
const FieldBanner = lazy(() =>
  import('../../features/field/field-banner.tsx').then((module) => ({ default: module.FieldBanner })),
);

// Only for a device where no language was ever chosen, after the first paint.
const FirstLanguageChoice = lazy(() =>
  import('../../i18n/first-language-choice.tsx').then((module) => ({ default: module.FirstLanguageChoice })),
);

// Only while a translator previews their language (issue 35).
const PreviewBanner = lazy(() =>
  import('../../i18n/preview-banner.tsx').then((module) => ({ default: module.PreviewBanner })),
);

/** Each page's title, in the interface's language: "Villages · Lopit Community"; Home is the app's name. */
function usePageTitle() {
  const t = useT();
  const title = useRouterState({ select: (state) => state.matches.at(-1)?.staticData.title });
  useEffect(() => {
    const app = t(shell.brand);
    document.title = title ? t(pageTitles.format, { page: t(title), app }) : app;
  }, [t, title]);
}

export function RootLayout() {
  const t = useT();
  const { user } = useAuth();
  usePageTitle();
  const preview = currentPreview();
  // Decided once per load: choosing a language in the dialog must not unmount it before Continue.
  const [askLanguage] = useState(() => !localeChosen());
  // The path whose screen main shows, once the router has settled on it (a test moving inside the app waits on it).
  const shownPath = useRouterState({ select: (state) => state.resolvedLocation?.pathname });
  return (
    <>
      <NavBar />
      <UpdateBanner />
      {preview && (
        <Suspense fallback={null}>
          <PreviewBanner preview={preview} />
        </Suspense>
      )}
      {user && (
        <Suspense fallback={null}>
          <FieldBanner />
        </Suspense>
      )}
      {askLanguage && (
        <Suspense fallback={null}>
          <FirstLanguageChoice />
        </Suspense>
      )}
      <main id="main" tabIndex={-1} data-path={shownPath}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <p>
          {t(shell.footer)}{' '}
          <Link to={PATHS.settings} hash="language" data-testid="footer-language">
            {t(shell.language)}
          </Link>{' '}
          · <Link to={PATHS.terms}>{t(shell.terms)}</Link> ·{' '}
          <Link to={PATHS.privacy}>{t(shell.privacy)}</Link>
        </p>
      </footer>
    </>
  );
}
