// The parts of the app's start that the first screen does not need, run after its first paint one step a task:
// on a slow phone, loading and starting them at once (the zod schemas, Dexie and its stores, the sync engine,
// the field preparation) was one task of 0.5-1 s on every page, during which the page could not answer a tap.
// Each import below evaluates a chunk the next one needs, so the next finds it evaluated and costs only itself.
import { i18n } from '../i18n/i18n.tsx';
import { afterNextPaint, nextTask } from '../lib/tasks.ts';

/**
 * Loads the locale's number formatting and plural rules (the first use of each reads the browser's locale
 * data, tens of milliseconds on a slow phone), each in a task of its own, so the first render does not pay them.
 */
export async function warmLocaleData(): Promise<void> {
  await nextTask();
  const locale = i18n.locale;
  try {
    new Intl.PluralRules(locale).select(1);
    await nextTask();
    new Intl.NumberFormat(locale).format(1);
  } catch {
    // An unknown tag: the first render falls back as before.
  }
}

/** Starts the outbox sync and the automatic field preparation after the first paint, a step a task. */
export async function startAfterFirstPaint(): Promise<void> {
  await afterNextPaint();
  await import('zod');
  await nextTask();
  await import('../offline/local-db.ts');
  await nextTask();
  (await import('../offline/local-db.ts')).localDb();
  await nextTask();
  (await import('../features/sync/sync.ts')).startSync();
  await nextTask();
  // "Ready for the field" after sign-in (and when the last preparation is stale).
  (await import('../features/field/auto-prepare.ts')).prepareAutomatically();
}
