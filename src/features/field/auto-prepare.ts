// Gets the phone ready for the field without being asked: when someone signs in, and at start-up when the
// last preparation for the signed-in contributor is missing, incomplete or more than a day old. Loaded after
// the first paint (main.tsx); the steps (and what they fetch with) load only when a preparation starts, so a
// visitor's phone never downloads them.
import { authStore } from '../../lib/auth-store.ts';
import type { KeptReadiness } from '../../offline/settings-store.ts';
import { isReady, keptReadiness, prepareForField } from './field-readiness.ts';

const prepare = (userId: string) =>
  import('./field-steps.ts').then(({ FIELD_STEPS }) => prepareForField(userId, FIELD_STEPS));

/** A preparation older than this is done again at the next start with a connection. */
export const READINESS_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** Whether a start-up should prepare the phone for `userId`, given the last result kept on it. */
export function needsPreparing(kept: KeptReadiness | null, userId: string, now: number): boolean {
  if (!kept || kept.userId !== userId || kept.finishedAt === null) return true;
  return !isReady({ ...kept, running: false }) || now - kept.finishedAt > READINESS_MAX_AGE_MS;
}

export function prepareAutomatically(): void {
  let signedIn = authStore.getState().user?.id ?? null;
  authStore.subscribe(() => {
    const now = authStore.getState().user?.id ?? null;
    if (now && now !== signedIn) void prepare(now);
    signedIn = now;
  });
  const userId = signedIn;
  if (!userId || !navigator.onLine) return;
  void keptReadiness().then((kept) => {
    if (needsPreparing(kept, userId, Date.now()) && authStore.getState().user?.id === userId)
      void prepare(userId);
  });
}
