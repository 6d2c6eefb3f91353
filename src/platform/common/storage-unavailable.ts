/**
 * SQLSTATE classes and codes that mean the database cannot be reached or is going away, not that it refused
 * the statement: class 08 (connection exceptions), 57P01–57P03 (shutdown, crash shutdown, cannot connect now).
 */
const UNAVAILABLE_STATES = /^(08...|57P0[1-3])$/;

/** Socket errors of a connection that could not be made or was cut. */
const UNAVAILABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);

/** What the `pg` driver says, without a code, when a connection ends under it or none can be had in time. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down|in recovery mode)/;

/**
 * Whether an error, or any error it wraps (TypeORM's `driverError`, `cause`), says the database is unavailable
 * rather than that a statement was wrong. One place decides, so every route answers an outage the same way.
 */
export function isStorageUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (typeof current === 'object' && current !== null && !seen.has(current)) {
    seen.add(current);
    const { code, message, driverError, cause } = current as {
      code?: unknown;
      message?: unknown;
      driverError?: unknown;
      cause?: unknown;
    };
    if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_ERRNOS.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
    current = driverError ?? cause;
  }
  return false;
}
