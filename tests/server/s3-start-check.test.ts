// The start-up check of an S3-compatible store (BLOB_STORE=s3://..., against s3rver): a store that works is
// written, read back and left as it was; a missing bucket, an address nothing answers at and an access key the
// store does not know each stop the start with a message saying what to check; and the real server process exits with
// that message instead of listening.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkObjectStore, objectStoreOf, StorageUnavailableError } from '../../server/lib/blob-store.ts';
import { freePort } from '../../scripts/lib/server-process.ts';
import { startS3Server, type TestS3Server } from '../s3-server.ts';

describe('the check of an S3-compatible store at start', () => {
  let s3: TestS3Server;
  let restoreEnvironment: () => void;
  beforeAll(async () => {
    s3 = await startS3Server(
      path.resolve('.tmp', 'api-tests', `s3-check-${crypto.randomBytes(6).toString('hex')}`),
    );
    restoreEnvironment = s3.useInThisProcess();
  });
  afterAll(async () => {
    restoreEnvironment();
    await s3.close();
  });

  /** A store config of its own (each BLOB_STORE gets its own SDK client, made with the environment of then). */
  const configOf = (bucket: string) => ({
    DATA_DIR: '.tmp/unused',
    BLOB_STORE: `s3://${bucket}/check-${crypto.randomBytes(4).toString('hex')}`,
    BLOB_STORE_S3_PATH_STYLE: true,
  });
  const failure = async (config: ReturnType<typeof configOf>) => {
    const error = await checkObjectStore(config).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(StorageUnavailableError);
    return (error as Error).message;
  };
  /** Runs `fn` with these AWS_* variables, then puts the earlier ones back. */
  const withEnvironment = async <T>(env: Record<string, string>, fn: () => Promise<T>): Promise<T> => {
    const before = Object.keys(env).map((name) => [name, process.env[name]] as const);
    Object.assign(process.env, env);
    try {
      return await fn();
    } finally {
      for (const [name, value] of before) process.env[name] = value;
    }
  };

  it('passes on a store it can write, and leaves nothing there', async () => {
    const config = configOf(s3.bucket);
    await checkObjectStore(config);
    const left: string[] = [];
    for await (const info of objectStoreOf(config).list('')) left.push(info.key);
    expect(left).toEqual([]);
  });

  it('stops the start when the bucket does not exist', async () => {
    const message = await failure(configOf('no-such-bucket'));
    expect(message).toContain('BLOB_STORE=s3://no-such-bucket/');
    expect(message).toContain('does not exist');
    expect(message).toContain(s3.endpoint);
  });

  it('stops the start when nothing answers at the address', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const message = await withEnvironment({ AWS_ENDPOINT_URL_S3: closed }, () =>
      failure(configOf(s3.bucket)),
    );
    expect(message).toContain(`at ${closed} cannot be reached (ECONNREFUSED)`);
  });

  it('stops the start when the store refuses the credentials (an access key it does not know)', async () => {
    const message = await withEnvironment({ AWS_ACCESS_KEY_ID: 'NOT-A-KEY-OF-THIS-STORE' }, () =>
      failure(configOf(s3.bucket)),
    );
    expect(message).toMatch(/refused to let these credentials write there \(\w+\)/);
  });

  it('makes the server process exit with the message instead of listening', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        ...s3.env('process'),
        BLOB_STORE: 's3://no-such-bucket/process',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.resolve(
          '.tmp',
          'api-tests',
          `s3-check-process-${crypto.randomBytes(4).toString('hex')}`,
        ),
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('The server cannot use BLOB_STORE=s3://no-such-bucket/process');
    expect(output).toContain('does not exist');
    // Only the message: no stack trace for a setting to fix.
    expect(output).not.toMatch(/\n\s+at /);
  });
});
