// What a contributor has made on this device that the server has not confirmed yet.
import { localDb } from './local-db.ts';

export async function countUnsent(userId: string): Promise<number> {
  const db = localDb();
  const [entries, recordings] = await Promise.all([
    db.outbox.where('userId').equals(userId).count(),
    db.recordings
      .where('userId')
      .equals(userId)
      .filter((recording) => recording.state !== 'draft')
      .count(),
  ]);
  return entries + recordings;
}
