// Loads the shipped heritage content files through their schemas, once, for the app and the service worker.
import villagesJson from '../../content/heritage/villages.json';
import historyJson from '../../content/heritage/history.json';
import cultureJson from '../../content/heritage/culture.json';
import aboutJson from '../../content/heritage/about.json';
import {
  parseAboutFile,
  parseCultureFile,
  parseHistoryFile,
  parseVillagesFile,
  type AboutFile,
  type CultureFile,
  type HistoryEvent,
  type Village,
} from './schema.ts';

/** Parses on first use and keeps the result: content is static for the life of the page. */
function once<T>(load: () => T): () => T {
  let value: { loaded: T } | undefined;
  return () => {
    value ??= { loaded: load() };
    return value.loaded;
  };
}

export const loadVillages: () => Village[] = once(() => parseVillagesFile(villagesJson).villages);
export const loadHistory: () => HistoryEvent[] = once(() => parseHistoryFile(historyJson).events);
export const loadCulture: () => CultureFile = once(() => parseCultureFile(cultureJson));
export const loadAbout: () => AboutFile = once(() => parseAboutFile(aboutJson));
