// The speech cache (on a local folder store): keyed by hash only, answers what was stored, and stays under its size bound by
// removing the least recently used entries.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FileObjectStore } from '../../lib/blob-store/file-objects.ts';
import { SpeechCache } from './speech-cache.ts';

const key = (name: string) => crypto.createHash('sha256').update(name).digest('hex');
const dirs: string[] = [];
const makeCache = (maxBytes: number) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'speech-cache-'));
  dirs.push(dir);
  return new SpeechCache(new FileObjectStore(dir), maxBytes);
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('speech cache', () => {
  it('answers the stored bytes, and null for an unknown key', async () => {
    const cache = makeCache(1_000_000);
    await cache.put(key('a'), Buffer.from('RIFF-a'));
    expect((await cache.get(key('a')))?.toString()).toBe('RIFF-a');
    expect(await cache.get(key('b'))).toBeNull();
  });

  it('refuses anything but a hex SHA-256 as a key', async () => {
    const cache = makeCache(1_000);
    await expect(cache.get('../../etc/passwd')).rejects.toThrow(/SHA-256/);
    await expect(cache.put('A'.repeat(64), Buffer.from('x'))).rejects.toThrow(/SHA-256/);
  });

  it('evicts the least recently used entries past its bound', async () => {
    const cache = makeCache(2_500);
    const bytes = Buffer.alloc(1_000, 1);
    await cache.put(key('first'), bytes);
    await cache.put(key('second'), bytes);
    // Reading "first" makes "second" the least recently used (mtime has whole-second resolution on some disks).
    const past = new Date(Date.now() - 60_000);
    const fileOf = (name: string) => cache.store.localPath(cache.entryOf(key(name)))!;
    fs.utimesSync(fileOf('first'), past, past);
    fs.utimesSync(fileOf('second'), new Date(past.getTime() - 1_000), new Date(past.getTime() - 1_000));
    await cache.get(key('first'));
    await cache.put(key('third'), bytes);
    expect(await cache.get(key('second'))).toBeNull();
    expect(await cache.get(key('first'))).not.toBeNull();
    expect(await cache.get(key('third'))).not.toBeNull();
    expect(await cache.size()).toBeLessThanOrEqual(2_500);
  });
});
