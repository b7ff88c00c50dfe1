import { buildApp } from './app.js';
import { loadConfig, prepareDataDir } from './config.js';
import { bootstrapData } from './db/bootstrap.js';
import { openDatabase } from './db/client.js';
import { describeConnectionFailure } from './db/connection.js';
import { EmbeddedPostgresError } from './db/embedded/binaries.js';
import { DEMO_ACCOUNTS } from './db/seed/index.js';
import { isReportedQueueFailure } from './lib/queue.js';

// Node ends the process on an unhandled rejection, and so does this listener, but for the one the job queue's library
// leaves behind after a failed recurring tasks' tick: already logged, and the queue starts again (lib/queue.ts).
process.on('unhandledRejection', (reason) => {
  if (!isReportedQueueFailure(reason)) throw reason;
});

const config = loadConfig();
prepareDataDir(config);
const database = await openDatabase({
  ...config,
  requestTimeouts: config.dbTimeouts,
  replicas: config.readReplicas,
}).catch((error) => {
  // No embedded binaries for this machine, or a cluster that cannot start: the message says why and what to set.
  if (!(error instanceof EmbeddedPostgresError)) throw error;
  console.error(error.message);
  process.exit(1);
});
try {
  // MIGRATE_ON_START=0: migrations are their own deployment step (`npm run db:migrate`).
  if (config.runtime.migrateOnStart) await database.migrate();
} catch (error) {
  if (!config.databaseUrl) throw error;
  // The operator needs where and why, not a query stack.
  console.error(describeConnectionFailure(config.databaseUrl, error));
  await database.close();
  process.exit(1);
}
const app = await buildApp({ config, database });

if ((await bootstrapData(database.db, config, (m) => app.log.info(m))).demoSeeded) {
  const lines = DEMO_ACCOUNTS.map((a) => `  ${a.role.padEnd(10)} ${a.email.padEnd(28)} ${a.password}`);
  console.log(`\nDemo accounts:\n${lines.join('\n')}\n`);
}

await app.listen({ port: config.port, host: config.host });
console.log(
  `Seamline is running at ${config.publicUrl} (API at ${config.publicUrl}/api${config.apiDocs ? `, docs at ${config.publicUrl}/api/docs` : ''})`,
);

// Graceful shutdown: readiness fails first (SHUTDOWN_DELAY_MS, so a load balancer stops sending), then the server
// stops accepting, in-flight requests finish within SHUTDOWN_GRACE_MS, the job queue stops, the database closes and
// the process exits 0.
let stopping = false;
async function shutdown(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal} received, shutting down`);
  app.readiness.draining = true;
  const { shutdownDelayMs, shutdownGraceMs } = config.runtime;
  const deadline = setTimeout(() => {
    app.log.error('Shutdown took too long, exiting');
    process.exit(1);
  }, shutdownDelayMs + shutdownGraceMs);
  deadline.unref();
  try {
    if (shutdownDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, shutdownDelayMs));
    // Closing the app stops the job queue too (mail, jobs, clean-ups), letting running jobs finish.
    await app.close();
    await database.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'error during shutdown');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
