import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { DbTimeouts, ReplicaSettings } from '../config.js';
import type { Db } from './client.js';
import { poolOptions } from './connection.js';
import { ReplicaPool } from './replica-pool.js';
import * as schema from './schema/index.js';

/** What the metrics and the log say about one replica. */
export type ReplicaState = {
  /** host:port (never the credentials). */
  name: string;
  /** Taking reads: it answered the last check and was within the lag bound. */
  usable: boolean;
  /** Milliseconds behind the primary at the last check; null when it could not be measured. */
  lagMs: number | null;
  /** Why it is skipped ('' while usable). */
  reason: string;
};

type Log = { warn(message: string): void; info(message: string): void };

/** A health check's own time limit: connect and statement (a black-holed replica must not stall the checks). */
const CHECK_TIMEOUT_MS = 2_000;

/**
 * The replica's position against the primary's WAL position sampled just before. At or past it, the replica has
 * everything the primary had (an idle primary writes nothing, so an old last-replay time then means nothing);
 * behind it, the lag is the age of the last transaction it replayed. A standby that is not replaying is
 * `pg_is_in_recovery() = false` (promoted: it no longer follows the primary) and is not used.
 */
const LAG_QUERY = `
  SELECT pg_is_in_recovery() AS standby,
         pg_last_wal_replay_lsn() >= $1::pg_lsn AS caught_up,
         pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() AS replayed_all_received,
         (extract(epoch FROM now() - pg_last_xact_replay_timestamp()) * 1000)::float8 AS replay_age_ms`;

type LagRow = {
  standby: boolean;
  caught_up: boolean | null;
  replayed_all_received: boolean | null;
  replay_age_ms: number | null;
};

class Replica {
  readonly state: ReplicaState;
  readonly pool: ReplicaPool;
  readonly db: Db;
  readonly checks: pg.Pool;

  constructor(url: string, primary: pg.Pool, timeouts: DbTimeouts | undefined, poolMax: number | undefined) {
    this.state = { name: hostOf(url), usable: false, lagMs: null, reason: 'not checked yet' };
    this.pool = new ReplicaPool(poolOptions(url, timeouts, poolMax), primary, () =>
      this.skip('unreachable (reads go to the primary until it answers a check)'),
    );
    this.pool.on('error', () => {});
    this.pool.on('connect', (client) => client.on('error', () => {}));
    this.db = drizzleNodePg(this.pool, { schema }) as unknown as Db;
    const checkTimeouts = { connectMs: CHECK_TIMEOUT_MS, statementMs: CHECK_TIMEOUT_MS, idleInTransactionMs: 0 };
    this.checks = new pg.Pool({ ...poolOptions(url, checkTimeouts, 1), idleTimeoutMillis: 0 });
    this.checks.on('error', () => {});
  }

  skip(reason: string) {
    this.state.usable = false;
    this.state.reason = reason;
  }
}

/**
 * The read replicas of this process: which of them may take reads now, measured in the background every
 * checkIntervalMs (never on a request's path). `pick()` hands out the usable ones in turn, or the primary when
 * none is usable; a replica's own pool runs a read on the primary when the replica fails it (replica-pool.ts).
 */
export class ReadReplicas {
  private readonly replicas: Replica[];
  private next = 0;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private reported = '';
  /** Where changes of the skipped set are logged (the app's logger, set once it exists). */
  log: Log | undefined;

  constructor(
    private readonly primary: pg.Pool,
    private readonly primaryDb: Db,
    private readonly settings: ReplicaSettings,
    timeouts: DbTimeouts | undefined,
    poolMax: number | undefined,
  ) {
    this.replicas = settings.urls.map((url) => new Replica(url, primary, timeouts, poolMax));
    void this.checkLoop();
  }

  /** A usable replica's database (in turn), or the primary's. */
  pick(): Db {
    const usable = this.replicas.filter((replica) => replica.state.usable);
    if (usable.length === 0) return this.primaryDb;
    this.next = (this.next + 1) % usable.length;
    return usable[this.next]!.db;
  }

  states(): ReplicaState[] {
    return this.replicas.map((replica) => ({ ...replica.state }));
  }

  /**
   * How long after a write a replica may still not show it: the bound, plus one check interval (a replica judged
   * fresh may stall right after its check and keeps taking reads until the next one), plus a check's own time.
   */
  get staleWindowMs(): number {
    return this.settings.maxLagMs + this.settings.checkIntervalMs + CHECK_TIMEOUT_MS;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await Promise.all(this.replicas.flatMap((replica) => [replica.pool.end(), replica.checks.end()]));
  }

  private async checkLoop(): Promise<void> {
    await this.checkAll();
    if (this.closed) return;
    this.timer = setTimeout(() => void this.checkLoop(), this.settings.checkIntervalMs);
    this.timer.unref();
  }

  /** Measures every replica once against the primary's current WAL position. */
  async checkAll(): Promise<void> {
    const position = await this.primary
      .query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')
      .then((result) => result.rows[0]?.lsn ?? null)
      .catch(() => null);
    await Promise.all(this.replicas.map((replica) => this.check(replica, position)));
    this.logChanges();
  }

  private async check(replica: Replica, primaryPosition: string | null): Promise<void> {
    let row: LagRow | undefined;
    try {
      // Without the primary's position (it failed too), compare with what the replica itself has received.
      const result = await replica.checks.query<LagRow>(LAG_QUERY, [primaryPosition ?? '0/0']);
      row = result.rows[0];
    } catch (error) {
      replica.state.lagMs = null;
      return replica.skip(`unreachable: ${(error as Error).message.split('\n')[0]}`);
    }
    if (!row?.standby) return replica.skip('not a standby (promoted, or not a replica of the primary)');
    const caughtUp = primaryPosition ? row.caught_up : row.replayed_all_received;
    const lagMs = caughtUp ? 0 : row.replay_age_ms;
    replica.state.lagMs = lagMs === null ? null : Math.max(0, Math.round(lagMs));
    if (lagMs === null) return replica.skip('behind the primary, lag unknown (nothing replayed yet)');
    if (lagMs > this.settings.maxLagMs)
      return replica.skip(`lagging ${Math.round(lagMs)} ms behind the primary (bound ${this.settings.maxLagMs} ms)`);
    replica.state.usable = true;
    replica.state.reason = '';
  }

  /** One log line when the set of skipped replicas changes (not one per check). */
  private logChanges() {
    const skipped = this.replicas
      .filter((replica) => !replica.state.usable)
      .map((replica) => `${replica.state.name} ${replica.state.reason.replace(/lagging \d+ ms/, 'lagging')}`)
      .join('; ');
    if (skipped === this.reported) return;
    this.reported = skipped;
    if (skipped) this.log?.warn(`read replicas skipped, their reads go to the primary: ${skipped}`);
    else this.log?.info('every read replica takes reads again');
  }
}

function hostOf(url: string): string {
  try {
    const { hostname, port } = new URL(url);
    return `${hostname || 'localhost'}:${port || '5432'}`;
  } catch {
    return 'replica';
  }
}
