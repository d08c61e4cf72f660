import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { removeOldFiles, TEMP_FILE_MAX_AGE_MS, uploadTempDir } from '../lib/temp-files.ts';
import tempFilesPlugin from './temp-files.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A DATA_DIR with an upload folder holding `files`, each `ageMs` old. */
function dataDirWith(files: Record<string, number>): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lopit-temp-files-'));
  dirs.push(dataDir);
  const tmp = uploadTempDir({ DATA_DIR: dataDir });
  fs.mkdirSync(tmp, { recursive: true });
  for (const [name, ageMs] of Object.entries(files)) age(path.join(tmp, name), ageMs);
  return dataDir;
}

function age(file: string, ageMs: number) {
  fs.writeFileSync(file, 'partial upload');
  const when = new Date(Date.now() - ageMs);
  fs.utimesSync(file, when, when);
}

const DAY = TEMP_FILE_MAX_AGE_MS;

describe('temporary upload files', () => {
  it('removes only files older than the limit, and leaves folders alone', async () => {
    const dataDir = dataDirWith({ 'old.evidence': DAY + 60_000, 'young.upload': DAY - 60_000 });
    const tmp = uploadTempDir({ DATA_DIR: dataDir });
    fs.mkdirSync(path.join(tmp, 'a-folder'));
    expect(await removeOldFiles(tmp, DAY)).toBe(1);
    expect(fs.readdirSync(tmp).sort()).toEqual(['a-folder', 'young.upload']);
    expect(await removeOldFiles(path.join(tmp, 'missing'), DAY)).toBe(0);
  });

  it('sweeps at start and then periodically while the server runs', async () => {
    const dataDir = dataDirWith({ 'left-by-a-crash.upload': DAY * 3, 'in-flight.evidence': 1_000 });
    const tmp = uploadTempDir({ DATA_DIR: dataDir });
    const app = Fastify();
    await app.register(tempFilesPlugin, {
      config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
      sweepEveryMs: 50,
    });
    await app.ready();
    expect(fs.readdirSync(tmp)).toEqual(['in-flight.evidence']);
    // A file that grows old while the server runs goes at the next sweep.
    age(path.join(tmp, 'in-flight.evidence'), DAY * 2);
    for (let i = 0; i < 100 && fs.readdirSync(tmp).length > 0; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fs.readdirSync(tmp)).toEqual([]);
    await app.close();
  });
});
