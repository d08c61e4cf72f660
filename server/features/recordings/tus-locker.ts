// tus's Locker over SharedLocks: one request at a time holds an upload, on this server or any other on the same
// PostgreSQL (advisory locks). A request that wants an upload another holds asks it to let go (tus then ends
// the holder's request, which a phone whose connection broke has left behind), and gives up after 30 s as
// tus's own MemoryLocker does.
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import { tusError } from './tus-partial-stores.ts';
import { LOCK_NAMESPACES, type SharedLocks } from '../../lib/shared-locks.ts';

const ACQUIRE_TIMEOUT_MS = 30_000;

export class SharedTusLocker implements Locker {
  constructor(private readonly locks: SharedLocks) {}

  newLock(id: string): Lock {
    let release: (() => Promise<void>) | null = null;
    return {
      lock: async (signal: AbortSignal, requestRelease: RequestRelease) => {
        try {
          release = await this.locks.acquire(LOCK_NAMESPACES.tusUpload, id, {
            signal,
            timeoutMs: ACQUIRE_TIMEOUT_MS,
            onReleaseRequested: () => void requestRelease(),
          });
        } catch (error) {
          if (signal.aborted || (error as Error).name === 'AbortedError')
            throw tusError(ERRORS.ERR_LOCK_TIMEOUT);
          throw error;
        }
      },
      unlock: async () => {
        const held = release;
        release = null;
        await held?.();
      },
    };
  }
}
