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
import type { MessageDescriptor } from '../../core/i18n/define.ts';
import { pageTitles, shell } from '../../core/i18n/messages/shell.ts';
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

const page = (
  path: string,
  title: MessageDescriptor,
  component: ReturnType<typeof lazyRouteComponent>,
  guarded = false,
) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    staticData: { title },
    component,
    ...(guarded ? { beforeLoad: requireSignedIn } : {}),
  });

const routeTree = rootRoute.addChildren([
  createRoute({ getParentRoute: () => rootRoute, path: PATHS.home, component: HomePage }),
  page(
    PATHS.chat,
    shell.navChat,
    lazyRouteComponent(() => import('../features/chat/chat-page.tsx'), 'ChatPage'),
  ),
  page(
    PATHS.about,
    shell.navAbout,
    lazyRouteComponent(() => import('../features/heritage/about-page.tsx'), 'AboutPage'),
  ),
  page(
    PATHS.villages,
    shell.navVillages,
    lazyRouteComponent(() => import('../features/heritage/villages-page.tsx'), 'VillagesPage'),
  ),
  page(
    PATHS.culture,
    shell.navCulture,
    lazyRouteComponent(() => import('../features/heritage/culture-page.tsx'), 'CulturePage'),
  ),
  page(
    PATHS.history,
    shell.navHistory,
    lazyRouteComponent(() => import('../features/heritage/history-page.tsx'), 'HistoryPage'),
  ),
  page(
    PATHS.families,
    shell.navFamilies,
    lazyRouteComponent(() => import('../features/families/families-page.tsx'), 'FamiliesPage'),
  ),
  page(
    PATHS.terms,
    shell.terms,
    lazyRouteComponent(() => import('../features/legal/terms-page.tsx'), 'TermsPage'),
  ),
  page(
    PATHS.privacy,
    shell.privacy,
    lazyRouteComponent(() => import('../features/legal/privacy-page.tsx'), 'PrivacyPage'),
  ),
  createRoute({
    getParentRoute: () => rootRoute,
    path: PATHS.login,
    staticData: { title: shell.signIn },
    validateSearch: validateRedirectSearch,
    component: lazyRouteComponent(() => import('../features/auth/login-page.tsx'), 'LoginPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: PATHS.signup,
    staticData: { title: shell.signUp },
    validateSearch: validateRedirectSearch,
    component: lazyRouteComponent(() => import('../features/auth/signup-page.tsx'), 'SignupPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: PATHS.forgotPassword,
    staticData: { title: pageTitles.forgotPassword },
    validateSearch: (search: Record<string, unknown>): { token?: string } =>
      typeof search.token === 'string' ? { token: search.token } : {},
    component: lazyRouteComponent(
      () => import('../features/auth/forgot-password-page.tsx'),
      'ForgotPasswordPage',
    ),
  }),
  page(
    PATHS.profile,
    shell.profile,
    lazyRouteComponent(() => import('../features/account/profile-page.tsx'), 'ProfilePage'),
    true,
  ),
  page(
    PATHS.settings,
    shell.settings,
    lazyRouteComponent(() => import('../features/settings/settings-page.tsx'), 'SettingsPage'),
  ),
  page(
    PATHS.admin,
    shell.admin,
    lazyRouteComponent(() => import('../features/admin/admin-page.tsx'), 'AdminPage'),
    true,
  ),
  page(
    PATHS.translation,
    shell.navTranslation,
    lazyRouteComponent(() => import('../features/translation/translation-page.tsx'), 'TranslationPage'),
    true,
  ),
  page(
    PATHS.recording,
    shell.navRecording,
    lazyRouteComponent(() => import('../features/recording/recording-page.tsx'), 'RecordingPage'),
    true,
  ),
  page(
    PATHS.speak,
    pageTitles.speak,
    lazyRouteComponent(() => import('../features/speak/speak-page.tsx'), 'SpeakPage'),
    true,
  ),
  page(
    PATHS.tell,
    pageTitles.tell,
    lazyRouteComponent(() => import('../features/tell/tell-page.tsx'), 'TellPage'),
    true,
  ),
  page(
    PATHS.repeat,
    pageTitles.repeat,
    lazyRouteComponent(() => import('../features/transcribe/repeat-page.tsx'), 'RepeatPage'),
    true,
  ),
  page(
    PATHS.sentences,
    pageTitles.sentences,
    lazyRouteComponent(() => import('../features/sentences/sentences-page.tsx'), 'SentencesPage'),
    true,
  ),
  page(
    PATHS.speakers,
    pageTitles.speakers,
    lazyRouteComponent(() => import('../features/speakers/speakers-page.tsx'), 'SpeakersPage'),
    true,
  ),
  createRoute({
    getParentRoute: () => rootRoute,
    path: PATHS.translate,
    staticData: { title: pageTitles.translate },
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
    shell.navTranscribe,
    lazyRouteComponent(() => import('../features/transcribe/transcribe-page.tsx'), 'TranscribePage'),
    true,
  ),
  page(
    PATHS.listen,
    pageTitles.listen,
    lazyRouteComponent(() => import('../features/review/listen-page.tsx'), 'ListenPage'),
    true,
  ),
  page(
    PATHS.review,
    pageTitles.review,
    lazyRouteComponent(() => import('../features/review/review-page.tsx'), 'ReviewPage'),
    true,
  ),
  page(
    PATHS.training,
    shell.navTraining,
    lazyRouteComponent(() => import('../features/training/training-page.tsx'), 'TrainingPage'),
    true,
  ),
  page(
    PATHS.data,
    shell.navData,
    lazyRouteComponent(() => import('../features/data/data-page.tsx'), 'DataPage'),
    true,
  ),
  page(
    PATHS.translateApp,
    shell.translateApp,
    lazyRouteComponent(() => import('../features/translate-app/translate-app-page.tsx'), 'TranslateAppPage'),
    true,
  ),
  page(
    PATHS.consent,
    shell.navConsent,
    lazyRouteComponent(() => import('../features/consent/consent-page.tsx'), 'ConsentPage'),
    true,
  ),
]);

export const router = createRouter({ routeTree, defaultPreload: 'intent', scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
  interface StaticDataRouteOption {
    /** The page's name in its title ("Villages · Lopit Community"); Home has none: its title is the app's name. */
    title?: MessageDescriptor;
  }
}
