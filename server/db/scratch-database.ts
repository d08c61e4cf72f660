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

const NAME = /^[a-z_][a-z0-9_]{0,40}$/;

/**
 * Creates `<prefix>_<random>` on the server `adminUrl` points at, empty or as a copy of `template` (a database
 * nobody is connected to: PostgreSQL copies its files, in milliseconds where migrating takes seconds). The names
 * are ours, never user input.
 */
export async function createScratchDatabase(
  adminUrl: string,
  prefix = 'lopit_scratch',
  template?: string,
): Promise<ScratchDatabase> {
  if (!NAME.test(prefix)) throw new Error(`Not a database name prefix: ${prefix}`);
  if (template !== undefined && !NAME.test(template)) throw new Error(`Not a template name: ${template}`);
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  try {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await admin.unsafe(`create database ${name}${template ? ` template ${template}` : ''}`);
        break;
      } catch (error) {
        // 55006: another copy of the same template was being made at that instant; wait and copy again.
        if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
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
