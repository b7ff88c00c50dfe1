import { z } from 'zod';

/**
 * The states of a job of the app's queue, as the jobs screen filters them: waiting to run now (queued), taken by a
 * worker (running), waiting for its time or its next try (scheduled), or out of tries and kept with its last error
 * (failed).
 */
export const QUEUE_JOB_STATES = ['queued', 'running', 'scheduled', 'failed'] as const;
export type QueueJobState = (typeof QUEUE_JOB_STATES)[number];

/** Jobs per page of the jobs screen. */
export const QUEUE_JOBS_PAGE_SIZE = 20;

/** A queue job's id: graphile-worker's bigint, as a decimal string. */
export const queueJobId = z.string().regex(/^[1-9]\d{0,17}$/, 'Job id must be a positive whole number');

export const queueJobsQuery = z.object({
  state: z.enum(QUEUE_JOB_STATES).default('queued'),
  /** The last id of the previous page (keyset): the page holds the jobs after it, newest first. */
  after: queueJobId.optional(),
});

export const queueJobView = z.object({
  id: queueJobId,
  task: z.string(),
  queue: z.string().nullable(),
  state: z.enum(QUEUE_JOB_STATES),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  runAt: z.string(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
});
export type QueueJobView = z.infer<typeof queueJobView>;

const boundedCount = z.object({ total: z.number().int(), exact: z.boolean() });

export const queueJobsPage = z.object({
  jobs: z.array(queueJobView),
  /** Pass as `after` for the next page; null on the last one. */
  nextCursor: queueJobId.nullable(),
  /** Jobs per state, counted exactly up to a bound and estimated past it. */
  counts: z.object({ queued: boundedCount, running: boundedCount, scheduled: boundedCount, failed: boundedCount }),
});
export type QueueJobsPage = z.infer<typeof queueJobsPage>;
