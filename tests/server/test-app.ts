// Builds the app on a fresh real database for API tests: in-memory PGlite always, a scratch PostgreSQL
// database too when TEST_DATABASE_URL is set (created per test file, dropped afterwards).
import crypto from 'node:crypto';
import fs from 'node:fs';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { buildApp } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { createScratchDatabase, type ScratchDatabase } from '../../server/db/scratch-database.ts';
import { openDatabase, type Database } from '../../server/db/driver.ts';
import { renewSyncEpoch } from '../../server/features/translation/sync-cursor.ts';
import { speakerLabeller } from '../../server/lib/speaker-pseudonyms.ts';
// Its repository's type joins app.repositories (a module augmentation the app's declarations do not carry).
import type {} from '../../server/features/recordings/inspection-queue.ts';
import { checkAnswersAgainstContract } from './live-contract.ts';
import { TEST_ADMISSION_WAIT, TEST_PASSWORD_HASHING } from '../../scripts/lib/server-process.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export const DATABASE_KINDS: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** The scratch PostgreSQL database (for a second process sharing it); null on PGlite. */
  databaseUrl: string | null;
  close(): Promise<void>;
}

function scratchPostgres(): Promise<ScratchDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  return createScratchDatabase(adminUrl, 'lopit_test', inject('postgresTemplate') ?? undefined);
}

let pgliteTemplate: Blob | undefined;
/** The migrated PGlite data folder the API tier's global setup made (read once per test file). */
function pgliteTemplateBlob(): Blob {
  pgliteTemplate ??= new Blob([fs.readFileSync(inject('pgliteTemplate'))]);
  return pgliteTemplate;
}

/**
 * Opens a copy of the run's migrated template, and gives it what a fresh installation's migrations would have
 * given it alone: its own sync epoch (0009), so two copies are two installations to a phone's cursor.
 */
async function openTestDatabase(scratch: ScratchDatabase | null): Promise<Database> {
  const database = await openDatabase(
    scratch ? { databaseUrl: scratch.url } : { pgliteTemplate: pgliteTemplateBlob() },
  );
  await renewSyncEpoch(database.db);
  return database;
}

export async function createTestApp(kind: DatabaseKind, env: Record<string, string> = {}): Promise<TestApp> {
  const scratch = kind === 'postgres' ? await scratchPostgres() : null;
  const config = loadConfig({
    DATA_DIR: '.tmp/api-tests',
    STATIC_DIR: '.tmp/no-build',
    LOG_LEVEL: 'silent',
    ...TEST_ADMISSION_WAIT,
    ...TEST_PASSWORD_HASHING,
    ...env,
  });
  const database = await openTestDatabase(scratch);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  // Every answer a test receives is held to the published contract (the test fails on a mismatch).
  checkAnswersAgainstContract(app);
  return {
    app,
    database,
    config,
    databaseUrl: scratch?.url ?? null,
    close: async () => {
      await app.close();
      await database.close();
      await scratch?.drop();
    },
  };
}

/**
 * Resolves once no recording waits in the inspection queue (issue 33): the uploads a test made were answered
 * before their audio was inspected, and the app's own worker writes each verdict a moment later.
 */
export async function inspectionsDone(app: FastifyInstance, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await app.repositories.inspections.waiting()).length > 0) {
    if (Date.now() > deadline) throw new Error('the uploads were not inspected in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let counter = 0;
/** Signs up a new account and returns its token and user. The first account of an installation is admin. */
export async function signUp(
  app: FastifyInstance,
  overrides: Partial<{ name: string; email: string; password: string }> = {},
) {
  counter += 1;
  const body = {
    name: `Tester ${counter}`,
    email: `tester${counter}-${crypto.randomUUID().slice(0, 8)}@example.org`,
    password: 'correct horse battery',
    ...overrides,
  };
  const response = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: body });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.statusCode} ${response.body}`);
  const { token, user } = response.json<{
    token: string;
    user: { id: string; email: string; role: string };
  }>();
  return { token, user, password: body.password, auth: { authorization: `Bearer ${token}` } };
}

/** A user's pseudonymous speaker label on this test database (server/lib/speaker-pseudonyms.ts). */
export async function speakerLabelOf(database: Database, userId: string): Promise<string> {
  return (await speakerLabeller(database.db))(userId);
}

/** Grants consent of this type (translation, recording or full) through the API, as the contributor would. */
export async function grantConsent(
  app: FastifyInstance,
  auth: Record<string, string>,
  type: 'recording' | 'translation' | 'full',
): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/consent/submit',
    headers: auth,
    payload: { consent_type: type },
  });
  if (response.statusCode !== 200) throw new Error(`consent failed: ${response.body}`);
}

/**
 * An answer read through its contract: the body parsed with the core/api schema the server and the client use,
 * so a test fails when the server's answer leaves the contract (a missing or mistyped field).
 */
export function answer<S extends z.ZodType>(
  response: { statusCode: number; json(): unknown },
  schema: S,
): z.output<S> {
  const parsed = schema.safeParse(response.json());
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`,
    );
    throw new Error(`answer ${response.statusCode} does not match its schema: ${problems.join('; ')}`);
  }
  return parsed.data;
}
