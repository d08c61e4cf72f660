// The installed-app side of the page: service worker registration through workbox-window, the update
// that waits for the user's consent, and the browser's install prompt where it offers one.
import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';
import { busyReasons } from './busy.ts';
import type { MessageDescriptor } from '../../core/i18n/define.ts';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export interface PwaState {
  /** The service worker controls this page: the app opens without signal. */
  offlineReady: boolean;
  /** A new version is installed and waits for the user's reload. */
  updateWaiting: boolean;
  /** Another tab activated the new version; this page still runs the old one until it reloads. */
  updatedElsewhere: boolean;
  /** The browser offers installation (Chromium's beforeinstallprompt). */
  canInstall: boolean;
  /** Running as the installed app. */
  installed: boolean;
}

let state: PwaState = {
  offlineReady: false,
  updateWaiting: false,
  updatedElsewhere: false,
  canInstall: false,
  installed: false,
};
const listeners = new Set<() => void>();
let workbox: Workbox | null = null;
let installPrompt: BeforeInstallPromptEvent | null = null;
let reloadRequested = false;

function update(patch: Partial<PwaState>) {
  state = { ...state, ...patch };
  listeners.forEach((listener) => listener());
}

export function usePwa(): PwaState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}

/** Registers the service worker (production builds only) and listens for updates and install offers. */
export function registerServiceWorker(): void {
  update({ installed: window.matchMedia('(display-mode: standalone)').matches });
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    installPrompt = event as BeforeInstallPromptEvent;
    update({ canInstall: true });
  });
  window.addEventListener('appinstalled', () => {
    installPrompt = null;
    update({ canInstall: false, installed: true });
  });

  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  // A controller change on a page that already had one is a new version taking over (asked for here or in
  // another tab). The first install's claim of the page is not.
  let controlled = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!controlled) {
      controlled = true;
      return;
    }
    // Reload only when this tab asked for it and nothing is in progress; never force one.
    if (reloadRequested && busyReasons().length === 0) window.location.reload();
    else update({ updateWaiting: false, updatedElsewhere: true });
  });
  void navigator.serviceWorker.ready.then(() => update({ offlineReady: true }));
  // workbox-window loads apart from the initial JavaScript (it registers after the page's load event anyway).
  registration = import('workbox-window')
    .then(({ Workbox }) => {
      workbox = new Workbox('/sw.js', { scope: '/' });
      workbox.addEventListener('waiting', () => update({ updateWaiting: true }));
      return workbox.register();
    })
    .catch((error: unknown) => {
      console.error('Service worker registration failed', error);
      return undefined;
    });
}

let registration: Promise<ServiceWorkerRegistration | undefined> | null = null;

/**
 * Resolves true once the app is kept for offline use (the service worker installed, its precache complete),
 * false when it cannot be (a development build, no service workers, or registration refused).
 */
export async function offlineCopyReady(): Promise<boolean> {
  if (!registration || !(await registration)) return false;
  await navigator.serviceWorker.ready;
  return true;
}

/**
 * The user accepted the update: activate the waiting version, and reload once it controls the page.
 * Returns what is still in progress instead, when a reload would lose it.
 */
export function applyUpdate(): MessageDescriptor[] {
  const busy = busyReasons();
  if (busy.length > 0) return busy;
  if (state.updatedElsewhere || !workbox) {
    window.location.reload();
    return [];
  }
  reloadRequested = true;
  workbox.messageSkipWaiting();
  return [];
}

/** Shows the browser's install dialog; resolves with whether the user installed. */
export async function promptInstall(): Promise<boolean> {
  if (!installPrompt) return false;
  const prompt = installPrompt;
  installPrompt = null;
  update({ canInstall: false });
  await prompt.prompt();
  const { outcome } = await prompt.userChoice;
  return outcome === 'accepted';
}
