// The temporary upload folder every receiver writes in, and removing what is left there past an age.
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';

/** A temporary file this old belongs to no request still running (the slowest upload is cut long before). */
export const TEMP_FILE_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** How often the folder is swept while the server runs: 1 hour. */
export const TEMP_SWEEP_EVERY_MS = 60 * 60 * 1000;

/** The folder every upload receiver writes its temporary files in. */
export function uploadTempDir(config: Pick<Config, 'DATA_DIR'>): string {
  return path.join(config.DATA_DIR, 'uploads', 'tmp');
}

/** Removes the files directly in `directory` last changed more than `maxAgeMs` before `now`; returns how many. */
export async function removeOldFiles(directory: string, maxAgeMs: number, now = Date.now()): Promise<number> {
  const entries = await fsp.readdir(directory, { withFileTypes: true }).catch(() => []);
  let removed = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(directory, entry.name);
    const stat = await fsp.stat(file).catch(() => null);
    if (stat && now - stat.mtimeMs > maxAgeMs) {
      await fsp.rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}
