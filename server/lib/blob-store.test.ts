import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobNotFoundError, FileBlobStore } from './blob-store.ts';

describe('FileBlobStore', () => {
  let dir: string;
  let store: FileBlobStore;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blob-store-'));
    store = new FileBlobStore(path.join(dir, 'blobs'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const temp = (content: string) => {
    const file = path.join(dir, `${crypto.randomUUID()}.tmp`);
    fs.writeFileSync(file, content);
    return file;
  };
  const sha = (content: string) => crypto.createHash('sha256').update(content).digest('hex');

  it('moves a file in under its SHA-256, sharded by the first bytes, and keeps the same bytes once', async () => {
    const first = temp('hello blob');
    const stored = await store.put(first);
    expect(stored).toEqual({ sha256: sha('hello blob'), size: 10 });
    expect(fs.existsSync(first)).toBe(false);
    const where = path.join(
      dir,
      'blobs',
      stored.sha256.slice(0, 2),
      stored.sha256.slice(2, 4),
      stored.sha256,
    );
    expect(fs.readFileSync(where, 'utf8')).toBe('hello blob');
    expect(await store.exists(stored.sha256)).toBe(true);

    const second = temp('hello blob');
    expect(await store.put(second)).toEqual(stored);
    expect(fs.existsSync(second)).toBe(false);
  });

  it('keeps voices private: folders 0700 and files 0600, an older world-readable store made private', async () => {
    const root = path.join(dir, 'old-blobs');
    fs.mkdirSync(root, { mode: 0o755 });
    fs.chmodSync(root, 0o755);
    const older = new FileBlobStore(root);
    const source = temp('a private voice');
    fs.chmodSync(source, 0o644);
    const { sha256 } = await older.put(source, { keepSource: true });
    const mode = (file: string) => fs.statSync(file).mode & 0o777;
    expect(mode(root)).toBe(0o700);
    expect(mode(path.join(root, sha256.slice(0, 2)))).toBe(0o700);
    expect(mode(path.join(root, sha256.slice(0, 2), sha256.slice(2, 4)))).toBe(0o700);
    expect(mode(older.pathOf(sha256))).toBe(0o600);
    // keepSource: the caller still has its file, with the same bytes.
    expect(fs.readFileSync(source, 'utf8')).toBe('a private voice');
    expect(fs.readFileSync(older.pathOf(sha256), 'utf8')).toBe('a private voice');
  });

  it('reads a blob whole or by inclusive range', async () => {
    const { sha256 } = await store.put(temp('0123456789'));
    const whole = await store.open(sha256);
    expect(whole.size).toBe(10);
    expect(await text(whole.stream)).toBe('0123456789');
    const part = await store.open(sha256, { start: 2, end: 5 });
    expect(part.size).toBe(10);
    expect(await text(part.stream)).toBe('2345');
  });

  it('deletes, and reports a missing blob', async () => {
    const { sha256 } = await store.put(temp('short-lived'));
    await store.delete(sha256);
    expect(await store.exists(sha256)).toBe(false);
    await expect(store.open(sha256)).rejects.toBeInstanceOf(BlobNotFoundError);
    await store.delete(sha256);
  });

  it('never turns anything but a lowercase hex SHA-256 into a path', async () => {
    for (const bad of ['../../etc/passwd', 'A'.repeat(64), 'g'.repeat(64), 'abc', '']) {
      expect(() => store.pathOf(bad), bad).toThrow();
      await expect(store.open(bad)).rejects.toThrow();
    }
    expect(await store.exists('../x')).toBe(false);
  });
});
