// What the contributor can do with an entry the server refused, from any screen (Settings → Sync, the
// translation editor, Your Recordings): try it again as it is, or give it up. Both act on the outbox and
// start a replay; giving up a recording deletes it from the phone (outbox.ts).
import { localDb } from '../../offline/local-db.ts';
import { discardEntry, retryEntry } from '../../offline/outbox.ts';
import { syncEngine } from './sync.ts';

export async function retryAndSync(seq: number): Promise<void> {
  await retryEntry(localDb(), seq);
  void syncEngine().trigger();
}

export async function discard(seq: number): Promise<void> {
  await discardEntry(localDb(), seq);
}
