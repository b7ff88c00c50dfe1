import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, onServer } from '../test/databases.js';
import { startProductionServer, waitHealthy } from '../test/process.js';
import { until } from '../test/queue.js';

/*
 * The production server process whose job queue meets a database error in its recurring tasks' tick: here the
 * worker library's table of recurring tasks is hidden while the server starts, so the tick's first query fails as a
 * failover or a terminated connection would fail it. The library then stops its runner for good and leaves an
 * unhandled rejection behind, which used to end the process. It must keep serving and start its queue again.
 */
let database: Awaited<ReturnType<typeof freshDatabase>>;
let server: Awaited<ReturnType<typeof startProductionServer>>['server'];
let base: string;

const KNOWN_CRONTABS = 'graphile_worker._private_known_crontabs';
const sql = (text: string) => onServer(database.url, (client) => client.query(text));

beforeAll(async () => {
  database = await freshDatabase({ migrated: true });
  await sql(`ALTER TABLE ${KNOWN_CRONTABS} RENAME TO hidden_known_crontabs`);
  let port: number;
  ({ server, port, base } = await startProductionServer('queue-outage', {
    JWT_SECRET: 'a-production-secret-for-the-queue-outage-test',
    DATABASE_URL: database.url,
  }));
  expect(await waitHealthy(port, server.child), server.output()).toBe(true);
}, 120_000);

afterAll(async () => {
  server?.child.kill('SIGKILL');
  await server?.exited;
  await database?.drop();
});

const queueWorkers = async () =>
  (await sql('SELECT worker_id FROM queue_workers')).rows.map((row: { worker_id: string }) => row.worker_id);

describe('a failed recurring tasks tick of the job queue', () => {
  it('costs no request, and the queue starts again once the database answers', async () => {
    await until(async () => server.output().includes('the job queue stopped on an error'), 15_000, server.output);
    const stopped = new Set(await queueWorkers());
    expect(server.child.exitCode).toBeNull();
    expect((await fetch(`${base}/api/health`)).status).toBe(200);

    await sql(`ALTER TABLE graphile_worker.hidden_known_crontabs RENAME TO _private_known_crontabs`);
    // A new runner after the queue's retry delay (10 s): its workers register under new ids.
    await until(async () => (await queueWorkers()).some((id) => !stopped.has(id)), 30_000, server.output);
    // The stopped runner's workers were let go (its heartbeat and pool stopped), not left beating.
    expect((await queueWorkers()).filter((id) => stopped.has(id))).toEqual([]);
    expect(server.child.exitCode).toBeNull();
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  }, 60_000);
});
