// What travels: built files go precompressed (brotli or gzip as offered), API answers are compressed above a
// small size, caches are told answers vary by Accept-Encoding, and a client offering nothing gets plain bytes.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFolder } from '../../build/precompress-plugin.ts';
import { COMPRESS_THRESHOLD_BYTES } from '../../server/plugins/compression.ts';
import { createTestApp, signUp, type TestApp } from './test-app.ts';

const decode: Record<string, (bytes: Buffer) => Buffer> = {
  br: (bytes) => zlib.brotliDecompressSync(bytes),
  gzip: (bytes) => zlib.gunzipSync(bytes),
};

describe('compression', () => {
  let t: TestApp;
  const staticDir = path.resolve('.tmp', `compression-${crypto.randomBytes(4).toString('hex')}`);
  // Text that compresses, made of a made-up language's words.
  const page = `<!doctype html><html><body>${'<p>zorp blixa vunda</p>'.repeat(200)}</body></html>`;
  const script = `console.log(${JSON.stringify('blixa zorp '.repeat(500))});`;
  const tiny = 'body{margin:0}';

  beforeAll(async () => {
    fs.mkdirSync(path.join(staticDir, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(staticDir, 'index.html'), page);
    fs.writeFileSync(path.join(staticDir, 'assets', 'app-abc123.js'), script);
    fs.writeFileSync(path.join(staticDir, 'assets', 'tiny-abc123.css'), tiny);
    fs.writeFileSync(path.join(staticDir, 'icon.png'), crypto.randomBytes(4096));
    expect(precompressFolder(staticDir)).toBe(2);
    t = await createTestApp('pglite', { STATIC_DIR: staticDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { ...(encoding === undefined ? {} : { 'accept-encoding': encoding }), ...headers },
    });

  it('writes brotli and gzip copies only of text files worth compressing', () => {
    expect(fs.existsSync(path.join(staticDir, 'index.html.br'))).toBe(true);
    expect(fs.existsSync(path.join(staticDir, 'assets', 'app-abc123.js.gz'))).toBe(true);
    expect(fs.existsSync(path.join(staticDir, 'assets', 'tiny-abc123.css.br'))).toBe(false);
    expect(fs.existsSync(path.join(staticDir, 'icon.png.br'))).toBe(false);
  });

  it.each([
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br;q=0', 'gzip'],
  ])('serves built files precompressed when offered %s', async (offered, expected) => {
    for (const [url, original] of [
      ['/assets/app-abc123.js', script],
      ['/', page],
      ['/some/client/route', page],
    ] as const) {
      const response = await get(url, offered);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe(expected);
      expect(response.headers.vary, url).toMatch(/accept-encoding/i);
      expect(response.rawPayload.length, url).toBeLessThan(Buffer.byteLength(original) / 3);
      expect(decode[expected]!(response.rawPayload).toString(), url).toBe(original);
    }
    const js = await get('/assets/app-abc123.js', offered);
    // The copy written at build time, not one made per request.
    const copy = path.join(staticDir, 'assets', `app-abc123.js.${expected === 'br' ? 'br' : 'gz'}`);
    expect(js.rawPayload.equals(fs.readFileSync(copy))).toBe(true);
    expect(js.headers['content-type']).toMatch(/^application\/javascript/);
    expect(js.headers['cache-control']).toContain('immutable');
  });

  it('serves plain bytes when nothing is offered, small files intact, and binary files as they are', async () => {
    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    const identity = await get('/', 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(page);
    // A file too small for a copy may be compressed as it goes; either way it arrives intact.
    const small = await get('/assets/tiny-abc123.css', 'br, gzip');
    const smallEncoding = small.headers['content-encoding'];
    expect(
      (typeof smallEncoding === 'string'
        ? decode[smallEncoding]!(small.rawPayload)
        : small.rawPayload
      ).toString(),
    ).toBe(tiny);
    const image = await get('/icon.png', 'br, gzip');
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.rawPayload.length).toBe(4096);
  });

  it('compresses API answers above the threshold, not below, and only when offered', async () => {
    const gedcom = await get('/api/families.ged');
    expect(gedcom.statusCode).toBe(200);
    expect(gedcom.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    for (const encoding of ['br', 'gzip'] as const) {
      const compressed = await get('/api/families.ged', encoding);
      expect(compressed.headers['content-encoding']).toBe(encoding);
      expect(compressed.headers.vary).toMatch(/accept-encoding/i);
      expect(decode[encoding]!(compressed.rawPayload).equals(gedcom.rawPayload)).toBe(true);
    }
    const health = await get('/api/health', 'br, gzip');
    expect(health.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toMatchObject({ status: expect.any(String) as string });
  });

  it('compresses signed-in JSON answers and keeps them private', async () => {
    const me = await signUp(t.app, { name: 'Zorp Reader' });
    const pairs = await get('/api/translation/pairs', 'br', me.auth);
    expect(pairs.statusCode).toBe(200);
    const plain = await get('/api/translation/pairs', undefined, me.auth);
    if (plain.rawPayload.length > COMPRESS_THRESHOLD_BYTES) {
      expect(pairs.headers['content-encoding']).toBe('br');
      expect(JSON.parse(zlib.brotliDecompressSync(pairs.rawPayload).toString())).toEqual(plain.json());
    }
    expect(pairs.headers['cache-control']).toBe('no-store');
  });
});
