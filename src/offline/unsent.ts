// What a contributor has made on this device that the server has not confirmed yet: the outbox (every kind,
// recordings included).
import { localDb } from './local-db.ts';

export function countUnsent(userId: string): Promise<number> {
  return localDb().outbox.where('userId').equals(userId).count();
}
