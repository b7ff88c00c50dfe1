import type pg from 'pg';
import type { DbTimeouts } from '../config.js';

/** node-postgres pool size when none is given (DB_POOL_MAX's default). */
const DEFAULT_POOL_MAX = 10;

/** How long past the server-side statement timeout the client gives up on a silent connection. */
const CLIENT_GRACE_MS = 2_000;

/**
 * Pool options with the timeouts that turn a dead or black-holed database into a quick error (then 503) instead of
 * a hung request: connecting (and waiting for a pooled connection), each statement (server-side, and client-side
 * for a connection that stopped answering), and a transaction left idle.
 */
export function poolOptions(
  connectionString: string,
  timeouts: DbTimeouts | undefined,
  max = DEFAULT_POOL_MAX,
): pg.PoolConfig {
  if (!timeouts) return { connectionString, max };
  const { connectMs, statementMs, idleInTransactionMs } = timeouts;
  return {
    connectionString,
    max,
    keepAlive: true,
    ...(connectMs ? { connectionTimeoutMillis: connectMs } : {}),
    ...(statementMs ? { statement_timeout: statementMs, query_timeout: statementMs + CLIENT_GRACE_MS } : {}),
    ...(idleInTransactionMs ? { idle_in_transaction_session_timeout: idleInTransactionMs } : {}),
  };
}

/** SQLSTATE classes and codes that mean the database cannot serve now, not that the request was wrong. */
const UNAVAILABLE_STATES = /^(08...|57014|57P0[1-5]|53300|25P03|55P03)$/;
/** Errors node-postgres raises without a SQLSTATE: network failures and its own timeouts. */
const UNAVAILABLE_SYSCALLS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|timeout expired|Client has encountered a connection error)/;

/** Whether an error (or its cause, as Drizzle wraps driver errors) says the database is unreachable or too slow. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_SYSCALLS.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** One line for the operator when the server cannot start on DATABASE_URL: where it tried and why it failed. */
export function describeConnectionFailure(connectionString: string, error: unknown): string {
  let where = 'the database in DATABASE_URL';
  try {
    const url = new URL(connectionString);
    where = `PostgreSQL at ${url.hostname || 'localhost'}:${url.port || '5432'}`;
  } catch {
    return 'Cannot use DATABASE_URL: it is not a valid postgres:// connection string';
  }
  return `Cannot use ${where}: ${rootCause(error)}`;
}

function rootCause(error: unknown): string {
  let current: unknown = error;
  let reason = 'unknown error';
  for (let depth = 0; current && depth < 4; depth++) {
    const { code, message, errors } = current as { code?: unknown; message?: unknown; errors?: unknown };
    // A refused connection to a name with several addresses is an AggregateError with an empty message.
    const text = typeof message === 'string' && message ? message : Array.isArray(errors) ? String(errors[0]) : '';
    // The outermost driver message says the most ("… due to connection timeout" over "… unexpectedly").
    if (text && !text.startsWith('Failed query') && reason === 'unknown error') reason = text;
    if (typeof code === 'string' && code === 'ECONNREFUSED') reason = 'connection refused (is PostgreSQL running?)';
    if (typeof code === 'string' && code === 'ENOTFOUND') reason = 'host not found';
    current = (current as { cause?: unknown }).cause;
  }
  if (/^(timeout expired|Connection terminated due to connection timeout)/.test(reason))
    return 'no answer within the connect timeout (DB_CONNECT_TIMEOUT_MS)';
  return reason.split('\n')[0] ?? reason;
}
