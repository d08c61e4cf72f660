// The expected access of every API route, keyed "METHOD /url" as in app.routeTable: the table the authorization matrix test holds the app to.

/**
 * Who may call a route (anything else is refused before the body, query or path parameters are looked at):
 * - public: anyone, signed in or not (never 401/403);
 * - user: a signed-in contributor or admin (a valid session token); others 401 UNAUTHENTICATED;
 * - consenting: a signed-in user who has given recording consent; without a session 401, without consent
 *   403 CONSENT_REQUIRED;
 * - admin: a signed-in admin; without a session 401, a contributor 403 FORBIDDEN;
 * - worker: an external training worker's bearer token (issued by an admin, not revoked); every other
 *   credential, user sessions included, 401 INVALID_WORKER_TOKEN;
 * - internal: registered only when the server is given a control secret (server/main.ts always does; tests do
 *   not), for `npm run admin`; only the `x-control-secret` header opens it, everything else 403 FORBIDDEN.
 */
export type Access = 'public' | 'user' | 'consenting' | 'admin' | 'worker' | 'internal';

export const ROUTE_ACCESS = {
  // server/features/health/health.routes.ts
  'GET /api/health': 'public',

  // server/features/auth/auth.routes.ts: sign-up, sign-in and reset links are for people without a session;
  // sign-out is idempotent (an expired, revoked or unknown token still answers 200).
  'POST /api/auth/signup': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/logout': 'public',
  'GET /api/auth/me': 'user',
  'PATCH /api/auth/me': 'user',
  'POST /api/auth/change-password': 'user',
  'POST /api/auth/reset-password': 'public',

  // server/features/auth/accounts.routes.ts (requireAdmin on the whole scope)
  'GET /api/admin/users': 'admin',
  'PATCH /api/admin/users/:id/role': 'admin',
  'POST /api/admin/users/:id/reset-link': 'admin',
  'POST /api/admin/import/pairs': 'admin',
  'POST /api/admin/import/lexicon': 'admin',
  'GET /api/admin/export/lexicon': 'admin',

  // server/features/exports/exports.routes.ts (requireAdmin on the whole scope)
  'GET /api/admin/exports': 'admin',
  'GET /api/admin/exports/asr.zip': 'admin',
  'GET /api/admin/exports/tts.zip': 'admin',
  'GET /api/admin/exports/mt.zip': 'admin',

  // server/features/consent/consent.routes.ts: consent is given by a signed-in user, so these need no consent.
  'GET /api/consent/status': 'user',
  'POST /api/consent/submit': 'user',
  'POST /api/consent/withdraw': 'user',

  // server/features/translation/translation.routes.ts
  'GET /api/translation/pairs': 'user',
  'GET /api/translation/pairs/:id/revisions': 'user',
  'POST /api/translation/save': 'user',
  'GET /api/translation/export': 'user',

  // server/features/review/review.routes.ts (requireUser on the whole scope) and admin-review.routes.ts
  'GET /api/review/clips': 'user',
  'POST /api/review/clips/:id/vote': 'user',
  'POST /api/review/clips/:id/report': 'user',
  'GET /api/review/proposals': 'user',
  'POST /api/review/proposals/:id/review': 'user',
  'GET /api/review/lexicon': 'user',
  'POST /api/review/lexicon/:id/review': 'user',
  'GET /api/review/stats': 'user',
  'GET /api/admin/review/clips': 'admin',
  'POST /api/admin/review/clips/:id/settle': 'admin',
  'GET /api/admin/review/proposals': 'admin',
  'POST /api/admin/review/proposals/decide': 'admin',
  'GET /api/admin/review/lexicon': 'admin',
  'POST /api/admin/review/lexicon/decide': 'admin',

  // server/features/i18n/i18n.routes.ts: languages and catalogues are public (the app loads them before any
  // sign-in); translating the interface needs a session; adding languages and PO files are the admins'.
  'GET /api/i18n/languages': 'public',
  'GET /api/i18n/catalogues/:code': 'public',
  'GET /api/i18n/languages/:code/messages': 'user',
  'GET /api/i18n/languages/:code/preview': 'user',
  'POST /api/i18n/proposals': 'user',
  'POST /api/i18n/proposals/:id/review': 'user',
  'POST /api/admin/i18n/languages': 'admin',
  'GET /api/admin/i18n/languages/:code/export.po': 'admin',
  'POST /api/admin/i18n/languages/:code/import': 'admin',

  // server/features/prompts/prompts.routes.ts: reporting a sentence (requireUser), the admins' list (requireAdmin)
  'POST /api/audio/prompts/:id/report': 'user',
  'GET /api/admin/prompts': 'admin',
  'POST /api/admin/prompts/:id/retire': 'admin',
  'POST /api/admin/prompts/:id/restore': 'admin',
  'POST /api/admin/prompts/import': 'admin',
  'GET /api/admin/sentences': 'admin',
  'POST /api/admin/sentences/:id/retire': 'admin',
  'POST /api/admin/sentences/:id/restore': 'admin',

  // server/features/transcripts/transcripts.routes.ts (requireUser on the whole scope)
  'GET /api/transcripts/queue': 'user',
  'POST /api/transcripts/clips/:id': 'user',
  'GET /api/transcripts/proposals': 'user',
  'POST /api/transcripts/proposals/:id/review': 'user',
  'GET /api/transcripts/stats': 'user',

  // server/features/sentences/sentences.routes.ts: the sentence collection (requireUser on the whole scope)
  'POST /api/sentences': 'user',
  'GET /api/sentences/mine': 'user',
  'GET /api/sentences/review': 'user',
  'POST /api/sentences/:id/review': 'user',
  'POST /api/sentences/:id/report': 'user',

  // server/features/speakers/speakers.routes.ts: field speakers (requireUser; a speaker is used only by who added
  // them or an admin, else 404), and the admins' list with the consent evidence files (requireAdmin)
  'GET /api/speakers': 'user',
  'POST /api/speakers': 'user',
  'POST /api/speakers/:id/consent': 'user',
  'POST /api/speakers/:id/consent/:consentId/evidence/:kind': 'user',
  'POST /api/speakers/:id/withdraw': 'user',
  'GET /api/admin/speakers': 'admin',
  'GET /api/admin/speakers/:id/evidence/:evidenceId': 'admin',
  // server/features/pictures/pictures.routes.ts: picture prompts (issue 32); admins upload and retire, contributors
  // read the pack and the images.
  'GET /api/pictures/pack': 'user',
  'GET /api/pictures/:id/image': 'user',
  'GET /api/admin/pictures': 'admin',
  'POST /api/admin/pictures': 'admin',
  'POST /api/admin/pictures/:id/retire': 'admin',

  // server/features/mt/mt.routes.ts (public, rate-limited)
  'POST /api/translation/translate': 'public',
  'GET /api/translation/model': 'public',
  'GET /api/translation/memory': 'public',

  // server/features/data/data.routes.ts: statistics need a session; the lexicon is public.
  'GET /api/data/statistics': 'user',
  'GET /api/data/speakers': 'user',
  'GET /api/data/timeline': 'user',
  'GET /api/data/dialects': 'user',
  'GET /api/data/lexicon': 'public',

  // server/features/recordings/tus-uploads.ts: every tus request needs a session; creating (POST) and sending
  // bytes (PATCH) need recording consent too; HEAD, DELETE and OPTIONS do not.
  'POST /api/audio/tus': 'consenting',
  'HEAD /api/audio/tus': 'user',
  'PATCH /api/audio/tus': 'consenting',
  'DELETE /api/audio/tus': 'user',
  'OPTIONS /api/audio/tus': 'user',
  'POST /api/audio/tus/:id': 'consenting',
  'HEAD /api/audio/tus/:id': 'user',
  'PATCH /api/audio/tus/:id': 'consenting',
  'DELETE /api/audio/tus/:id': 'user',
  'OPTIONS /api/audio/tus/:id': 'user',

  // server/features/recordings/recordings.routes.ts: the multipart upload needs recording consent (checked before the
  // content type); reading, deleting and transcribing need the owner or an admin (404 for anyone else).
  'POST /api/audio/upload': 'consenting',
  'GET /api/audio/recordings': 'user',
  'GET /api/audio/recordings/:id': 'user',
  'GET /api/audio/recordings/:id/audio': 'user',
  'DELETE /api/audio/recordings/:id': 'user',
  'POST /api/audio/transcribe': 'user',
  // The prompt pack: sentences to read, for any signed-in contributor (consent is asked before recording).
  'GET /api/audio/prompts': 'user',

  // server/features/training/training.routes.ts: reading needs a session; start, stop and worker tokens an admin.
  'GET /api/training/status': 'user',
  'GET /api/training/progress': 'user',
  'POST /api/training/start': 'admin',
  'POST /api/training/stop': 'admin',
  'GET /api/training/workers': 'admin',
  'POST /api/training/workers': 'admin',
  'DELETE /api/training/workers/:id': 'admin',

  // server/features/training/worker.routes.ts: worker tokens only, in a scope of their own.
  'POST /api/training/worker/claim': 'worker',
  'POST /api/training/worker/jobs/:id/heartbeat': 'worker',
  'GET /api/training/worker/jobs/:id/dataset': 'worker',
  'GET /api/training/worker/jobs/:id/recordings/:recordingId/audio': 'worker',
  'PUT /api/training/worker/jobs/:id/artifact': 'worker',
  'POST /api/training/worker/jobs/:id/complete': 'worker',
  'POST /api/training/worker/jobs/:id/fail': 'worker',
  'POST /api/training/worker/jobs/:id/stopped': 'worker',

  // server/features/tts/tts.routes.ts (public, rate-limited)
  'POST /api/tts/synthesize': 'public',

  // server/features/families/families.routes.ts (public, rate-limited)
  'GET /api/families': 'public',
  'GET /api/families.ged': 'public',

  // server/plugins/openapi.ts: the API's contract and Swagger UI's page and files.
  'GET /api/openapi.json': 'public',
  'GET /api/docs': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'GET /api/docs/static/theme/phone.css': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'HEAD /api/docs/static/*': 'public',
  'GET /api/docs/static/*': 'public',

  // server/features/internal/control.routes.ts (only with a control secret)
  'POST /api/internal/admin-command': 'internal',
} as const satisfies Record<string, Access>;

export type RouteKey = keyof typeof ROUTE_ACCESS;

/** A gate inside a route, decided by its query: the same persona rules as a route of that access. */
export interface QueryGate {
  route: RouteKey;
  query: string;
  access: Access;
}

export const QUERY_GATES: QueryGate[] = [
  // Listing everyone's recordings, or another contributor's, is for admins (recordings.routes.ts).
  { route: 'GET /api/audio/recordings', query: 'all=true', access: 'admin' },
  {
    route: 'GET /api/audio/recordings',
    query: 'owner=00000000-0000-4000-8000-000000000000',
    access: 'admin',
  },
];
