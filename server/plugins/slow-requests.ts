// Connections that stall are cut; connections that are merely slow are not. Two rules, both sized for 2G:
// - idle: a connection on which no byte moves either way for REQUEST_IDLE_TIMEOUT_MS is closed (the HTTP
//   server's socket timeout, set from the same figure in app.ts);
// - trickle: a request body that, once that same time has passed, has arrived at less than
//   REQUEST_BODY_MIN_BYTES_PER_SECOND on average is cut. A 1 MB upload chunk over a 50 kbps village link
//   (about 6 KB/s) passes by a factor of 20; a body sent a byte at a time never idles, and is cut.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

export default fp<{ config: Config }>(
  function slowRequestsPlugin(app: FastifyInstance, { config }) {
    const graceMs = config.REQUEST_IDLE_TIMEOUT_MS;
    const minRate = config.REQUEST_BODY_MIN_BYTES_PER_SECOND;
    const checkEveryMs = Math.max(50, Math.min(5_000, Math.floor(graceMs / 4)));

    app.addHook('onRequest', (request, reply, done) => {
      const raw = request.raw;
      const socket = raw.socket as typeof raw.socket | null;
      // Bodiless requests are complete once their headers arrived; inject() has no socket.
      if (raw.complete || !socket || typeof socket.bytesRead !== 'number') {
        done();
        return;
      }
      const started = Date.now();
      const bytesAtStart = socket.bytesRead;
      const timer = setInterval(() => {
        if (raw.complete || socket.destroyed) {
          clearInterval(timer);
          return;
        }
        const elapsedMs = Date.now() - started;
        if (elapsedMs < graceMs) return;
        const rate = (socket.bytesRead - bytesAtStart) / (elapsedMs / 1000);
        if (rate < minRate) {
          clearInterval(timer);
          request.log.info({ rate: Math.round(rate), elapsedMs }, 'request body too slow: connection cut');
          socket.destroy();
        }
      }, checkEveryMs);
      timer.unref();
      const stop = () => clearInterval(timer);
      raw.once('end', stop);
      raw.once('close', stop);
      reply.raw.once('close', stop);
      done();
    });
  },
  { name: 'slow-requests' },
);
