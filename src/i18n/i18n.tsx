// The interface's language on this device (issue 18), with Lingui's runtime: English is built into each
// screen's messages (core/i18n/messages, compiled at build time); another language's approved messages come
// from the API as a catalogue per language, kept on the device so the next load uses them at once, offline
// too, and refreshed in the background (If-None-Match; the service worker caches it as well). The choice
// persists like the theme, sets `lang` on the page, and numbers and dates are formatted with Intl in it.
// The choice and the kept catalogue are in localStorage, not IndexedDB: the first render needs them synchronously
// to draw the page in its language at once instead of English first.
import { i18n, type Messages } from '@lingui/core';
import { Fragment, useCallback, useSyncExternalStore, type ReactNode } from 'react';
import type { MessageDescriptor, Translate } from '../../core/i18n/define.ts';
import { SOURCE_LOCALE } from '../../core/i18n/languages.ts';

export { i18n };
// English is active from the first import (tests and code running before startI18n).
i18n.loadAndActivate({ locale: SOURCE_LOCALE, messages: {} });

// Each change of language or catalogue is a new version; components read it to render again (no provider is
// needed, so a component renders the same in the app and in a unit test).
let version = 0;
i18n.on('change', () => {
  version += 1;
});
const subscribe = (listener: () => void) => i18n.on('change', listener);
const currentVersion = () => version;
export const LOCALE_KEY = 'lopit.locale';
const CATALOGUE_KEY = (code: string) => `lopit.catalogue.${code}`;
export const CATALOGUE_URL = (code: string) => `/api/i18n/catalogues/${encodeURIComponent(code)}`;

interface KeptCatalogue {
  etag: string | null;
  messages: Messages;
}

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage full or refused: the choice lasts for this visit only.
  }
}

/** The language chosen on this device (English when none was chosen). */
export function storedLocale(): string {
  return readStorage(LOCALE_KEY) ?? SOURCE_LOCALE;
}

/** Whether a language was ever chosen on this device (the first screen asks a new visitor). */
export const localeChosen = () => readStorage(LOCALE_KEY) !== null;

function keptCatalogue(code: string): KeptCatalogue | null {
  const text = readStorage(CATALOGUE_KEY(code));
  if (!text) return null;
  try {
    return JSON.parse(text) as KeptCatalogue;
  } catch {
    return null;
  }
}

/**
 * A translator's preview (issue 35): the interface in a language not yet offered to everyone, with the approved
 * texts and the translator's own proposals (`proposed`, marked on the page), English for the rest. Kept on the
 * device until stopped, like a chosen language, and never written over by the public catalogue.
 */
export interface Preview {
  code: string;
  name: string;
  messages: Messages;
  proposed: string[];
}
const PREVIEW_KEY = 'lopit.preview';

function keptPreview(): Preview | null {
  const text = readStorage(PREVIEW_KEY);
  if (!text) return null;
  try {
    return JSON.parse(text) as Preview;
  } catch {
    return null;
  }
}

/** The preview shown now, if any. */
let preview: Preview | null = null;
export const currentPreview = () => preview;

/**
 * The texts on the page that are English standing in for a missing translation, and those that are the
 * translator's own proposals in a preview: fallback-marks.ts marks the elements showing them (lang="en", and
 * a dotted underline for proposals). Emptied at each change of language.
 */
export const shownTexts = { fallback: new Set<string>(), proposed: new Set<string>() };
let proposedIds = new Set<string>();
const SHOWN_TEXTS_MAX = 5_000;

function activate(code: string, messages: Messages, proposed: readonly string[] = []) {
  shownTexts.fallback.clear();
  shownTexts.proposed.clear();
  proposedIds = new Set(proposed);
  i18n.load(code, messages);
  i18n.activate(code, [code, SOURCE_LOCALE]);
  document.documentElement.lang = code;
  if (code !== SOURCE_LOCALE)
    void import('./fallback-marks.ts').then(({ watchShownTexts }) => watchShownTexts());
}

