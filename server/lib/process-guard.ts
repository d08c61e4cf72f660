// The last line of defence of the server process: what escapes every handler is logged, and what must never take
// the service down (a promise nobody awaited, a socket or stream torn down by a client that went away) is survived.
// Anything else thrown outside a request leaves the process in a state no one can vouch for: it is logged and the
// process exits non-zero after a graceful close, for its supervisor (systemd's Restart=on-failure, see README) to
// start it again.

/** Error codes of connections and streams a client ended: the request is gone, the process is fine. */
const CLIENT_GONE_CODES = new Set([
  'ECONNRESET',
  'EPIPE',
  'ECONNABORTED',
  'ERR_STREAM_DESTROYED',
  'ERR_STREAM_PREMATURE_CLOSE',
  'ERR_STREAM_WRITE_AFTER_END',
]);

export interface GuardLog {
  error(details: object, message: string): void;
  fatal(details: object, message: string): void;
}

export interface ProcessLike {
  on(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown;
  on(event: 'uncaughtException', listener: (error: Error) => void): unknown;
}

/** True for an error that only means a client's connection or stream ended early. */
export function isClientGone(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && CLIENT_GONE_CODES.has(code);
}

/**
 * Installs the handlers. `fatal` is called (once) for an uncaught exception that is not a client going away: it
 * should close the server gracefully and exit non-zero. Returns the counts, for health and tests.
 */
export function guardProcess(
  target: ProcessLike,
  log: GuardLog,
  fatal: (error: Error) => void,
): { survived: () => number } {
  let survived = 0;
  let failing = false;
  target.on('unhandledRejection', (reason) => {
    // A rejected promise nobody awaited is a bug to fix, never a reason to drop every other request.
    survived += 1;
    log.error({ err: reason }, 'unhandled promise rejection (survived)');
  });
  target.on('uncaughtException', (error) => {
    if (isClientGone(error)) {
      survived += 1;
      log.error({ err: error }, 'uncaught error of a closed connection (survived)');
      return;
    }
    log.fatal({ err: error }, 'uncaught exception: closing, for the supervisor to restart the server');
    if (failing) return;
    failing = true;
    fatal(error);
  });
  return { survived: () => survived };
}
