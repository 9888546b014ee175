/**
 * SQLSTATEs of a server that is going away or not taking connections yet: class 08 (connection exceptions),
 * 53300 too_many_connections, 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now.
 */
const SQLSTATES = /^(08[0-9]{3}|53300|57P0[123])$/;
/** Socket errors on the way to the server. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** What pg and pg-pool say when a connection died, was closed, or could not be made in time. */
const MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Client was closed and is not queryable)/;

/**
 * True when a query failed because PostgreSQL could not be reached or dropped the connection (a restart, a failover,
 * a killed backend), not because of the query: worth answering 503 and trying again in a moment. Drizzle wraps the
 * driver's error in `cause`.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // Read by shape, not `instanceof Error`: a socket's error comes from Node's own realm, which is not the code's under
  // jest's VM modules.
  let current = error as { code?: unknown; message?: unknown; cause?: unknown } | null | undefined;
  for (let depth = 0; typeof current === 'object' && current !== null && depth < 5; depth += 1) {
    const { code, message } = current;
    if (typeof code === 'string' && (SQLSTATES.test(code) || SOCKET_CODES.has(code))) return true;
    if (typeof message === 'string' && MESSAGES.test(message)) return true;
    current = current.cause as typeof current;
  }
  return false;
}
