import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, signedIn } from '../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../test/harness.js';
import { stockOf } from '../../test/orders.js';

/**
 * A connection the database cuts while a request is using it (terminated backend, failover, idle-in-transaction
 * timeout) must cost that request a 503, not the process.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let blocker: pg.Client;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app, 'admin');
  blocker = new pg.Client({ connectionString: t.config.databaseUrl });
  await blocker.connect();
});
afterAll(async () => {
  await blocker.end();
  await t.close();
});

/** The backend of the app that waits for a lock in this database (the request held up by the blocker). */
async function waitingBackend(): Promise<number> {
  for (let tries = 0; tries < 100; tries++) {
    const { rows } = await blocker.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
    );
    if (rows[0]) return rows[0].pid;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('no request ever waited for the lock');
}

describe('a database connection cut in the middle of a request', () => {
  it('answers that request 503 and keeps serving', async () => {
    const { product } = await buildProduct(t.app.db, {}, [{ size: 'M', color: 'Black', quantity: 10 }]);
    const stockChange = () =>
      call(t.app, 'PUT', `/api/admin/products/${product.id}/inventory`, {
        token: admin.token,
        body: { size: 'M', color: 'Black', quantity: 1, operation: 'add' },
      });
    // Hold the variant's row so the request's transaction stops inside the database, then end its backend.
    await blocker.query('BEGIN');
    await blocker.query('SELECT 1 FROM inventory WHERE product_id = $1 FOR UPDATE', [product.id]);
    const cut = stockChange();
    await blocker.query('SELECT pg_terminate_backend($1)', [await waitingBackend()]);
    const answer = await cut;
    await blocker.query('ROLLBACK');

    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ success: false, code: 'UNAVAILABLE' });
    // The process is still up and the pool opens a fresh connection for the next request.
    const next = await stockChange();
    expect(next.status).toBe(200);
    // Only the second change landed: the cut one rolled back with its connection.
    expect(await stockOf(t.app, product.id)).toEqual([11, 0]);
    const health = await call(t.app, 'GET', '/api/health');
    expect(health.status).toBe(200);
  });
});
