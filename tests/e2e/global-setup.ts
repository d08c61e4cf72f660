// Made once per end-to-end run: the database a fresh server makes on its first start (initdb, every migration,
// the seeded prompts), kept as a PGlite folder that every server of its own then starts as a copy of (with a
// sync epoch of its own) in a second or two instead of ten or more on a loaded machine.
import fs from 'node:fs';
import path from 'node:path';
import { freePort, serverProcess } from '../../scripts/lib/server-process.ts';
import { PGLITE_TEMPLATE_ENV } from './server-process.ts';

export default async function globalSetup() {
  const root = path.resolve('.tmp', 'e2e-own', `template-${process.pid}`);
  fs.rmSync(root, { recursive: true, force: true });
  const server = serverProcess({ port: await freePort(), dataDir: path.join(root, 'data') });
  // Stopped gracefully: PGlite closes the folder whole before it is copied.
  await server.start();
  await server.stop();
  // The test workers are started after this and inherit the environment.
  process.env[PGLITE_TEMPLATE_ENV] = path.join(server.dataDir, 'db');
  return () => fs.rmSync(root, { recursive: true, force: true });
}
