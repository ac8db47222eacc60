/**
 * Errors that mean "the database cannot take this request right now" rather than "this request is
 * wrong": the primary gone or restarting, a failover under way, a connection cut mid-transaction.
 * The API answers them 503 with Retry-After: the transaction was rolled back or never reached a
 * commit the client was told of, so the same request (with its Idempotency-Key, for a sale) can be
 * sent again and commits at most once.
 */
const SQLSTATES = new Set([
  '57P01', // admin_shutdown: the server is stopping (a switchover, a restart)
  '57P02', // crash_shutdown: another backend crashed
  '57P03', // cannot_connect_now: starting up, recovering
  '25006', // read_only_sql_transaction: connected to a primary that was demoted meanwhile
  '53300', // too_many_connections
]);
const NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'NO_PRIMARY',
]);
// node-postgres reports a lost or timed-out connection with these messages and no code.
const MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection terminated due to connection timeout|terminating connection)/;

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (SQLSTATES.has(code) || code.startsWith('08') || NODE_CODES.has(code))) return true;
  return typeof message === 'string' && MESSAGES.test(message);
}

/** Seconds a client waits before sending the request again (a failover takes ~10 s; clients back off from there). */
export const RETRY_AFTER_SECONDS = 2;
