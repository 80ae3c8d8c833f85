// Tells a database that cannot be reached (down, partitioned, restarting, out of connections)
// from every other failure, so that a request answers 503 "try again" rather than a 500.

/** Socket errors of a connection that could not be made or was lost. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception) is matched by prefix; then the server
 * shutting down or starting (57P01-57P03), too many connections (53300), a statement cancelled by
 * statement_timeout (57014) and a session ended by idle_in_transaction_session_timeout (25P03).
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014', '25P03']);

/** Messages of node-postgres, pg-pool and PGlite for a connection that failed, timed out or was closed. */
const MESSAGES = [
  /^Connection terminated/, // unexpectedly, due to connection timeout
  /^Query read timeout$/, // query_timeout
  /^timeout expired$/, // connectionTimeoutMillis on a lone client
  /^timeout exceeded when trying to connect$/, // no pooled connection in time
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
  /^PGlite is closed$/,
];

function matches(error: Error & { code?: unknown }): boolean {
  const code = typeof error.code === 'string' ? error.code : undefined;
  if (code && (NETWORK_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  return MESSAGES.some((re) => re.test(error.message));
}

/**
 * The error (or one of its causes: Drizzle wraps driver errors in a DrizzleQueryError) that says
 * the database cannot be reached, if any.
 */
export function databaseUnavailableCause(error: unknown): Error | undefined {
  const seen = new Set<unknown>();
  for (let e = error; e instanceof Error && !seen.has(e); e = e.cause) {
    seen.add(e);
    if (matches(e)) return e;
    if (e instanceof AggregateError && e.errors.some((inner) => databaseUnavailableCause(inner))) return e;
  }
  return undefined;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return databaseUnavailableCause(error) !== undefined;
}
