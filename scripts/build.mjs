// `npm run build`: compiles packages/shared and apps/server to JavaScript (dist/) and builds the two web apps (back office and storefront).
// start.mjs and the test setup use the same steps, each only when its sources are newer than its build.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';

export const root = path.resolve(import.meta.dirname, '..');
const serverDir = path.join(root, 'apps/server');
const sharedDir = path.join(root, 'packages/shared');
const webDir = path.join(root, 'apps/web');
const shopDir = path.join(root, 'apps/shop');
const clientDir = path.join(root, 'packages/client');
const uiDir = path.join(root, 'packages/ui');
/** Written last by a server build, so an interrupted build counts as missing. */
const serverStamp = path.join(serverDir, 'dist/.built');
const webIndex = path.join(webDir, 'dist/index.html');
const shopIndex = path.join(shopDir, 'dist/index.html');
/** The compiled server resolves @seamline/shared to its dist/ through this export condition. */
const COMPILED_CONDITION = '--conditions=compiled';
/**
 * V8 flags the server process runs with:
 * - a larger young generation (64 MB semi-spaces). A request's objects (rows, answer text, headers) mostly die young;
 *   with V8's default size a scavenge ran while ten requests were still in flight and copied what they held. On the
 *   storefront list with answer reuse off this took the collector from 7 % to under 5 % of the server's time and its
 *   CPU from 0.47–0.55 to 0.40–0.43 ms a request, for up to ≈ 100 MB more resident memory under load;
 * - an old generation allowed to grow by half of what the last full collection kept, not V8's up to four times. A
 *   long job's batches (an import's rows, statements and events, an export's pages, alive across their round trips)
 *   reach the old generation and die there; V8 let that garbage grow to 3–4 times the live heap before collecting it.
 *   The import of 100,000 rows grew the server by 209 MB instead of 377–393 MB, the large store's orders export by
 *   141 MB instead of 345 MB; full collections come more often, still incremental, and the storefront and checkout
 *   figures stayed within their run-to-run spread.
 */
const SERVER_NODE_FLAGS = ['--max-semi-space-size=64', '--heap-growing-percent=50'];

/** Node's arguments before a compiled entry (`main.js` or a CLI under apps/server/dist): the server gets its flags. */
export const compiledNodeArgs = (entry) => [...(entry === 'main.js' ? SERVER_NODE_FLAGS : []), COMPILED_CONDITION];

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry, { withFileTypes: true })) {
    if (child.name === 'node_modules' || child.name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child.name)));
  }
  return newest;
}

const isOlderThan = (built, sources) =>
  !existsSync(built) || Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs;

export function serverBuildIsStale() {
  return isOlderThan(serverStamp, [
    path.join(serverDir, 'src'),
    path.join(serverDir, 'tsconfig.build.json'),
    path.join(sharedDir, 'src'),
    path.join(sharedDir, 'tsconfig.build.json'),
    path.join(root, 'tsconfig.base.json'),
  ]);
}

/** Whether the back office or the storefront is missing or older than its sources (both are built together). */
export function webBuildIsStale() {
  // WEB_DIST names a build made elsewhere: the server serves that one, so there is nothing to build here.
  if (process.env.WEB_DIST) return false;
  const appIsStale = (index, dir) =>
    isOlderThan(index, [
      path.join(dir, 'src'),
      path.join(dir, 'public'),
      path.join(dir, 'index.html'),
      path.join(sharedDir, 'src'),
      path.join(clientDir, 'src'),
      path.join(uiDir, 'src'),
    ]);
  return appIsStale(webIndex, webDir) || appIsStale(shopIndex, shopDir);
}

/** Runs a child with the stop signals passed on to it; resolves with its exit status (128 + signal if killed). */
export function run(command, args, signals = ['SIGINT', 'SIGTERM', 'SIGHUP'], env = process.env) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
  const forward = (signal) => child.kill(signal);
  for (const signal of signals) process.on(signal, forward);
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      for (const s of signals) process.off(s, forward);
      resolve(code ?? 128 + (constants.signals[signal] ?? 0));
    });
  });
}

/**
 * Emits a project's JavaScript without checking its types (`--noCheck`: the same files in a third of the time). The
 * types are checked by `npm run typecheck`, which `npm test` runs first; a build only has to turn them into code.
 */
async function tsc(project) {
  const compiler = path.join(root, 'node_modules/typescript/bin/tsc');
  if (!existsSync(compiler)) throw new Error('The build needs the development dependencies (npm install).');
  const status = await run(process.execPath, [compiler, '-p', project, '--noCheck']);
  if (status !== 0) throw new Error(`tsc -p ${project} failed`);
}

export async function buildServer() {
  for (const dir of [sharedDir, serverDir]) rmSync(path.join(dir, 'dist'), { recursive: true, force: true });
  await tsc(path.join(sharedDir, 'tsconfig.build.json'));
  await tsc(path.join(serverDir, 'tsconfig.build.json'));
  // The migrator reads the SQL files next to the compiled client.
  cpSync(path.join(serverDir, 'src/db/migrations'), path.join(serverDir, 'dist/db/migrations'), { recursive: true });
  writeFileSync(serverStamp, `${new Date().toISOString()}\n`);
}

/**
 * Builds both web apps: the back office (apps/web, served at /) and the storefront (apps/shop, served at /shop).
 * Always production bundles, whatever mode the server runs in: with NODE_ENV=development (`npm start`'s documented
 * default) Vite would bundle React's development build, and the shop's first load would grow from ~110 to ~170 kB of
 * gzipped JavaScript. `npm run dev` keeps Vite's own development server for working on the apps.
 */
export async function buildWeb() {
  const env = { ...process.env, NODE_ENV: 'production' };
  const status = await run('npm', ['run', 'build', '-w', '@seamline/web', '-w', '@seamline/shop'], undefined, env);
  if (status !== 0) throw new Error('The web app build failed');
  for (const dist of [path.dirname(webIndex), path.dirname(shopIndex)]) precompress(dist);
}

/** A build's files that compress well: text. Pictures and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;
/** Below this a file fits in a packet or two either way. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * Writes each compressible file of a build beside itself as `.br` (brotli, its highest quality) and `.gz` (gzip,
 * level 9), once per build: the server sends a browser the smaller copy its Accept-Encoding allows (plugins/web.ts),
 * without compressing anything per request. The storefront's first script is 277,610 bytes as built and 75,650 as brotli.
 */
function precompress(dist) {
  for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const bytes = readFileSync(file);
    if (bytes.length < COMPRESS_FROM_BYTES) continue;
    const brotliParams = { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length };
    writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: brotliParams }));
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // `--server-if-stale`: the test setup's cheap path (tests that run the compiled server need it, not the web app).
  if (process.argv[2] === '--server-if-stale') {
    if (serverBuildIsStale()) await buildServer();
  } else if (process.argv[2] === '--if-stale') {
    // The benchmarks' path: the server and the web app, each only when its sources changed.
    if (serverBuildIsStale()) await buildServer();
    if (webBuildIsStale()) await buildWeb();
  } else {
    console.log('Compiling the server…');
    await buildServer();
    console.log('Building the web app…');
    await buildWeb();
  }
}
