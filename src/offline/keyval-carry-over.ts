// Carries what idb-keyval kept in its default database ('keyval-store', object store 'keyval') into the app's
// database (local-db.ts, schema 9), so a phone keeps its session, last sync, flags, kept results and the
// Translate-the-app copies across the update. Raw IndexedDB, read once: idb-keyval itself is no longer the
// app's store (only the chat worker still uses it, for the model it owns: offline-engine.worker.ts).
import Dexie, { type Transaction } from 'dexie';

const LEGACY_DB = 'keyval-store';
const LEGACY_STORE = 'keyval';
/** The chat worker's model file and its meta (offline-engine.worker.ts STORE_KEY, META_KEY): they stay. */
const CHAT_WORKER_KEYS = new Set(['lopit.mt-model', 'lopit.mt-model.meta']);
/** Translate the app's copy of one account's messages of one language: `lopit.ui-messages.<userId>.<code>`. */
const UI_MESSAGES_KEY = /^lopit\.ui-messages\.([^.]+)\.(.+)$/;
/** The row listing the old keys carried over, until they are forgotten in the old database. */
export const CARRIED_KEYVAL_KEY = 'lopit.keyval.carried';

/** The old database, or null when this phone never had it (opening it then must not make it). */
function openLegacy(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    const request = indexedDB.open(LEGACY_DB);
    // An upgrade here means it did not exist: abort, so nothing is created.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onsuccess = () => {
      const db = request.result;
      if (db.objectStoreNames.contains(LEGACY_STORE)) return resolve(db);
      db.close();
      resolve(null);
    };
    request.onerror = (event) => {
      event.preventDefault();
      resolve(null);
    };
    request.onblocked = () => resolve(null);
  });
}

const done = (request: IDBRequest | IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    if ('oncomplete' in request) request.oncomplete = () => resolve();
    else request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

/** Every key and value of the old store that is the app's (not the chat worker's). */
async function readLegacy(): Promise<[string, unknown][]> {
  const db = await openLegacy();
  if (!db) return [];
  try {
    const store = db.transaction(LEGACY_STORE, 'readonly').objectStore(LEGACY_STORE);
    const keys = store.getAllKeys();
    const values = store.getAll();
    await Promise.all([done(keys), done(values)]);
    const rows: [string, unknown][] = [];
    keys.result.forEach((key, index) => {
      if (typeof key === 'string' && !CHAT_WORKER_KEYS.has(key)) rows.push([key, values.result[index]]);
    });
    return rows;
  } finally {
    db.close();
  }
}

/**
 * Copies the old store's values into schema 9's tables, inside local-db's upgrade (or first creation):
 * Translate the app's copies into uiMessageCopies, every other value into keptValues under its own name (both
 * tables are new in schema 9, so nothing there is overwritten). The old keys are listed for forgetCarriedKeyval.
 */
export async function carryOverKeyval(tx: Transaction): Promise<void> {
  // waitFor keeps the upgrade's transaction open while another database is read.
  const rows = await Dexie.waitFor(readLegacy());
  if (rows.length === 0) return;
  const keptValues = tx.table('keptValues');
  const copies = tx.table('uiMessageCopies');
  for (const [key, value] of rows) {
    const copy = UI_MESSAGES_KEY.exec(key);
    if (copy) {
      const [, userId, code] = copy;
      await copies.put({ ...(value as object), userId, code });
    } else {
      await keptValues.put({ key, value });
    }
  }
  await keptValues.put({ key: CARRIED_KEYVAL_KEY, value: rows.map(([key]) => key) });
}

/** Deletes the carried keys from the old database once the new one has them; false when that failed. */
export async function forgetCarriedKeyval(keys: string[]): Promise<boolean> {
  try {
    const db = await openLegacy();
    if (!db) return true;
    try {
      const transaction = db.transaction(LEGACY_STORE, 'readwrite');
      const store = transaction.objectStore(LEGACY_STORE);
      for (const key of keys) store.delete(key);
      await done(transaction);
    } finally {
      db.close();
    }
    return true;
  } catch {
    return false;
  }
}
