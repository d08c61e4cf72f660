// Vite plugin: after the build (and after the service worker is generated), writes a brotli (.br) and a gzip
// (.gz) copy beside every text file worth compressing, so the server sends them as they are (preCompressed).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/** Built files compressed ahead of time; images, fonts and PDFs are compressed formats already. */
export const PRECOMPRESSED_EXTENSIONS = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.webmanifest',
  '.txt',
]);
const MIN_BYTES = 1024;

/** Writes `<file>.br` and `<file>.gz` for every compressible file under `dir`; returns how many files. */
export function precompressFolder(dir: string): number {
  let count = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (!PRECOMPRESSED_EXTENSIONS.has(path.extname(file))) continue;
    const raw = fs.readFileSync(file);
    if (raw.length < MIN_BYTES) continue;
    const br = zlib.brotliCompressSync(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    const gz = zlib.gzipSync(raw, { level: zlib.constants.Z_BEST_COMPRESSION });
    // A copy that saves nothing is not worth a second file.
    if (br.length < raw.length) fs.writeFileSync(`${file}.br`, br);
    if (gz.length < raw.length) fs.writeFileSync(`${file}.gz`, gz);
    count += 1;
  }
  return count;
}

export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'lopit:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    // Sequential and last, so the service worker vite-plugin-pwa writes in its own closeBundle is included.
    closeBundle: {
      sequential: true,
      order: 'post',
      handler() {
        const outDir = path.resolve(config.root, config.build.outDir);
        const count = precompressFolder(outDir);
        config.logger.info(`precompressed ${count} files (brotli and gzip)`);
      },
    },
  };
}
