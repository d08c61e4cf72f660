// A real S3-compatible server for tests: s3rver (npm, pure JavaScript: nothing beyond npm to install, runs on
// Node 20), on a free port of 127.0.0.1 with its data in a fresh folder. It speaks the S3 REST protocol over HTTP
// (ranges, multipart uploads, listing; it checks the access key, but not SigV4 signatures, which it leaves
// unimplemented), so the server's S3 store is exercised through the AWS SDK exactly as against MinIO or AWS.
// What it lacks: ListParts (so not @tus/s3-store's resumption).
import fs from 'node:fs';
import os from 'node:os';
import type { Server } from 'node:http';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';

/** s3rver's fixed credentials. */
const ACCESS_KEY = 'S3RVER';

export interface TestS3Server {
  /** http://127.0.0.1:port */
  endpoint: string;
  bucket: string;
  /** The environment a server process (or the SDK in this one) uses to reach it, and BLOB_STORE for `prefix`. */
  env(prefix: string): Record<string, string>;
  /** Gives this process the SDK's environment for it (AWS_*), as a server on it has; answers how to undo it. */
  useInThisProcess(): () => void;
  close(): Promise<void>;
}

export async function startS3Server(directory: string, bucket = 'lopit-test'): Promise<TestS3Server> {
  fs.rmSync(directory, { recursive: true, force: true });
  fs.mkdirSync(directory, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.resolve(directory),
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const env = (prefix: string) => ({
    BLOB_STORE: `s3://${bucket}/${prefix}`,
    BLOB_STORE_S3_PATH_STYLE: 'true',
    AWS_ENDPOINT_URL_S3: endpoint,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: ACCESS_KEY,
    AWS_SECRET_ACCESS_KEY: ACCESS_KEY,
  });
  return {
    endpoint,
    bucket,
    env,
    useInThisProcess: () => {
      const saved = Object.entries(env('')).filter(([name]) => name.startsWith('AWS_'));
      const before = saved.map(([name]) => [name, process.env[name]] as const);
      for (const [name, value] of saved) process.env[name] = value;
      return () => {
        for (const [name, value] of before) {
          if (value === undefined) delete process.env[name];
          else process.env[name] = value;
        }
      };
    },
    close: async () => {
      const http = (server as unknown as { httpServer: Server }).httpServer;
      http.closeAllConnections();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * For a test file: an S3 server and a scratch folder from its first test to its last, with this process given
 * the SDK's environment for the server (undone at the end). Read the fields inside tests and hooks.
 */
export function s3ServerForThisFile(scratchName: string): { s3: TestS3Server; scratch: string } {
  const held = {} as { s3: TestS3Server; scratch: string };
  let restoreEnvironment = () => undefined as void;
  beforeAll(async () => {
    held.scratch = fs.mkdtempSync(path.join(os.tmpdir(), `${scratchName}-`));
    held.s3 = await startS3Server(path.join(held.scratch, 's3'));
    restoreEnvironment = held.s3.useInThisProcess();
  });
  afterAll(async () => {
    restoreEnvironment();
    await held.s3?.close();
    fs.rmSync(held.scratch, { recursive: true, force: true });
  });
  return held;
}
