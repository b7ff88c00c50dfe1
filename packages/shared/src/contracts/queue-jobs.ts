import { z } from 'zod';
import { endpoint } from '../contract.js';
import { envelope } from '../envelopes.js';
import { queueJobId, queueJobsPage, queueJobsQuery, queueJobView } from '../queue-jobs.js';

const tag = 'queue-jobs';

/** The app's job queue as admins see it (Settings → Jobs): its jobs by state, and a retry for a failed one. */
export const queueJobContracts = {
  list: endpoint({
    operationId: 'listQueueJobs',
    method: 'GET',
    path: '/admin/queue/jobs',
    summary: "List the job queue's jobs of one state, newest first, 20 per page, with counts per state",
    description:
      'The background work of every instance (mail sending, background jobs, event publishing, clean-ups). ' +
      '`state`: queued (due, waiting for a worker), running (taken by a worker), scheduled (waiting for its time ' +
      'or its next try after a failure) or failed (out of tries, with its last error). Keyset pages: pass the ' +
      "previous page's `nextCursor` as `after`. Counts are exact up to a bound and estimated past it.",
    tag,
    access: 'integrations',
    query: queueJobsQuery,
    responses: { 200: envelope(queueJobsPage) },
  }),
  retry: endpoint({
    operationId: 'retryQueueJob',
    method: 'POST',
    path: '/admin/queue/jobs/:id/retry',
    summary: 'Run a failed job again now, with its tries counted from zero',
    description:
      'Only for a failed job (out of tries): it becomes queued and a worker takes it at once. Recorded in the ' +
      'activity log. 404 "Job not found"; 409 when the job is not failed (or a worker holds it).',
    tag,
    access: 'integrations',
    params: z.object({ id: queueJobId }),
    responses: { 200: envelope(z.object({ job: queueJobView })) },
    errors: [404, 409],
  }),
};
