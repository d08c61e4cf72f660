// The steps of "Ready for the field" (see field-readiness.ts), each bringing one thing onto the phone and saying
// what it now holds: the app's screens, sentences to read, sentences to translate, consent and profile, the
// translation model (which carries the lexicon), clips and translations to review, and the browser's promise
// not to clear it all.
import { refreshSession } from '../auth/auth-api.ts';
import { refreshConsentStatus } from '../consent/consent-status.ts';
import { deviceConsent, type DeviceConsent } from '../consent/device-consent.ts';
import { refreshPromptPack } from '../recording/prompt-pack.ts';
import { reviewPackSource } from '../review/review-api.ts';
import { refreshPairs } from '../translation/local-pairs.ts';
import { refreshPictures } from '../pictures/picture-pack.ts';
import { readStorage } from '../../lib/device-storage.ts';
import { formatBytes } from '../../lib/format-bytes.ts';
import { authStore } from '../../lib/auth-store.ts';
import { localDb } from '../../offline/local-db.ts';
import { entriesOf } from '../../offline/outbox.ts';
import { refillClipPack, refillProposalPack, refillWordPack } from '../../offline/review-pack.ts';
import { offlineCopyReady } from '../../pwa/pwa-store.ts';
import type { MessageDescriptor } from '../../../core/i18n/define.ts';
import { field as m } from '../../../core/i18n/messages/field.ts';
import { t } from '../../i18n/i18n.tsx';
import type { FieldStep, StepOutcome } from './field-readiness.ts';

/** On 2G the first offline copy of the app takes a minute or two; after this long it counts as failed. */
const APP_COPY_TIMEOUT_MS = 5 * 60 * 1000;

/** Each step's name, by its id: the checklist shows it in the interface's language, a kept result too. */
export const STEP_LABELS: Readonly<Record<string, MessageDescriptor>> = {
  app: m.stepApp,
  prompts: m.stepPrompts,
  pairs: m.stepPairs,
  consent: m.stepConsent,
  model: m.stepModel,
  review: m.stepReview,
  pictures: m.stepPictures,
  storage: m.stepStorage,
};

/** A step named in the interface's language at the time it runs. */
const named = (id: keyof typeof STEP_LABELS, run: FieldStep['run']): FieldStep => ({
  id,
  get label() {
    return t(STEP_LABELS[id]!);
  },
  run,
});

function within<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(message)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Files and bytes of the service worker's precache (the app's screens kept on the phone). */
async function precacheSize(): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for (const name of await caches.keys()) {
    if (!name.includes('precache')) continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const response = await cache.match(request);
      if (!response) continue;
      files += 1;
      bytes += (await response.blob()).size;
    }
  }
  return { files, bytes };
}

const appStep = named('app', async ({ report }) => {
  report(t(m.downloadingApp));
  const kept = await within(offlineCopyReady(), APP_COPY_TIMEOUT_MS, t(m.appTimeout));
  if (!kept) return { status: 'warning', detail: t(m.appNotKept) };
  const { files, bytes } = await precacheSize();
  return { status: 'done', detail: t(m.appKept, { files, size: formatBytes(bytes) }) };
});

const promptsStep = named('prompts', async () => {
  const sentences = await refreshPromptPack();
  return sentences > 0
    ? { status: 'done', detail: t(m.sentences, { count: sentences }) }
    : { status: 'warning', detail: t(m.noSentences) };
});

const pairsStep = named('pairs', async ({ report }) => {
  await refreshPairs(({ received, total }) => report(t(m.progress, { received, total })));
  return { status: 'done', detail: t(m.sentences, { count: await localDb().pairs.count() }) };
});

