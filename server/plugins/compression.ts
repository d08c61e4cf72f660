// Compresses API answers on the fly (brotli or gzip, as the client offers) above a small size; built files are
// compressed once at build time instead (build/precompress-plugin.ts, served by plugins/static.ts).
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import zlib from 'node:zlib';

/** Answers smaller than this go as they are: the headers would cost more than the saving. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Text-like answers only (JSON, text, XML, CSV, GEDCOM, JavaScript), and coded memory pages, whose columns
 * compress like text (core/api/memory-page-coding.ts). Audio, archives, images and raw binary
 * (application/octet-stream model artifacts) are already compressed or not worth the CPU.
 */
export const COMPRESSIBLE_TYPES =
  /^text\/(?!event-stream)|[/+]json(?:;|$)|[/+]xml(?:;|$)|^application\/javascript|^application\/x-lopit-memory(?:;|$)/;

/**
 * Brotli quality for answers made per request. Measured on verse-length pairs (10,000 of them, in pages as the
 * API sends them): quality 5 is 3-8 % smaller than gzip level 6 and no slower (memory pages of 500: 864 kB in
 * 3.9 ms a page against 887 kB in 5.4 ms; pairs pages of 1,000: 946 kB against 1,024 kB), where quality 4 was
 * 1-3 % larger than gzip. Quality 6 saves 1-2 % more for a third more time; 9 and up cost 6 to 50 times as much.
 */
export const DYNAMIC_BROTLI_QUALITY = 5;
/** zlib's default level: what gzip answers are made with, per request or cached (lib/precompressed.ts). */
export const GZIP_LEVEL = 6;

export default fp(
  async function compressionPlugin(app: FastifyInstance) {
    await app.register(fastifyCompress, {
      global: true,
      threshold: COMPRESS_THRESHOLD_BYTES,
      encodings: ['br', 'gzip'],
      customTypes: COMPRESSIBLE_TYPES,
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } },
      zlibOptions: { level: GZIP_LEVEL },
      // Request bodies are never decompressed: a small gzip body must not become a huge one past the limits.
      globalDecompression: false,
    });
  },
  { name: 'compression' },
);
