// `npm start` (and `npm run db:migrate` with the argument `migrate`): builds what is missing or older than its
// sources, then runs the compiled server (or migration command) with plain node.
// Behind a supervisor this process stands in for the server: stop signals are passed on, and its exit status is the
// server's (128 + signal number when the server died of a signal, as a shell reports it).
import path from 'node:path';
import { buildServer, buildWeb, compiledNodeArgs, root, run, serverBuildIsStale, webBuildIsStale } from './build.mjs';

const ENTRIES = { server: 'main.js', migrate: 'db/migrate-cli.js', 'create-admin': 'cli/create-admin.js' };
const entry = ENTRIES[process.argv[2] ?? 'server'];
if (!entry) {
  console.error(`Unknown command ${process.argv[2]}; use one of: ${Object.keys(ENTRIES).join(', ')}`);
  process.exit(2);
}

try {
  if (serverBuildIsStale()) {
    console.log('Compiling the server…');
    await buildServer();
  }
  if (entry === ENTRIES.server && webBuildIsStale()) {
    console.log('Building the web app…');
    await buildWeb();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

process.exit(
  await run(process.execPath, [
    ...compiledNodeArgs(entry),
    path.join(root, 'apps/server/dist', entry),
    ...process.argv.slice(3),
  ]),
);
