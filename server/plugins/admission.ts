// Admission control of database-bound API requests (server/lib/admission.ts): a request that cannot get a place
// within the wait is answered 503 with Retry-After before it touches the database. Requests that need no
// database (static app files, unknown addresses, routes with `config: { admission: false }`) pass untouched.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES } from '../../core/api/errors.ts';
import type { Config } from '../config.ts';
import { ADMISSION_DEFAULTS, AdmissionGate, type AdmissionLimits } from '../lib/admission.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route needs no database (nor the signed-in user), so it is never queued or turned away. */
    admission?: false;
  }
  interface FastifyInstance {
    admission: AdmissionGate;
  }
  interface FastifyRequest {
    /** Gives back this request's place early (see leaveAdmission); null when it holds none. */
    admissionRelease: (() => void) | null;
  }
}

/**
 * Gives back the request's place before its answer is sent: for a request whose remaining work is not the
 * database's (an upload's body arriving over 2G, its audio waiting for the decoder), so it does not hold up
 * database-bound requests meanwhile.
 */
export function leaveAdmission(request: FastifyRequest): void {
  request.admissionRelease?.();
  request.admissionRelease = null;
}

export const SERVER_BUSY_MESSAGE =
  'The server is busy with many phones at once. Your work is kept and sent again shortly.';
/** A burst of 503s is logged once per this many milliseconds, with how many there were. */
const BUSY_LOG_EVERY_MS = 10_000;

/** Does this request go through the gate? Only API routes that exist and did not opt out. */
export function needsDatabase(request: FastifyRequest): boolean {
  return request.url.startsWith('/api/') && !request.is404 && request.routeOptions.config.admission !== false;
}

/** The limits in force: each ADMISSION_* setting, else the default for the database in use. */
export function admissionLimits(config: Config, kind: 'pglite' | 'postgres'): AdmissionLimits {
  const defaults = ADMISSION_DEFAULTS[kind];
  return {
    maxInFlight: config.ADMISSION_MAX_IN_FLIGHT ?? defaults.maxInFlight,
    maxQueue: config.ADMISSION_MAX_QUEUE ?? defaults.maxQueue,
    maxWaitMs: config.ADMISSION_MAX_WAIT_MS ?? defaults.maxWaitMs,
  };
}

export default fp<{ config: Config }>(
  function admissionPlugin(app: FastifyInstance, { config }) {
    const gate = new AdmissionGate(admissionLimits(config, app.database.kind));
    app.decorate('admission', gate);
    app.decorateRequest('admissionRelease', null);
    let lastLogAt = 0;
    let loggedRejections = 0;

    app.addHook('onRequest', async (request, reply) => {
      if (!needsDatabase(request)) return;
      const admission = await gate.enter();
      if (admission.admitted) {
        request.admissionRelease = admission.release;
        // Whichever comes first: the answer sent, or the connection gone before it.
        reply.raw.once('close', admission.release);
        reply.raw.once('finish', admission.release);
        return;
      }
      const now = Date.now();
      if (now - lastLogAt >= BUSY_LOG_EVERY_MS) {
        request.log.warn(
          { turnedAway: gate.rejected - loggedRejections, inFlight: gate.inFlight, queued: gate.queued },
          'server busy: requests answered 503 with Retry-After',
        );
        lastLogAt = now;
        loggedRejections = gate.rejected;
      }
      return reply
        .status(503)
        .header('Retry-After', String(admission.retryAfterSeconds))
        .send({ message: SERVER_BUSY_MESSAGE, code: ERROR_CODES.serverBusy });
    });
  },
  { name: 'admission', dependencies: ['database'] },
);
