// Request bodies that stall are cut; bodies that are merely slow are not. Two rules, both sized for 2G, and
// both only while a body is arriving (never while the server works on its answer: finishing a recording can
// take a minute under load, and cutting it then wastes the upload):
// - idle: a body of which no byte arrived for REQUEST_IDLE_TIMEOUT_MS is cut;
// - trickle: a body that, once that same time has passed, has arrived at less than
//   REQUEST_BODY_MIN_BYTES_PER_SECOND on average is cut. A 1 MB upload chunk over a 50 kbps village link
//   (about 6 KB/s) passes by a factor of 20; a body sent a byte at a time never idles, and is cut.
// Slow headers are Node's own headersTimeout; idle kept-alive sockets its keepAliveTimeout.
// The clock starts when the server is ready to read the body (preParsing): a request waiting in the admission
// queue (plugins/admission.ts) is not read meanwhile, and its client is not to blame for that.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

export default fp<{ config: Config }>(
  function slowRequestsPlugin(app: FastifyInstance, { config }) {
    const graceMs = config.REQUEST_IDLE_TIMEOUT_MS;
    const minRate = config.REQUEST_BODY_MIN_BYTES_PER_SECOND;
    const checkEveryMs = Math.max(50, Math.min(5_000, Math.floor(graceMs / 4)));

    app.addHook('preParsing', (request, reply, payload, done) => {
      const raw = request.raw;
      const socket = raw.socket as typeof raw.socket | null;
      // Bodiless requests are complete once their headers arrived; inject() has no socket.
      if (raw.complete || !socket || typeof socket.bytesRead !== 'number') {
        done(null, payload);
        return;
      }
      const started = Date.now();
      const bytesAtStart = socket.bytesRead;
      let lastBytes = bytesAtStart;
      let lastProgressAt = started;
      const timer = setInterval(() => {
        if (raw.complete || socket.destroyed) {
          clearInterval(timer);
          return;
        }
        const now = Date.now();
        if (socket.bytesRead !== lastBytes) {
          lastBytes = socket.bytesRead;
          lastProgressAt = now;
        }
        const elapsedMs = now - started;
        const rate = (socket.bytesRead - bytesAtStart) / (elapsedMs / 1000);
        const idle = now - lastProgressAt >= graceMs;
        if (idle || (elapsedMs >= graceMs && rate < minRate)) {
          clearInterval(timer);
          request.log.info(
            { rate: Math.round(rate), elapsedMs, idle },
            idle ? 'request body idle: connection cut' : 'request body too slow: connection cut',
          );
          socket.destroy();
        }
      }, checkEveryMs);
      timer.unref();
      const stop = () => clearInterval(timer);
      raw.once('end', stop);
      raw.once('close', stop);
      reply.raw.once('close', stop);
      done(null, payload);
    });
  },
  { name: 'slow-requests' },
);
