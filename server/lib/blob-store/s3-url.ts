// BLOB_STORE=s3://bucket/prefix read and checked (kept apart from the SDK, which only an S3 store loads).

export interface S3Location {
  bucket: string;
  /** Key prefix without its trailing slash; '' for the whole bucket. */
  prefix: string;
}

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

/** Reads `s3://bucket/prefix` (the prefix optional); throws with the reason when it is not one. */
export function parseS3Url(value: string): S3Location {
  const match = /^s3:\/\/([^/]*)\/?(.*)$/.exec(value);
  if (!match) throw new Error('an S3 store is written s3://bucket/prefix');
  const [, bucket = '', rawPrefix = ''] = match;
  if (!BUCKET.test(bucket))
    throw new Error(
      `${JSON.stringify(bucket)} is not a bucket name (3-63 lowercase letters, digits, dots, dashes)`,
    );
  const prefix = rawPrefix.replace(/\/+$/, '');
  if (prefix !== '' && (prefix.length > 200 || !PREFIX.test(prefix) || prefix.split('/').includes('..')))
    throw new Error('the prefix is letters, digits, dots, dashes and underscores in segments separated by /');
  return { bucket, prefix };
}
