import { call } from '../harness.js';
import { failedQueueJob } from '../queue.js';
import type { ScenarioTable } from './types.js';

/** An admin retrying a job of the queue that spent its tries. */
export const queueJobsScenarios: ScenarioTable = {
  'POST /api/admin/queue/jobs/:id/retry': async ({ app, staff }) => {
    const admin = await staff('admin');
    const id = await failedQueueJob(app.db);
    return {
      call: () => call(app, 'POST', `/api/admin/queue/jobs/${id}/retry`, { token: admin.token }),
      expected: () => ({ userId: admin.user.id, action: 'retry', resource: 'queue_job', resourceId: id }),
    };
  },
};