/** Fetches the language's catalogue (revalidating the kept copy) and, when it changed, applies it. */
async function refreshCatalogue(code: string, fetchImpl: typeof fetch = fetch): Promise<void> {
  const kept = keptCatalogue(code);
  let response: Response;
  try {
    response = await fetchImpl(CATALOGUE_URL(code), {
      headers: kept?.etag ? { 'If-None-Match': kept.etag } : {},
    });
  } catch {
    return; // Offline: the kept copy (or English) stays.
  }
  if (response.status === 304 || !response.ok) return;
  const { messages } = (await response.json()) as { messages: Messages };
  writeStorage(CATALOGUE_KEY(code), JSON.stringify({ etag: response.headers.get('ETag'), messages }));
  if (i18n.locale === code && !preview) activate(code, messages);
}

/** At start: the stored language with its kept catalogue at once (no flash of English), then a refresh. */
export function startI18n() {
  preview = keptPreview();
  if (preview) {
    activate(preview.code, preview.messages, preview.proposed);
    return;
  }
  const code = storedLocale();
  activate(code, code === SOURCE_LOCALE ? {} : (keptCatalogue(code)?.messages ?? {}));
  if (code !== SOURCE_LOCALE) void refreshCatalogue(code);
}

/** Chooses the interface's language: applies what is kept of it now, then fetches its catalogue. */
export async function chooseLocale(code: string): Promise<void> {
  writeStorage(LOCALE_KEY, code);
  if (preview) {
    preview = null;
    writeStorage(PREVIEW_KEY, null);
  }
  activate(code, code === SOURCE_LOCALE ? {} : (keptCatalogue(code)?.messages ?? {}));
  if (code !== SOURCE_LOCALE) await refreshCatalogue(code);
}

export type { Translate } from '../../core/i18n/define.ts';

/** A message in the current language (outside React: sync states, errors, notifications). */
export const t: Translate = (descriptor, values) => {
  const text = i18n._(descriptor.id, values, { message: descriptor.message });
  if (i18n.locale !== SOURCE_LOCALE) {
    // Texts with changing values (counts, names) could pile up over a long visit: start again past a bound.
    if (shownTexts.fallback.size + shownTexts.proposed.size > SHOWN_TEXTS_MAX) {
      shownTexts.fallback.clear();
      shownTexts.proposed.clear();
    }
    if (!(descriptor.id in i18n.messages)) shownTexts.fallback.add(text);
    else if (proposedIds.has(descriptor.id)) shownTexts.proposed.add(text);
  }
  return text;
};

/** Shows the interface as a translator's preview (until stopPreview or a language is chosen). */
export function startPreview(next: Preview) {
  preview = next;
  writeStorage(PREVIEW_KEY, JSON.stringify(next));
  activate(next.code, next.messages, next.proposed);
}

/** Ends the preview: the language chosen on this device again. */
export function stopPreview() {
  preview = null;
  writeStorage(PREVIEW_KEY, null);
  startI18n();
}

/** The translate function of a component, which renders again when the language changes. */
export function useT(): Translate {
  const current = useSyncExternalStore(subscribe, currentVersion, currentVersion);
  // A new function at each version, so memoised children that take it render again too.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the version is the point of the dependency
  return useCallback<Translate>((descriptor, values) => t(descriptor, values), [current]);
}

/** A number in the interface's language. */
export const formatNumber = (value: number, options?: Intl.NumberFormatOptions) =>
  i18n.number(value, options);

/** A date (and time, with options) in the interface's language. */
export const formatDate = (value: Date | string, options?: Intl.DateTimeFormatOptions) =>
  i18n.date(value, options);

const MARK = '\u0000';

/**
 * A message with elements in its placeholders (a link inside a sentence): the translation decides where they
 * go. Text values are formatted as usual; each element's placeholder is replaced by the element.
 */
export function richText(
  translate: Translate,
  descriptor: MessageDescriptor,
  elements: Record<string, ReactNode>,
  values: Record<string, unknown> = {},
): ReactNode[] {
  const marked = Object.fromEntries(Object.keys(elements).map((name) => [name, `${MARK}${name}${MARK}`]));
  const text = translate(descriptor, { ...values, ...marked });
  return text
    .split(MARK)
    .map((part, index) =>
      index % 2 === 1 && part in elements ? <Fragment key={index}>{elements[part]}</Fragment> : part,
    );
}
