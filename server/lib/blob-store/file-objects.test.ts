// The local folder store keeps a recording through a power cut: the bytes are flushed before the rename publishes
// them, and the folder after it (so the new name is on the disk too), whichever way the object arrives.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FileObjectStore } from './file-objects.ts';

let root: string;
/** What was flushed, in order: "file <name>" or "folder <path below root>". */
let flushed: string[];

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'lopit-file-objects-'));
  flushed = [];
  const open = fsp.open.bind(fsp);
  vi.spyOn(fsp, 'open').mockImplementation(async (...args: Parameters<typeof fsp.open>) => {
    const handle = await open(...args);
    const target = String(args[0]);
    const sync = handle.sync.bind(handle);
    handle.sync = async () => {
      await sync();
      const isFolder = fs.statSync(target).isDirectory();
      flushed.push(isFolder ? `folder ${path.relative(root, target)}` : `file ${path.basename(target)}`);
    };
    return handle;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('FileObjectStore durability', () => {
  it('flushes a moved file, then its new folder', async () => {
    const store = new FileObjectStore(path.join(root, 'store'));
    const source = path.join(root, 'upload.bin');
    fs.writeFileSync(source, 'zorbel');
    await store.putFile('recordings/a.webm', source);
    expect(flushed).toEqual(['file upload.bin', 'folder store/recordings']);
    expect(fs.readFileSync(store.pathOf('recordings/a.webm'), 'utf8')).toBe('zorbel');
  });

  it('flushes a kept source, then the folder its link was renamed into', async () => {
    const store = new FileObjectStore(path.join(root, 'store'));
    const source = path.join(root, 'kept.bin');
    fs.writeFileSync(source, 'quandy');
    await store.putFile('models/m.bin', source, { keepSource: true });
    expect(flushed).toEqual(['file kept.bin', 'folder store/models']);
    expect(fs.existsSync(source)).toBe(true);
  });

  it('flushes written bytes, then their folder', async () => {
    const store = new FileObjectStore(path.join(root, 'store'));
    await store.putBytes('evidence/e.opus', Buffer.from('mipple'));
    expect(flushed).toHaveLength(2);
    expect(flushed[0]).toMatch(/^file \.e\.opus\.[0-9a-f]+\.tmp$/);
    expect(flushed[1]).toBe('folder store/evidence');
  });
});
