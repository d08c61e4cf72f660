// The steps of "Ready for the field" (see field-readiness.ts), each bringing one thing onto the phone and saying
// what it now holds: the app's screens, sentences to read, sentences to translate, consent and profile, the
// translation model (which carries the lexicon), clips and translations to review, and the browser's promise
// not to clear it all.
import { refreshSession } from '../auth/auth-api.ts';
import { refreshConsentStatus } from '../consent/consent-status.ts';
import { deviceConsent } from '../consent/device-consent.ts';
import { refreshPromptPack } from '../recording/prompt-pack.ts';
import { reviewPackSource } from '../review/review-api.ts';
import { refreshPairs } from '../translation/local-pairs.ts';
import { readStorage } from '../../lib/device-storage.ts';
import { formatBytes } from '../../lib/format-bytes.ts';
import { authStore } from '../../lib/auth-store.ts';
import { localDb } from '../../offline/local-db.ts';
import { entriesOf } from '../../offline/outbox.ts';
import { refillClipPack, refillProposalPack, refillWordPack } from '../../offline/review-pack.ts';
import { offlineCopyReady } from '../../pwa/pwa-store.ts';
import type { FieldStep, StepOutcome } from './field-readiness.ts';

/** On 2G the first offline copy of the app takes a minute or two; after this long it counts as failed. */
const APP_COPY_TIMEOUT_MS = 5 * 60 * 1000;

const count = (value: number, one: string, many: string) =>
  `${value.toLocaleString('en')} ${value === 1 ? one : many}`;

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

const appStep: FieldStep = {
  id: 'app',
  label: "The app's screens",
  async run({ report }) {
    report('Downloading the app for offline use…');
    const kept = await within(
      offlineCopyReady(),
      APP_COPY_TIMEOUT_MS,
      'The app did not finish downloading. Try again where the signal is better.',
    );
    if (!kept) {
      return {
        status: 'warning',
        detail: 'This browser cannot keep the app for offline use: pages open only with a connection.',
      };
    }
    const { files, bytes } = await precacheSize();
    return { status: 'done', detail: `${count(files, 'file', 'files')}, ${formatBytes(bytes)}` };
  },
};

const promptsStep: FieldStep = {
  id: 'prompts',
  label: 'Sentences to read aloud',
  async run() {
    const sentences = await refreshPromptPack();
    return sentences > 0
      ? { status: 'done', detail: count(sentences, 'sentence', 'sentences') }
      : { status: 'warning', detail: 'There are no sentences yet; you can still record freely.' };
  },
};

const pairsStep: FieldStep = {
  id: 'pairs',
  label: 'Sentences to translate',
  async run({ report }) {
    await refreshPairs(({ received, total }) =>
      report(`${received.toLocaleString('en')} of ${total.toLocaleString('en')}…`),
    );
    return { status: 'done', detail: count(await localDb().pairs.count(), 'sentence', 'sentences') };
  },
};

const consentStep: FieldStep = {
  id: 'consent',
  label: 'Your consent and profile',
  async run({ userId }) {
    await refreshSession();
    // Without a connection, the phone's last copy still tells what holds here.
    const server = await refreshConsentStatus(userId).catch(async (error: unknown) => {
      const kept = await localDb().consents.get(userId);
      if (!kept) throw error;
      return kept.status;
    });
    const { status, waiting } = deviceConsent(server, await entriesOf(localDb(), userId));
    const name = authStore.getState().user?.name ?? '';
    const profile = name ? `Signed in as ${name}. ` : '';
    const kinds = [status?.recording && 'recording', status?.translation && 'translation'].filter(Boolean);
    if (kinds.length === 0) {
      return {
        status: 'warning',
        detail: `${profile}No consent yet: give it on the Consent page before you record or translate (it works offline too).`,
      };
    }
    const scope =
      kinds.length === 2
        ? 'Recording and translation'
        : kinds[0] === 'recording'
          ? 'Recording'
          : 'Translation';
    return {
      status: 'done',
      detail: `${profile}${scope} consent${waiting ? ' (chosen on this phone, waiting to be sent)' : ''}.`,
    };
  },
};

const modelStep: FieldStep = {
  id: 'model',
  label: 'Translation model and word list',
  async run(): Promise<StepOutcome> {
    const { refreshOfflineModel } = await import('../chat/offline-engine.ts');
    const model = await refreshOfflineModel();
    if (model.state === 'ready') return { status: 'done', detail: formatBytes(model.size) };
    if (model.state === 'none') {
      return { status: 'warning', detail: 'No model has been trained yet; the chat needs a connection.' };
    }
    throw new Error('The translation model could not be downloaded. Try again with a connection.');
  },
};

const reviewStep: FieldStep = {
  id: 'review',
  label: 'Clips to listen to and translations to check',
  async run({ userId, report }) {
    const db = localDb();
    const pack = await refillClipPack(db, userId, reviewPackSource, (done, total) =>
      report(`${done.toLocaleString('en')} of ${count(total, 'clip', 'clips')}…`),
    );
    const proposals = await refillProposalPack(db, userId, reviewPackSource);
    const words = await refillWordPack(db, userId, reviewPackSource);
    if (pack.clips === 0 && proposals === 0 && words === 0) {
      return {
        status: 'warning',
        detail: 'Nothing to review yet: new clips and translations arrive as people give them.',
      };
    }
    return {
      status: 'done',
      detail: `${count(pack.clips, 'clip', 'clips')} (${formatBytes(pack.bytes)}), ${count(proposals, 'translation', 'translations')}${words > 0 ? `, ${count(words, 'word', 'words')}` : ''}`,
    };
  },
};

const storageStep: FieldStep = {
  id: 'storage',
  label: 'Keep it safe on this phone',
  async run() {
    const { usage, quota, persisted } = await readStorage();
    const used =
      usage !== null && quota ? ` Using ${formatBytes(usage)} of ${formatBytes(quota)} available.` : '';
    const kept = persisted || (await navigator.storage?.persist?.().catch(() => false));
    return kept
      ? { status: 'done', detail: `The browser will not clear this app's data to free space.${used}` }
      : {
          status: 'warning',
          detail: `The browser did not promise to keep this app's data: if the phone runs short of space it may clear it, recordings not yet sent included. Install the app (Settings, Install) and send recordings when you can.${used}`,
        };
  },
};

/** Every step, in the order they run. */
export const FIELD_STEPS: readonly FieldStep[] = [
  consentStep,
  promptsStep,
  pairsStep,
  modelStep,
  reviewStep,
  storageStep,
  // Last: the service worker downloads the app from the first page load on; this step waits for it to finish.
  appStep,
];
