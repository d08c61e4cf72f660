import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { readZip } from '../../../tests/server/zip-reader.ts';
import { ZipArchive } from './zip-archive.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'zip-archive-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

async function bytesOf(archive: ZipArchive): Promise<{ data: Buffer; size: number }> {
  const { stream, size } = await archive.finish();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { data: Buffer.concat(chunks), size };
}

function unzipTest(data: Buffer): void {
  if (spawnSync('unzip', ['-v']).status !== 0) return;
  const file = path.join(root, `check-${Math.random().toString(16).slice(2)}.zip`);
  fs.writeFileSync(file, data);
  const result = spawnSync('unzip', ['-tq', file], { encoding: 'utf8' });
  expect(result.status, result.stdout + result.stderr).toBe(0);
}

describe('zip archive', () => {
  it('announces the exact size of a small archive of buffers, streams and spooled text', async () => {
    const archive = new ZipArchive(new Date('2026-03-02T10:00:00Z'), root);
    archive.addBuffer('set/manifest.json', Buffer.from('{"a":1}\n'));
    archive.addStream('set/clips/one.wav', 5, () => Promise.resolve(Readable.from([Buffer.from('RIFF!')])));
    const spool = await archive.spool();
    await spool.write('zorbel\tkwintafa\n');
    await spool.write('ŋa\tɲe\n');
    await archive.addSpool('set/list.tsv', spool);
    const { data, size } = await bytesOf(archive);
    expect(data.length).toBe(size);
    const entries = readZip(data);
    expect(entries.get('set/list.tsv')?.data.toString('utf8')).toBe('zorbel\tkwintafa\nŋa\tɲe\n');
    expect(entries.get('set/clips/one.wav')?.data.toString()).toBe('RIFF!');
    unzipTest(data);
    await archive.dispose();
    expect(fs.existsSync(spool.path)).toBe(false);
  });

  it('keeps the announced size right once the central directory passes 64 KiB', async () => {
    const archive = new ZipArchive(new Date(), root);
    for (let i = 0; i < 1500; i++)
      archive.addBuffer(`set/clips/recording-${i}.wav`, Buffer.from(`clip ${i}`));
    const { data, size } = await bytesOf(archive);
    expect(data.length).toBe(size);
    const entries = readZip(data);
    expect(entries.size).toBe(1500);
    expect(entries.get('set/clips/recording-1499.wav')?.data.toString()).toBe('clip 1499');
    unzipTest(data);
  });

  it('ends the archive with the error of an entry that fails', async () => {
    const archive = new ZipArchive(new Date(), root);
    archive.addStream('set/broken.wav', 10, () => Promise.reject(new Error('blob gone')));
    const { stream } = await archive.finish();
    await expect(async () => {
      for await (const chunk of stream) void chunk;
    }).rejects.toThrow('blob gone');
    expect(archive.error?.message).toBe('blob gone');
  });
});
