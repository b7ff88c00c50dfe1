import pg from 'pg';
import { isDatabaseUnavailable } from './connection.js';
import { sqlState } from './retry.js';

/**
 * A standby cancels a read that conflicts with the WAL it replays (serialization failure, deadlock, a dropped
 * database): the same read on the primary has no such conflict.
 */
const RECOVERY_CONFLICTS = new Set(['40001', '40P01', '57P04']);

/** Why a failed replica read is run again on the primary; undefined when the error is the read's own. */
export function replicaFailure(error: unknown): 'unreachable' | 'conflict' | undefined {
  const state = sqlState(error);
  if (state && RECOVERY_CONFLICTS.has(state)) return 'conflict';
  // A server-side statement timeout is the query's own slowness: the primary would be as slow.
  if (state === '57014') return undefined;
  return isDatabaseUnavailable(error) ? 'unreachable' : undefined;
}

// biome-ignore lint/suspicious/noExplicitAny: pg's query overloads (promise and callback forms) pass through as they are.
type AnyQuery = (...args: any[]) => any;

/**
 * The request pool of one replica. A read that fails here because the replica cannot serve it (connection refused
 * or cut, its timeouts, a recovery conflict) is run again on the primary's pool, so a failing replica never turns
 * a read into an error; `onUnreachable` lets the owner stop sending reads here until the next health check.
 */
export class ReplicaPool extends pg.Pool {
  constructor(
    options: pg.PoolConfig,
    private readonly primary: pg.Pool,
    private readonly onUnreachable: (error: unknown) => void,
  ) {
    super(options);
  }

  // biome-ignore lint/suspicious/noExplicitAny: as in AnyQuery.
  override query(...args: any[]): any {
    const here = super.query.bind(this) as AnyQuery;
    // Drizzle uses the promise form only; a callback caller keeps pg's own behaviour.
    if (typeof args[args.length - 1] === 'function') return here(...args);
    return (here(...args) as Promise<pg.QueryResult>).catch((error: unknown) => {
      const failure = replicaFailure(error);
      if (!failure) throw error;
      if (failure === 'unreachable') this.onUnreachable(error);
      return (this.primary.query as AnyQuery).apply(this.primary, args);
    });
  }
}
