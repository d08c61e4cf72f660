// Compresses API answers on the fly (brotli or gzip, as the client offers) above a small size; built files are
// compressed once at build time instead (build/precompress-plugin.ts, served by plugins/static.ts).
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DYNAMIC_BROTLI_QUALITY, GZIP_LEVEL } from '../lib/precompressed.ts';
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

// The codings' settings are the cached pages' too (lib/precompressed.ts), so they are named there.
export { DYNAMIC_BROTLI_QUALITY, GZIP_LEVEL };

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