/** Picture prompts (issue 32) are optional: none yet is no warning; an image that did not arrive is. */
const picturesStep = named('pictures', async () => {
  const { pictures, bytes, missing } = await refreshPictures();
  if (missing > 0) return { status: 'warning', detail: t(m.picturesMissing, { count: missing }) };
  return pictures > 0
    ? { status: 'done', detail: t(m.picturesKept, { count: pictures, size: formatBytes(bytes) }) }
    : { status: 'done', detail: t(m.noPictures) };
});

const consentStep = named('consent', async ({ userId }) => {
  await refreshSession();
  // Without a connection, the phone's last copy still tells what holds here.
  const server = await refreshConsentStatus(userId).catch(async (error: unknown) => {
    const kept = await localDb().consents.get(userId);
    if (!kept) throw error;
    return kept.status;
  });
  const name = authStore.getState().user?.name ?? '';
  return consentOutcome(deviceConsent(server, await entriesOf(localDb(), userId)), name);
});

/**
 * What the consent step says for the consent governing this phone: the step at the time it ran, and the
 * checklist afterwards, from the phone's live consent (a consent given after the run must not read as missing).
 */
export function consentOutcome({ status, waiting }: DeviceConsent, name: string): StepOutcome {
  const withProfile = (text: string) => (name ? `${t(m.signedInAs, { name })} ${text}` : text);
  const kinds = [status?.recording && 'recording', status?.translation && 'translation'].filter(Boolean);
  if (kinds.length === 0) return { status: 'warning', detail: withProfile(t(m.noConsent)) };
  const scope = kinds.length === 2 ? 'both' : kinds[0];
  return { status: 'done', detail: withProfile(t(waiting ? m.consentWaiting : m.consentGiven, { scope })) };
}

const modelStep = named('model', async ({ report }): Promise<StepOutcome> => {
  const { refreshOfflineCopy } = await import('../chat/offline-engine.ts');
  const { model, memory } = await refreshOfflineCopy(({ received, total }) =>
    report(t(m.progress, { received, total })),
  );
  const count = memory.pairs;
  if (model.state === 'ready') {
    const size = formatBytes(model.size);
    return memory.complete
      ? { status: 'done', detail: t(m.modelKept, { size, count }) }
      : { status: 'warning', detail: t(m.memoryIncomplete, { size, count }) };
  }
  if (model.state === 'none')
    return { status: 'warning', detail: count > 0 ? t(m.noModelSentences, { count }) : t(m.noModel) };
  throw new Error(t(m.modelFailed));
});

const reviewStep = named('review', async ({ userId, report }) => {
  const db = localDb();
  const pack = await refillClipPack(db, userId, reviewPackSource, {
    onProgress: (done, total) => report(t(m.clipsProgress, { done, total })),
  });
  const proposals = await refillProposalPack(db, userId, reviewPackSource);
  const words = await refillWordPack(db, userId, reviewPackSource);
  if (pack.clips === 0 && proposals === 0 && words === 0) {
    return { status: 'warning', detail: t(m.nothingToReview) };
  }
  const held = { clips: pack.clips, size: formatBytes(pack.bytes), translations: proposals, words };
  return { status: 'done', detail: t(words > 0 ? m.reviewHeldWords : m.reviewHeld, held) };
});

const storageStep = named('storage', async () => {
  const { usage, quota, persisted } = await readStorage();
  const used =
    usage !== null && quota
      ? ` ${t(m.storageUsed, { used: formatBytes(usage), quota: formatBytes(quota) })}`
      : '';
  const kept = persisted || (await navigator.storage?.persist?.().catch(() => false));
  return kept
    ? { status: 'done', detail: `${t(m.storageKept)}${used}` }
    : { status: 'warning', detail: `${t(m.storageNotKept)}${used}` };
});

/** Every step, in the order they run. */
export const FIELD_STEPS: readonly FieldStep[] = [
  consentStep,
  promptsStep,
  pairsStep,
  picturesStep,
  modelStep,
  reviewStep,
  storageStep,
  // Last: the service worker downloads the app from the first page load on; this step waits for it to finish.
  appStep,
];
