// Serves the built app from STATIC_DIR; any unknown non-API path gets index.html (client-side routing).
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES } from '../../core/api/errors.ts';
import type { Config } from '../config.ts';

/** Vite fingerprints everything under /assets/, so those files never change: cache for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export default fp<{ config: Config }>(
  async function staticPlugin(app: FastifyInstance, { config }) {
    const root = config.STATIC_DIR;
    const hasBuild = fs.existsSync(path.join(root, 'index.html'));
    if (!hasBuild)
      app.log.warn({ root }, 'no built app found; run `npm run build` (npm start does this for you)');
    else {
      await app.register(fastifyStatic, {
        root,
        // Routes for the files that exist at start-up; anything else falls through to the handlers below.
        wildcard: false,
        index: false,
        // The build writes .br and .gz copies (build/precompress-plugin.ts): sent as they are when offered.
        preCompressed: true,
        cacheControl: false,
        setHeaders: (res, filePath) => {
          const relative = path.relative(root, filePath);
          res.setHeader('Cache-Control', relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : 'no-cache');
          // The same address answers brotli, gzip or plain bytes by Accept-Encoding: caches must keep them apart.
          res.setHeader('Vary', 'Accept-Encoding');
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !pathname.startsWith('/api/') &&
        !path.extname(pathname);
      if (hasBuild && isPage) {
        return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
      }
      return reply.status(404).send({ message: 'Not found.', code: ERROR_CODES.notFound });
    });
  },
  { name: 'static' },
);
