// The check of an S3-compatible store at start (BLOB_STORE=s3://...): a server that cannot write recordings must
// not start and accept them. It writes a small object under start-check/, reads it back and deletes it; when any
// step fails it throws StorageUnavailableError, whose message says what failed and what to check.
import crypto from 'node:crypto';
import type { ObjectStore } from './objects.ts';

/** Longer than the SDK's own retries of a refused connection; an address that never answers fails here. */
export const START_CHECK_TIMEOUT_MS = 30_000;

export class StorageUnavailableError extends Error {
  override name = 'StorageUnavailableError';
}

interface SdkFailure {
  name?: string;
  code?: string;
  message?: string;
  Code?: string;
  $metadata?: { httpStatusCode?: number };
  cause?: unknown;
  errors?: unknown[];
}

/** The network error code (ECONNREFUSED, ENOTFOUND...) of a failure or of what caused it, if any. */
function networkCode(error: unknown, depth = 0): string | null {
  if (!error || typeof error !== 'object' || depth > 4) return null;
  const failure = error as SdkFailure;
  if (typeof failure.code === 'string' && /^E[A-Z_]+$/.test(failure.code)) return failure.code;
  for (const inner of [failure.cause, ...(failure.errors ?? [])]) {
    const code = networkCode(inner, depth + 1);
    if (code) return code;
  }
  return null;
}

/** What went wrong, in a sentence a person setting up the server can act on. */
export function describeStoreFailure(error: unknown, location: string, endpoint: string | undefined): string {
  const failure = (error ?? {}) as SdkFailure;
  const where = endpoint
    ? `at ${endpoint}`
    : "at the SDK's default endpoint (AWS S3; no AWS_ENDPOINT_URL_S3)";
  const network = networkCode(error);
  const name = failure.Code ?? failure.name ?? 'Error';
  const status = failure.$metadata?.httpStatusCode;
  let reason: string;
  if (network) reason = `the store ${where} cannot be reached (${network})`;
  else if (name === 'NoSuchBucket') reason = `the bucket of ${location} does not exist on the store ${where}`;
  else if (
    ['AccessDenied', 'InvalidAccessKeyId', 'SignatureDoesNotMatch', 'Forbidden'].includes(name) ||
    status === 403
  )
    reason = `the store ${where} refused to let these credentials write there (${name})`;
  else
    reason = `the store ${where} answered ${name}${status ? ` (HTTP ${status})` : ''}: ${failure.message ?? ''}`;
  return (
    `The server cannot use BLOB_STORE=${location}: ${reason}. Recordings are kept there, so the server does not ` +
    `start. Check that the bucket exists, AWS_ENDPOINT_URL_S3 and AWS_REGION, the credentials ` +
    `(AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or a profile or role) and, for a self-hosted store, ` +
    `BLOB_STORE_S3_PATH_STYLE=true.`
  );
}

/** Writes, reads back and deletes a small object; throws StorageUnavailableError when the store cannot. */
export async function checkStoreWritable(
  store: ObjectStore,
  location: string,
  endpoint: string | undefined,
  timeoutMs = START_CHECK_TIMEOUT_MS,
): Promise<void> {
  const key = `start-check/${crypto.randomUUID()}`;
  const bytes = Buffer.from(
    `Written and removed by a Lopit server starting at ${new Date().toISOString()}.\n`,
  );
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error(`no answer within ${timeoutMs / 1000} s`), { code: 'ETIMEDOUT' })),
      timeoutMs,
    );
  });
  try {
    await Promise.race([
      (async () => {
        await store.putBytes(key, bytes);
        const back = await store.read(key);
        if (!back?.equals(bytes))
          throw new Error('an object written there read back different (or was not found)');
        await store.delete(key);
      })(),
      timeout,
    ]);
  } catch (error) {
    throw new StorageUnavailableError(describeStoreFailure(error, location, endpoint), { cause: error });
  } finally {
    clearTimeout(timer);
  }
}
