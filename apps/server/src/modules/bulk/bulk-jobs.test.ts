import { BULK_REPORT_LIMIT } from '@seamline/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, buildUser, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { runJob, waitForJob } from '../../../test/jobs.js';
import { placeOrder, stockOf } from '../../../test/orders.js';
import { lockByWorker, queueJobs, recoverNow } from '../../../test/queue.js';
import { activityLogs, jobs, orders, products, users } from '../../db/schema/index.js';
import { RUN_JOB_TASK } from '../../lib/job-runner.js';
import { addJob } from '../../lib/queue.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

const statusLogs = (id: string) =>
  t.app.db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.resourceId, id), eq(activityLogs.action, 'update_status')));

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app, 'admin');
});
afterAll(async () => t.close());

describe('bulk actions as jobs', () => {
  it('answers 202 with a queued job whose progress its starter (and admins) can read, nobody else', async () => {
    const support = await signedIn(t.app, 'support');
    const customer = await buildUser(t.app.db, { role: 'customer' });
    const started = await call(t.app, 'POST', '/api/admin/customers/bulk/status', {
      token: support.token,
      body: { selection: { ids: [customer.id] }, isActive: false },
    });
    expect(started.status).toBe(202);
    expect(started.body.data.job).toMatchObject({ kind: 'customer_bulk_status', totalRows: 1, result: null });
    const job = await waitForJob(t.app, support.token, started.body.data.job.id);
    expect(job).toMatchObject({ status: 'completed', processedRows: 1, failure: null });
    expect(job.result).toMatchObject({ matched: 1, changed: 1 });
    expect((await call(t.app, 'GET', `/api/admin/jobs/${job.id}`, { token: admin.token })).status).toBe(200);
    const moderator = await signedIn(t.app, 'moderator');
    expect((await call(t.app, 'GET', `/api/admin/jobs/${job.id}`, { token: moderator.token })).status).toBe(404);
    const shopper = await signedIn(t.app, 'customer');
    expect((await call(t.app, 'GET', `/api/admin/jobs/${job.id}`, { token: shopper.token })).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/jobs/nope', { token: admin.token })).status).toBe(400);
  });

  it('keeps every count but names at most BULK_REPORT_LIMIT failures', async () => {
    const missing = Array.from({ length: BULK_REPORT_LIMIT + 20 }, (_, i) => i.toString(16).padStart(24, '0'));
    const job = await runJob(t.app, admin.token, '/api/admin/customers/bulk/status', {
      selection: { ids: missing },
      isActive: true,
    });
    expect(job.result).toMatchObject({ matched: missing.length, failed: missing.length, changed: 0 });
    expect(job.result!.failures).toHaveLength(BULK_REPORT_LIMIT);
    expect(job.result!.failures[0]!.reason).toBe('Customer not found');
  });

  it('a job whose worker died goes on, once the queue unlocks it, after the last committed order, moving none twice', async () => {
    const shopper = await signedIn(t.app, 'customer');
    const { product } = await buildProduct(t.app.db, { name: 'Resume Tee' }, [
      { size: 'M', color: 'Black', quantity: 10 },
    ]);
    const line = [{ productId: product.id, size: 'M', color: 'Black', quantity: 1 }];
    const placed = [];
    for (let i = 0; i < 3; i++) placed.push(await placeOrder(t.app, shopper.token, line));
    const ids = placed.map((order) => order.id as string).sort();
    const body = { selection: { ids }, status: 'shipped', paymentStatus: 'paid' };
    // What the database holds when a process dies right after the first order's transaction: that order shipped,
    // the job's cursor and result moved with it (they are written in that same transaction), and its queue job
    // still locked by the dead process's worker.
    const first = await runJob(t.app, admin.token, '/api/admin/orders/bulk/status', {
      ...body,
      selection: { ids: [ids[0]] },
    });
    const crashed = await t.app.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(jobs)
        .values({
          kind: 'order_bulk_status',
          status: 'running',
          params: { body, user: { ...admin.user, sessionId: null } },
          totalRows: 3,
          processedRows: 1,
          cursor: ids[0],
          result: first.result,
          actor: { userId: admin.user.id, userEmail: admin.user.email, ip: null, userAgent: null },
          createdBy: admin.user.id,
          startedAt: sql`now() - interval '10 minutes'`,
        })
        .returning();
      await addJob(tx, RUN_JOB_TASK, { jobId: row!.id }, { jobKey: `jobs:${row!.id}` });
      // The worker still beats: its instance is alive, busy with the job.
      await lockByWorker(tx, { task: RUN_JOB_TASK, payload: { jobId: row!.id } }, 'worker-busy', 0);
      return row!;
    });
    const lockedBy = async () =>
      (await queueJobs(t.app.db, RUN_JOB_TASK)).find((job) => job.locked_by !== null)?.locked_by ?? null;
    // A worker that beats is left alone, even holding the job for long.
    await t.app.db.execute(sql`UPDATE graphile_worker._private_jobs SET locked_at = now() - interval '10 minutes'
                              WHERE locked_by = 'worker-busy'`);
    await recoverNow(t.app.db);
    expect(await lockedBy()).toBe('worker-busy');
    expect(
      (await call(t.app, 'GET', `/api/admin/jobs/${crashed.id}`, { token: admin.token })).body.data.job,
    ).toMatchObject({ status: 'running', processedRows: 1 });
    // Its instance dies: no beat for three minutes. The next recovery unlocks the job and a live worker resumes it.
    await t.app.db.execute(sql`UPDATE queue_workers SET heartbeat_at = now() - interval '3 minutes'
                              WHERE worker_id = 'worker-busy'`);
    await recoverNow(t.app.db);
    const job = await waitForJob(t.app, admin.token, crashed.id);
    expect(job).toMatchObject({ status: 'completed', processedRows: 3 });
    expect(job.result).toMatchObject({ matched: 3, changed: 3, unchanged: 0, failed: 0 });
    for (const id of ids) expect(await statusLogs(id)).toHaveLength(1);
    // Three units shipped once each: quantity 10 → 7, nothing left reserved.
    expect(await stockOf(t.app, product.id)).toEqual([7, 0]);
  });

  it('24 bulk jobs at once over the same orders and products end without a deadlock', async () => {
    const shopper = await signedIn(t.app, 'customer');
    const built = [];
    for (let i = 0; i < 4; i++)
      built.push(
        (await buildProduct(t.app.db, { name: `Parallel ${i}` }, [{ size: 'M', color: 'Black', quantity: 500 }]))
          .product,
      );
    const orderIds: string[] = [];
    for (let i = 0; i < 12; i++)
      orderIds.push(
        (
          await placeOrder(t.app, shopper.token, [
            { productId: built[i % 4]!.id, size: 'M', color: 'Black', quantity: 1 },
            { productId: built[(i + 1) % 4]!.id, size: 'M', color: 'Black', quantity: 1 },
          ])
        ).id,
      );
    const productIds = built.map((p) => p.id);
    const statuses = ['confirmed', 'processing', 'cancelled', 'pending'] as const;
    const started = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        i % 3 === 2
          ? call(t.app, 'POST', '/api/admin/products/bulk', {
              token: admin.token,
              body: { selection: { ids: productIds }, action: { type: i % 2 ? 'deactivate' : 'activate' } },
            })
          : call(t.app, 'POST', '/api/admin/orders/bulk/status', {
              token: admin.token,
              body: { selection: { ids: [...orderIds].reverse() }, status: statuses[i % 4] },
            }),
      ),
    );
    expect(started.map((res) => res.status)).toEqual(started.map(() => 202));
    const done = await Promise.all(started.map((res) => waitForJob(t.app, admin.token, res.body.data.job.id)));
    for (const job of done) {
      expect(job.status).toBe('completed');
      expect(job.result!.matched).toBe(job.totalRows);
      // Refusals are the state machine's (stock), never a busy database.
      for (const failure of job.result!.failures) expect(failure.reason).toMatch(/^Insufficient stock/);
    }
    const rows = await t.app.db.select().from(orders).where(inArray(orders.id, orderIds));
    expect(rows).toHaveLength(12);
    expect(await t.app.db.select().from(products).where(inArray(products.id, productIds))).toHaveLength(4);
  }, 180_000);

  it('selects "all matching" a customer filter inside the job', async () => {
    const marker = `bulkfilter-${Date.now()}`;
    for (let i = 0; i < 3; i++) await buildUser(t.app.db, { role: 'customer', email: `${marker}-${i}@example.com` });
    const job = await runJob(t.app, admin.token, '/api/admin/customers/bulk/status', {
      selection: { filter: { search: marker, status: 'active' } },
      isActive: false,
    });
    expect(job).toMatchObject({ totalRows: 3, processedRows: 3 });
    expect(job.result).toMatchObject({ matched: 3, changed: 3 });
    const left = await t.app.db
      .select()
      .from(users)
      .where(and(sql`${users.email} LIKE ${`${marker}%`}`, eq(users.isActive, true)));
    expect(left).toEqual([]);
  });
});
