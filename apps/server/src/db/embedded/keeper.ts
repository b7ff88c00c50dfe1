import { type ChildProcess, spawn } from 'node:child_process';

/**
 * The embedded PostgreSQL runs under a tiny keeper process, so it never outlives the server that started it, however
 * that server ends (SIGTERM, a crash, kill -9). The keeper holds the read end of a pipe from the server: when the
 * pipe closes, the server is gone and the keeper asks PostgreSQL for a fast shutdown (SIGINT: open transactions roll
 * back, everything committed is on disk), waits for it and exits. A stop signal to the keeper does the same.
 * Plain JavaScript run with `node -e`, so it works the same from the sources (tsx), the compiled server and tests.
 */
const KEEPER_SOURCE = `
const { spawn } = require('node:child_process');
const [command, argsJson, idsJson] = process.argv.slice(1);
const postgres = spawn(command, JSON.parse(argsJson), { stdio: 'inherit', ...JSON.parse(idsJson) });
let stopping = false;
const stop = () => { if (!stopping) { stopping = true; postgres.kill('SIGINT'); } };
postgres.on('exit', (code, signal) => process.exit(stopping ? 0 : code ?? 1));
postgres.on('error', () => process.exit(1));
process.stdin.on('data', () => {});
process.stdin.on('end', stop);
process.stdin.on('error', stop);
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
`;

export type KeeperOptions = {
  /** The postgres binary and its arguments. */
  command: string;
  args: string[];
  /** When the server runs as root: the unprivileged user PostgreSQL runs as. */
  runAs?: { uid: number; gid: number };
  /** Where PostgreSQL's own output goes (a file descriptor of the server log). */
  logFd: number;
};

export function startKeeper(options: KeeperOptions): ChildProcess {
  const keeper = spawn(
    process.execPath,
    ['-e', KEEPER_SOURCE, options.command, JSON.stringify(options.args), JSON.stringify(options.runAs ?? {})],
    // Its own process group: a Ctrl-C in the terminal reaches the server, which then stops the database in order
    // (after in-flight requests), instead of the database dying under them.
    { stdio: ['pipe', options.logFd, options.logFd], detached: true, windowsHide: true },
  );
  keeper.stdin?.on('error', () => {});
  return keeper;
}
