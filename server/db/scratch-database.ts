// A throwaway PostgreSQL database beside a given one, for tests and benchmarks: created empty, dropped after.
import crypto from 'node:crypto';
import postgres from 'postgres';

export interface ScratchDatabase {
  /** Connection address of the new database. */
  url: string;
  name: string;
  /** Drops the database (closing whatever is still connected to it). */
  drop: () => Promise<void>;
}

/** Creates `<prefix>_<random>` on the server `adminUrl` points at. The name is ours, never user input. */
export async function createScratchDatabase(
  adminUrl: string,
  prefix = 'lopit_scratch',
): Promise<ScratchDatabase> {
  if (!/^[a-z_][a-z0-9_]{0,40}$/.test(prefix)) throw new Error(`Not a database name prefix: ${prefix}`);
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  try {
    await admin.unsafe(`create database ${name}`);
  } catch (error) {
    await admin.end();
    throw error;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      try {
        await admin.unsafe(`drop database if exists ${name} with (force)`);
      } finally {
        await admin.end();
      }
    },
  };
}
