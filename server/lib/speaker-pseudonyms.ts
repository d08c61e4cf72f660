// Pseudonymous speaker ids: an HMAC-SHA256 of the account id with a secret made once per installation (kept in
// installation_settings), so nothing another user can see (account ids appear in revisions, admin lists and
// API answers) leads to a voice. Exports use the whole hex id; screens, speech headers and training runs the
// short label `S-` + its first 8 digits. The one place both are made.
import crypto from 'node:crypto';
import type { DbOrTx } from '../db/driver.ts';
import { installationValue } from './installation-settings.ts';

/** The settings key of the secret (named when exports were its only user; kept so their ids stay stable). */
const SALT_KEY = 'export_speaker_salt';

/** The installation's secret, made on first use (server/lib/installation-settings.ts). */
export function speakerSalt(db: DbOrTx): Promise<string> {
  return installationValue(db, SALT_KEY, () => crypto.randomBytes(32).toString('hex'));
}

/** A speaker id that stays the same across this installation's exports and reveals nothing of the account. */
export function pseudonymousSpeakerId(salt: string, userId: string): string {
  return crypto.createHmac('sha256', salt).update(userId).digest('hex');
}

/** The short label screens and headers show: `S-` and the first 8 hex digits of the pseudonymous id. */
export function speakerLabel(salt: string, userId: string): string {
  return `S-${pseudonymousSpeakerId(salt, userId).slice(0, 8)}`;
}

/** A function from account id to label, for mapping many rows. */
export async function speakerLabeller(db: DbOrTx): Promise<(userId: string) => string> {
  const salt = await speakerSalt(db);
  return (userId) => speakerLabel(salt, userId);
}
