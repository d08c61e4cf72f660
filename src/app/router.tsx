// Every route of the app (product-spec section 2). Pages other than Home load lazily, so the first load stays small.
import {
  Navigate,
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
  type ParsedLocation,
} from '@tanstack/react-router';
import { HomePage } from '../features/heritage/home-page.tsx';
import { authStore } from '../lib/auth-store.ts';
import { RootLayout } from './layout/root-layout.tsx';
import { PATHS, type TranslateAnswer } from './paths.ts';

const rootRoute = createRootRoute({
  component: RootLayout,
  // Unknown paths go home, replacing the history entry (spec section 2).
  notFoundComponent: () => <Navigate to={PATHS.home} replace />,
});

/** Internal paths only: never redirect to another site after sign-in. */
export function safeRedirect(value: unknown): string | undefined {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : undefined;
}

const validateRedirectSearch = (search: Record<string, unknown>): { redirect?: string } => {
  const target = safeRedirect(search.redirect);
  return target ? { redirect: target } : {};
};

/** The contributor routes send visitors to sign in, and bring them back afterwards. */
function requireSignedIn({ location }: { location: ParsedLocation }) {
  if (!authStore.getState().user) {
    // TanStack Router's redirects are thrown by design.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    throw redirect({ to: PATHS.login, search: { redirect: location.href } });
  }
}

const page = (path: string, component: ReturnType<typeof lazyRouteComponent>, guarded = false) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    component,
    ...(guarded ? { beforeLoad: requireSignedIn } : {}),
  });

const routeTree = rootRoute.addChildren([
  createRoute({ getParentRoute: () => rootRoute, path: PATHS.home, component: HomePage }),
  page(
    PATHS.chat,
    lazyRouteComponent(() => import('../features/chat/chat-page.tsx'), 'ChatPage'),
  ),
  page(
    PATHS.about,
    lazyRouteComponent(() => import('../features/heritage/about-page.tsx'), 'AboutPage'),
  ),
  page(
    PATHS.villages,
    lazyRouteComponent(() => import('../features/heritage/villages-page.tsx'), 'VillagesPage'),
  ),
  page(
    PATHS.culture,
    lazyRouteComponent(() => import('../features/heritage/culture-page.tsx'), 'CulturePage'),
  ),
  page(
    PATHS.history,
    lazyRouteComponent(() => import('../features/heritage/history-page.tsx'), 'HistoryPage'),
  ),
  page(
    PATHS.families,
    lazyRouteComponent(() => import('../features/families/families-page.tsx'), 'FamiliesPage'),
  ),
  page(
    PATHS.terms,
    lazyRouteComponent(() => import('../features/legal/terms-page.tsx'), 'TermsPage'),
  ),
  page(
    PATHS.privacy,
    lazyRouteComponent(() => import('../features/legal/privacy-page.tsx'), 'PrivacyPage'),
  ),
  createRoute({
    getParentRoute: () => rootRoute,
    path: PATHS.login,
    validateSearch: validateRedirectSearch,
    component: lazyRouteComponent(() => import('../features/auth/login-page.tsx'), 'LoginPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: PATHS.signup,
    validateSearch: validateRedirectSearch,
    component: lazyRouteComponent(() => import('../features/auth/signup-page.tsx'), 'SignupPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: PATHS.forgotPassword,
    validateSearch: (search: Record<string, unknown>): { token?: string } =>
      typeof search.token === 'string' ? { token: search.token } : {},
    component: lazyRouteComponent(
      () => import('../features/auth/forgot-password-page.tsx'),
      'ForgotPasswordPage',
    ),
  }),
  page(
    PATHS.profile,
    lazyRouteComponent(() => import('../features/account/profile-page.tsx'), 'ProfilePage'),
    true,
  ),
  page(
    PATHS.settings,
    lazyRouteComponent(() => import('../features/settings/settings-page.tsx'), 'SettingsPage'),
  ),
  page(
    PATHS.admin,
    lazyRouteComponent(() => import('../features/admin/admin-page.tsx'), 'AdminPage'),
    true,
  ),
  page(
    PATHS.translation,
    lazyRouteComponent(() => import('../features/translation/translation-page.tsx'), 'TranslationPage'),
    true,
  ),
  page(
    PATHS.recording,
    lazyRouteComponent(() => import('../features/recording/recording-page.tsx'), 'RecordingPage'),
    true,
  ),
  page(
    PATHS.speak,
    lazyRouteComponent(() => import('../features/speak/speak-page.tsx'), 'SpeakPage'),
    true,
  ),
  page(
    PATHS.tell,
    lazyRouteComponent(() => import('../features/tell/tell-page.tsx'), 'TellPage'),
    true,
  ),
  page(
    PATHS.repeat,
    lazyRouteComponent(() => import('../features/transcribe/repeat-page.tsx'), 'RepeatPage'),
    true,
  ),
  page(
    PATHS.sentences,
    lazyRouteComponent(() => import('../features/sentences/sentences-page.tsx'), 'SentencesPage'),
    true,
  ),
  page(
    PATHS.speakers,
    lazyRouteComponent(() => import('../features/speakers/speakers-page.tsx'), 'SpeakersPage'),
    true,
  ),
  createRoute({
    getParentRoute: () => rootRoute,
    path: PATHS.translate,
    // ?answer=say opens Translate with the sentence to be said aloud (Speak sends those who do not read Lopit).
    validateSearch: (search: Record<string, unknown>): { answer?: TranslateAnswer } =>
      search.answer === 'say' || search.answer === 'picture' ? { answer: search.answer } : {},
    beforeLoad: requireSignedIn,
    component: lazyRouteComponent(
      () => import('../features/translation/translate-one-page.tsx'),
      'TranslateOnePage',
    ),
  }),
  page(
    PATHS.transcribe,
    lazyRouteComponent(() => import('../features/transcribe/transcribe-page.tsx'), 'TranscribePage'),
    true,
  ),
  page(
    PATHS.listen,
    lazyRouteComponent(() => import('../features/review/listen-page.tsx'), 'ListenPage'),
    true,
  ),
  page(
    PATHS.review,
    lazyRouteComponent(() => import('../features/review/review-page.tsx'), 'ReviewPage'),
    true,
  ),
  page(
    PATHS.training,
    lazyRouteComponent(() => import('../features/training/training-page.tsx'), 'TrainingPage'),
    true,
  ),
  page(
    PATHS.data,
    lazyRouteComponent(() => import('../features/data/data-page.tsx'), 'DataPage'),
    true,
  ),
  page(
    PATHS.translateApp,
    lazyRouteComponent(() => import('../features/translate-app/translate-app-page.tsx'), 'TranslateAppPage'),
    true,
  ),
  page(
    PATHS.consent,
    lazyRouteComponent(() => import('../features/consent/consent-page.tsx'), 'ConsentPage'),
    true,
  ),
]);

export const router = createRouter({ routeTree, defaultPreload: 'intent', scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
