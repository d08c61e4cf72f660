// "Ready for the field": getting a phone ready, in one go, for days without a signal (the way ODK Collect's
// "get blank form" does). The steps run one after another (on 2G, side by side would only slow each other);
// each ends done, done with something to know (warning), or failed with a reason. The last result is kept
// on the phone, so Settings shows it offline. The steps themselves are in field-steps.ts.
import { useSyncExternalStore } from 'react';
import { field as m } from '../../../core/i18n/messages/field.ts';
import { formatDate, t } from '../../i18n/i18n.tsx';
import { settingsStore, type KeptReadiness } from '../../offline/settings-store.ts';

/**
 * A step as shown: waiting, working, done, warning (done, with something to know) or failed; `detail` is what
 * it holds (sizes, counts), what it is doing, or why it failed and what to do.
 */
export type StepState = KeptReadiness['steps'][number];
export type StepStatus = StepState['status'];

/** How a step ended: done, or done with something the contributor should know. */
export interface StepOutcome {
  status: 'done' | 'warning';
  detail: string;
}

export interface FieldStep {
  id: string;
  label: string;
  /** Throws when the step could not be done (the error's message is shown). */
  run(context: { userId: string; report: (detail: string) => void }): Promise<StepOutcome>;
}

/** The phone's readiness: the kept result (finishedAt: when the last run ended) and whether one runs now. */
export interface Readiness extends KeptReadiness {
  running: boolean;
}

/** Ready when every step ended done or with a warning. */
export const isReady = (readiness: Readiness) =>
  readiness.finishedAt !== null &&
  readiness.steps.length > 0 &&
  readiness.steps.every((step) => step.status === 'done' || step.status === 'warning');

/** The state in one sentence, for the banner and Settings. */
export function readinessSummary(readiness: Readiness): string {
  if (readiness.running) {
    const done = readiness.steps.filter((step) => !['waiting', 'working'].includes(step.status)).length;
    return t(m.running, { done, total: readiness.steps.length });
  }
  if (readiness.finishedAt === null) return t(m.notPrepared);
  const when = formatDate(new Date(readiness.finishedAt), { dateStyle: 'medium', timeStyle: 'short' });
  if (isReady(readiness)) return t(m.ready, { when });
  const failed = readiness.steps.filter((step) => step.status === 'failed').length;
  return t(m.notReady, { count: failed, when });
}

/** Why a step failed, in words: the API client's ApiError (status null: no connection) or any error. */
export function failureDetail(error: unknown): string {
  if (error && typeof error === 'object' && 'status' in error && error.status === null) return t(m.offline);
  return error instanceof Error && error.message ? error.message : t(m.somethingWrong);
}

/**
 * Runs the steps in order, telling `onChange` the whole state after every change; a failed step does not
 * stop the others (each may still be done from what the phone holds).
 */
export async function runSteps(
  steps: readonly FieldStep[],
  userId: string,
  onChange: (steps: StepState[]) => void,
): Promise<StepState[]> {
  let states: StepState[] = steps.map(({ id, label }) => ({ id, label, status: 'waiting', detail: '' }));
  const update = (id: string, change: Partial<StepState>) => {
    states = states.map((state) => (state.id === id ? { ...state, ...change } : state));
    onChange(states);
  };
  onChange(states);
  for (const step of steps) {
    update(step.id, { status: 'working', detail: '' });
    try {
      const outcome = await step.run({ userId, report: (detail) => update(step.id, { detail }) });
      update(step.id, outcome);
    } catch (error) {
      update(step.id, { status: 'failed', detail: failureDetail(error) });
    }
  }
  return states;
}

// --- The phone's readiness, shared by the screens -------------------------------------------------------

let readiness: Readiness = { userId: null, running: false, steps: [], finishedAt: null };
let loaded: Promise<void> | null = null;
let current: Promise<Readiness> | null = null;
const listeners = new Set<() => void>();

function publish(next: Readiness) {
  readiness = next;
  listeners.forEach((listener) => listener());
}

/** The phone's readiness once the last result kept on it has been read (read once, shared by every caller). */
export async function keptReadiness(): Promise<Readiness> {
  await loadKept();
  return readiness;
}

/** Reads the last result kept on the phone (once). */
function loadKept(): Promise<void> {
  loaded ??= settingsStore
    .fieldReadiness()
    .then((kept) => {
      if (kept && !readiness.running && readiness.finishedAt === null) publish({ ...kept, running: false });
    })
    .catch(() => undefined);
  return loaded;
}

/**
 * Gets the phone ready for `userId` with these steps, unless a run is already going (then its result).
 * The result is kept on the phone.
 */
export function prepareForField(userId: string, steps: readonly FieldStep[]): Promise<Readiness> {
  current ??= (async () => {
    await loadKept();
    publish({ ...readiness, userId, running: true });
    const states = await runSteps(steps, userId, (changed) => publish({ ...readiness, steps: changed }));
    const finished: Readiness = { userId, running: false, steps: states, finishedAt: Date.now() };
    publish(finished);
    await settingsStore.setFieldReadiness(finished).catch(() => undefined);
    return finished;
  })().finally(() => {
    current = null;
  });
  return current;
}

export function useFieldReadiness(): Readiness {
  void loadKept();
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => readiness,
  );
}

/** For tests: forgets the state of this page. */
export function resetFieldReadiness(): void {
  readiness = { userId: null, running: false, steps: [], finishedAt: null };
  loaded = null;
  current = null;
}
