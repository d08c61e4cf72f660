// The places a phone's copy of the pairs or of the translation memory has reached: the installation's sync epoch
// and how far this database has counted, so a cursor of another database, or one it has not reached yet, starts
// the phone again from the beginning.
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/driver.ts';
import { rowsOf } from '../../db/migrate.ts';
import { installationSettings } from '../../db/schema.ts';
import { installationValue } from '../../lib/installation-settings.ts';

/** The settings key of the epoch that cursors name (made by migration 0009). */
const SYNC_EPOCH_KEY = 'sync_epoch';

export const cursorOf = (epoch: string, seq: number) => `${epoch}:${seq}`;

/** The installation's sync epoch (migration 0009 makes it; made here too should a restore have lost it). */
export function syncEpoch(db: DbOrTx): Promise<string> {
  return installationValue(db, SYNC_EPOCH_KEY, () => crypto.randomUUID());
}

/**
 * Gives a database copied from a migrated template (tests start from one instead of running every migration) what
 * a fresh installation's migrations would have given it alone: an epoch of its own, so two copies are two
 * installations to a phone's cursor. Run before anything reads the epoch.
 */
export async function renewSyncEpoch(db: DbOrTx): Promise<void> {
  await db
    .update(installationSettings)
    .set({ value: sql`gen_random_uuid()::text` })
    .where(eq(installationSettings.key, SYNC_EPOCH_KEY));
}

/** The last numbers this database has handed out: pair change numbers, consent event ids and pair ids. */
export interface Counted {
  changeSeq: number;
  consentEvent: number;
  pairId: number;
}

/**
 * Read from the sequences rather than from the rows, so a deleted row never makes a number already handed out
 * look unreached. A database restored from a backup counts from where the backup was taken, under the same
 * epoch: a cursor beyond these numbers was given out after that, and what it saw is gone.
 */
export async function counted(db: DbOrTx): Promise<Counted> {
  const last = (sequence: string) =>
    sql.raw(`(select case when is_called then last_value else last_value - 1 end from ${sequence})`);
  const [row] = rowsOf<{ change_seq: string; consent_event: string; pair_id: string }>(
    await db.execute(
      sql`select ${last('translation_pairs_change_seq')} as change_seq,
        ${last('consent_events_id_seq')} as consent_event, ${last('translation_pairs_id_seq')} as pair_id`,
    ),
  );
  if (!row) throw new Error('The sequences of translation pairs could not be read.');
  return {
    changeSeq: Number(row.change_seq),
    consentEvent: Number(row.consent_event),
    pairId: Number(row.pair_id),
  };
}
