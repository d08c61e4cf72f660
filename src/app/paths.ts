// Every URL of the app in one place: route paths and link builders.

export const PATHS = {
  home: '/',
  chat: '/chat',
  about: '/about',
  villages: '/villages',
  culture: '/culture',
  history: '/history',
  families: '/families',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  terms: '/terms',
  privacy: '/privacy',
  profile: '/profile',
  settings: '/settings',
  admin: '/admin',
  translation: '/translation',
  translate: '/translate',
  recording: '/recording',
  speak: '/speak',
  speakers: '/speakers',
  tell: '/tell',
  repeat: '/repeat',
  sentences: '/sentences',
  transcribe: '/transcribe',
  listen: '/listen',
  review: '/review',
  training: '/training',
  data: '/data',
  consent: '/consent',
  translateApp: '/translate-app',
} as const;

export type AppPath = (typeof PATHS)[keyof typeof PATHS];

/**
 * How Translate asks for the Lopit: typed, said aloud (a spoken translation of the English), or said from a
 * picture (issue 32: for those who read neither language).
 */
export type TranslateAnswer = 'type' | 'say' | 'picture';

/** Translate opened to say each English sentence in Lopit (for those who speak Lopit but do not read it). */
export const SAY_IN_LOPIT_LINK = { to: PATHS.translate, search: { answer: 'say' } } as const satisfies {
  to: AppPath;
  search: { answer: TranslateAnswer };
};

/** Consent documents, served as static files from public/docs. */
export const DOCS = {
  consentFormEnglish: '/docs/consent-form-en.pdf',
  consentFormLopit: '/docs/consent-form-lpx.pdf',
  dataUsePolicy: '/docs/data-use-policy.pdf',
} as const;

/** Link to the external source repository; configurable at build time. */
export const SOURCE_REPOSITORY_URL: string =
  (import.meta.env.VITE_SOURCE_REPOSITORY_URL as string | undefined) ??
  'https://github.com/lopit-community/lopit-platform';
