import { execFile } from 'node:child_process';
import {
  appendFileSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { findBinaries, type PostgresBinaries } from '../src/db/embedded/binaries.js';
import { type RunAs, unprivilegedUser } from '../src/db/embedded/server.js';
import { onServer } from './databases.js';
import { freePort } from './process.js';

const run = promisify(execFile);
const DATABASE = 'seamline';

export type ClusterPair = {
  /** The app's database on the primary, and the same database on the streaming replica. */
  primaryUrl: string;
  replicaUrl: string;
  /** Runs one statement on the replica (pg_wal_replay_pause(), …). */
  onReplica(statement: string): Promise<unknown>;
  /** pg_ctl stop -m immediate: the replica disappears as in a crash. */
  stopReplica(): Promise<void>;
  close(): Promise<void>;
};

/**
 * A PostgreSQL primary and a streaming replica of it. Where the machine's PostgreSQL has `pg_basebackup` (Debian's
 * postgresql packages, as on the CI machine), both servers run from those binaries and the replica is made as in
 * production: `pg_basebackup -R` from the running primary. Otherwise they run from the embedded server's binaries
 * (installed with the project's dependencies), which have no pg_basebackup: the replica is then a file copy of the
 * freshly initialised, cleanly stopped primary with standby.signal and primary_conninfo, the state pg_basebackup would
 * give. Both listen on loopback only, trust authentication, no fsync (test data). TEST_REPLICATION_PORTS="5440,5441"
 * pins the ports (free ones otherwise).
 */
export async function startClusterPair(): Promise<ClusterPair> {
  const binaries: PostgresBinaries & { pg_basebackup?: string } = (await systemBinaries()) ?? (await findBinaries());
  const root = mkdtempSync(path.join(os.tmpdir(), 'seamline-replication-'));
  const runAs = await unprivilegedUser(root);
  const [primaryPort, replicaPort] = await ports();
  const primaryDir = path.join(root, 'primary');
  const replicaDir = path.join(root, 'replica');
  const as = async (command: string, args: string[]) => {
    await run(command, args, { cwd: root, ...(runAs ?? {}) });
  };
  const ownedDir = (dir: string) => {
    mkdirSync(dir, { mode: 0o700 });
    if (runAs) chownSync(dir, runAs.uid, runAs.gid);
  };
  const start = (dir: string) => as(binaries.pg_ctl, ['-D', dir, '-l', path.join(dir, 'server.log'), '-w', 'start']);
  const stop = (dir: string) => as(binaries.pg_ctl, ['-D', dir, '-m', 'immediate', 'stop']).catch(() => undefined);
  const replicaSettings = `port = ${replicaPort}\n`;

  ownedDir(primaryDir);
  await as(binaries.initdb, ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  appendFileSync(path.join(primaryDir, 'postgresql.conf'), settings(primaryPort));
  appendFileSync(path.join(primaryDir, 'pg_hba.conf'), '\nhost replication postgres 127.0.0.1/32 trust\n');
  if (binaries.pg_basebackup) {
    await start(primaryDir);
    ownedDir(replicaDir);
    // -R writes standby.signal and primary_conninfo; -X stream brings the WAL written during the copy.
    const from = ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres'];
    await as(binaries.pg_basebackup, ['-D', replicaDir, ...from, '-R', '-X', 'stream', '--no-sync']).catch(
      async (error: unknown) => {
        // A failed copy must not leave the primary running after the test run.
        await stop(primaryDir);
        throw error;
      },
    );
    appendFileSync(path.join(replicaDir, 'postgresql.conf'), replicaSettings);
  } else {
    // cp -a keeps the owner and modes PostgreSQL insists on.
    await run('cp', ['-a', primaryDir, replicaDir]);
    appendFileSync(
      path.join(replicaDir, 'postgresql.conf'),
      `${replicaSettings}primary_conninfo = 'host=127.0.0.1 port=${primaryPort} user=postgres application_name=replica'\n`,
    );
    ownedFile(path.join(replicaDir, 'standby.signal'), runAs);
  }

  const url = (port: number, database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const onReplica = (statement: string) => onServer(url(replicaPort, DATABASE), (client) => client.query(statement));
  try {
    if (!binaries.pg_basebackup) await start(primaryDir);
    await start(replicaDir);
    await onServer(url(primaryPort, 'postgres'), (client) => client.query(`CREATE DATABASE ${DATABASE}`));
    await waitFor(() => onReplica('SELECT 1'));
  } catch (error) {
    await Promise.all([stop(replicaDir), stop(primaryDir)]);
    throw new Error(`${(error as Error).message}\n${logTail(replicaDir)}\n${logTail(primaryDir)}`);
  }

  return {
    primaryUrl: url(primaryPort, DATABASE),
    replicaUrl: url(replicaPort, DATABASE),
    onReplica,
    stopReplica: async () => void (await stop(replicaDir)),
    async close() {
      await Promise.all([stop(replicaDir), stop(primaryDir)]);
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** The newest PostgreSQL of the machine's packages (/usr/lib/postgresql/<major>/bin) that has pg_basebackup. */
async function systemBinaries(): Promise<(PostgresBinaries & { pg_basebackup?: string }) | undefined> {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const majors = readdirSync(root)
    .filter((major) => existsSync(path.join(root, major, 'bin', 'pg_basebackup')))
    .sort((a, b) => Number(b) - Number(a));
  if (!majors[0]) return undefined;
  const bin = (name: string) => path.join(root, majors[0]!, 'bin', name);
  return {
    initdb: bin('initdb'),
    postgres: bin('postgres'),
    pg_ctl: bin('pg_ctl'),
    pg_basebackup: bin('pg_basebackup'),
  };
}

/** Settings of both servers (the replica's copy then overrides its port). */
function settings(port: number): string {
  return [
    '',
    `port = ${port}`,
    "listen_addresses = '127.0.0.1'",
    "unix_socket_directories = ''",
    'wal_level = replica',
    // max_wal_senders and max_connections keep initdb's values: a standby refuses lower ones than its primary's.
    'hot_standby = on',
    'fsync = off',
    'synchronous_commit = off',
    'full_page_writes = off',
    // The replica reports its position often, so the primary's view of it stays current.
    "wal_receiver_status_interval = '1s'",
    '',
  ].join('\n');
}

function logTail(dir: string): string {
  const log = path.join(dir, 'server.log');
  return existsSync(log) ? readFileSync(log, 'utf8').split('\n').slice(-8).join('\n') : '';
}

function ownedFile(file: string, runAs: RunAs | undefined) {
  writeFileSync(file, '', { mode: 0o600 });
  if (runAs) chownSync(file, runAs.uid, runAs.gid);
}

async function ports(): Promise<[number, number]> {
  const pinned = process.env.TEST_REPLICATION_PORTS?.split(',').map(Number);
  if (pinned?.length === 2 && pinned.every((port) => port > 0)) return pinned as [number, number];
  const first = await freePort();
  let second = await freePort();
  while (second === first) second = await freePort();
  return [first, second];
}

/** Retries `probe` every 50 ms until it resolves (the standby accepts connections once consistent). */
async function waitFor(probe: () => Promise<unknown>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await probe();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
