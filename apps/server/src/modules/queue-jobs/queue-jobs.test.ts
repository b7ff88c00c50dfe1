import { QUEUE_JOBS_PAGE_SIZE } from '@seamline/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { failedQueueJob, lockByWorker } from '../../../test/queue.js';
import { activityLogs } from '../../db/schema/index.js';
import { addJob } from '../../lib/queue.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app, 'admin');
});
afterAll(async () => t.close());

const list = (query: string, token = admin.token) => call(t.app, 'GET', `/api/admin/queue/jobs?${query}`, { token });

describe('the job queue for admins', () => {
  it('lists the jobs of each state with counts; a worker that holds a job shows it running', async () => {
    // Jobs of a task no instance defines stay where the test puts them.
    const failed = await failedQueueJob(t.app.db, 'Connection refused');
    const tomorrow = new Date(Date.now() + 86_400_000);
    await addJob(t.app.db, 'test.later', { n: 1 }, { runAt: tomorrow, queueName: 'later' });
    await t.app.db.transaction(async (tx) => {
      await addJob(tx, 'test.busy', { n: 2 });
      await lockByWorker(tx, { task: 'test.busy', payload: {} }, 'worker-test', 0);
    });
    await addJob(t.app.db, 'test.waiting', { n: 3 });

    const answers = Object.fromEntries(
      await Promise.all(
        (['failed', 'scheduled', 'running', 'queued'] as const).map(async (state) => [
          state,
          await list(`state=${state}`),
        ]),
      ),
    );
    expect(answers.failed.status).toBe(200);
    expect(answers.failed.body.data.jobs).toEqual([
      expect.objectContaining({
        id: failed,
        task: 'test.failing',
        state: 'failed',
        attempts: 3,
        maxAttempts: 3,
        lastError: 'Connection refused',
      }),
    ]);
    expect(answers.scheduled.body.data.jobs).toEqual(
      expect.arrayContaining([expect.objectContaining({ task: 'test.later', queue: 'later', state: 'scheduled' })]),
    );
    expect(answers.running.body.data.jobs.map((job: { task: string }) => job.task)).toContain('test.busy');
    expect(answers.queued.body.data.jobs.map((job: { task: string }) => job.task)).toContain('test.waiting');
    expect(answers.failed.body.data.counts).toMatchObject({
      failed: { total: 1, exact: true },
      running: { total: expect.any(Number), exact: true },
    });
    expect(answers.failed.body.data.nextCursor).toBeNull();
  });

  it('pages 20 at a time, newest first, following the cursor to the end', async () => {
    for (let i = 0; i < QUEUE_JOBS_PAGE_SIZE + 5; i++)
      await addJob(t.app.db, 'test.paged', { i }, { runAt: new Date(Date.now() + 3_600_000) });
    const first = await list('state=scheduled');
    expect(first.body.data.jobs).toHaveLength(QUEUE_JOBS_PAGE_SIZE);
    const ids = first.body.data.jobs.map((job: { id: string }) => BigInt(job.id));
    expect([...ids].sort((a, b) => (a < b ? 1 : -1))).toEqual(ids);
    const second = await list(`state=scheduled&after=${first.body.data.nextCursor}`);
    expect(second.status).toBe(200);
    expect(second.body.data.jobs.length).toBeGreaterThanOrEqual(5);
    expect(BigInt(second.body.data.jobs[0].id)).toBeLessThan(ids.at(-1)!);
    expect(second.body.data.nextCursor).toBeNull();
  });

  it('retries a failed job: queued again with its tries from zero, in the activity log; other jobs get 409', async () => {
    const failed = await failedQueueJob(t.app.db);
    const retried = await call(t.app, 'POST', `/api/admin/queue/jobs/${failed}/retry`, { token: admin.token });
    expect(retried.status).toBe(200);
    expect(retried.body.data.job).toMatchObject({ id: failed, state: 'queued', attempts: 0 });
    const [entry] = await t.app.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.resource, 'queue_job'), eq(activityLogs.resourceId, failed)));
    expect(entry).toMatchObject({ action: 'retry', userId: admin.user.id, status: 'success' });

    const again = await call(t.app, 'POST', `/api/admin/queue/jobs/${failed}/retry`, { token: admin.token });
    expect(again.status).toBe(409);
    expect((await call(t.app, 'POST', '/api/admin/queue/jobs/999999999/retry', { token: admin.token })).status).toBe(
      404,
    );
  });

  it('refuses bad input with 400 and every role but admin with 403', async () => {
    expect((await list('state=lost')).status).toBe(400);
    expect((await list('state=failed&after=abc')).status).toBe(400);
    expect((await call(t.app, 'POST', '/api/admin/queue/jobs/-1/retry', { token: admin.token })).status).toBe(400);
    for (const role of ['moderator', 'support', 'customer'] as const) {
      const other = await signedIn(t.app, role);
      expect((await list('state=failed', other.token)).status).toBe(403);
      const failed = await failedQueueJob(t.app.db);
      const refused = await call(t.app, 'POST', `/api/admin/queue/jobs/${failed}/retry`, { token: other.token });
      expect(refused.status).toBe(403);
    }
    expect((await call(t.app, 'GET', '/api/admin/queue/jobs')).status).toBe(401);
  });
});
