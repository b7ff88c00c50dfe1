// `npm start`: builds the web app when its sources are newer than the build, then runs the server.
// Behind a supervisor this process stands in for the server: stop signals are passed on, and its exit status is the
// server's (128 + signal number when the server died of a signal, as a shell reports it).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const webDir = path.join(root, 'apps/web');
const builtIndex = path.join(webDir, 'dist/index.html');
const FORWARDED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function webBuildIsStale() {
  // WEB_DIST names a build made elsewhere: the server serves that one, so there is nothing to build here.
  if (process.env.WEB_DIST) return false;
  if (!existsSync(builtIndex)) return true;
  const sources = [path.join(webDir, 'src'), path.join(webDir, 'public'), path.join(root, 'packages/shared/src')];
  const newest = Math.max(
    ...sources.filter(existsSync).map(newestMtime),
    statSync(path.join(webDir, 'index.html')).mtimeMs,
  );
  return newest > statSync(builtIndex).mtimeMs;
}

/** Runs a child with the stop signals passed on to it; resolves with its exit status. */
function run(command, args) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
  const forward = (signal) => child.kill(signal);
  for (const signal of FORWARDED_SIGNALS) process.on(signal, forward);
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      for (const s of FORWARDED_SIGNALS) process.off(s, forward);
      resolve(code ?? 128 + (constants.signals[signal] ?? 0));
    });
  });
}

if (webBuildIsStale()) {
  console.log('Building the web app…');
  const status = await run('npm', ['run', 'build', '-w', '@seamline/web']);
  if (status !== 0) process.exit(status);
}

// node --import tsx (not the tsx CLI) so the server's own exit code and signal handling come through.
process.exit(await run(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')]));
