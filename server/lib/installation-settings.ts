// Values made once per installation and kept in installation_settings (a secret, an id): made on first use by
// whichever request gets there first, the same for every later reader, and remembered per database handle (not
// inside a transaction, whose handle does not outlive it).
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/driver.ts';
import { installationSettings } from '../db/schema.ts';

const remembered = new WeakMap<object, Map<string, Promise<string>>>();

async function load(db: DbOrTx, key: string, make: () => string): Promise<string> {
  await db
    .insert(installationSettings)
    .values({ key, value: make() })
    .onConflictDoNothing({ target: installationSettings.key });
  const [row] = await db
    .select({ value: installationSettings.value })
    .from(installationSettings)
    .where(eq(installationSettings.key, key));
  if (!row) throw new Error(`The installation setting ${key} could not be stored.`);
  return row.value;
}

/** The installation's value of `key`, made with `make` the first time it is asked for. */
export function installationValue(db: DbOrTx, key: string, make: () => string): Promise<string> {
  if ('rollback' in db) return load(db, key, make);
  let values = remembered.get(db);
  if (!values) {
    values = new Map();
    remembered.set(db, values);
  }
  let value = values.get(key);
  if (!value) {
    value = load(db, key, make);
    values.set(key, value);
    const kept = values;
    value.catch(() => kept.delete(key));
  }
  return value;
}
