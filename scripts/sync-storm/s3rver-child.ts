// The sync storm's S3-compatible store as a process of its own: s3rver (the npm package the tests use,
// tests/s3-server.ts) serving one bucket from a folder, so its CPU is measured apart from the phones' and the
// servers'. Prints one JSON line ({"port": N}) once it listens; SIGTERM closes it.
// Usage: node --import tsx scripts/sync-storm/s3rver-child.ts <folder> <bucket> <port, 0 for any>
import fs from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import S3rver from 's3rver';

const [directory, bucket, portText] = process.argv.slice(2);
if (!directory || !bucket || !/^\d+$/.test(portText ?? '')) {
  console.error('Usage: s3rver-child.ts <folder> <bucket> <port>');
  process.exit(2);
}
fs.mkdirSync(directory, { recursive: true });
const server = new S3rver({
  address: '127.0.0.1',
  port: Number(portText),
  silent: true,
  directory: path.resolve(directory),
  configureBuckets: [{ name: bucket, configs: [] }],
});
const { port } = await server.run();
console.log(JSON.stringify({ port }));

process.once('SIGTERM', () => {
  const http = (server as unknown as { httpServer: Server }).httpServer;
  http.closeAllConnections();
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
