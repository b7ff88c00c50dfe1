import { type BulkResult, JOB_KINDS, JOB_STATUSES } from '@seamline/shared';
import { customType, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, oneOf, refId, tstz, updatedAt } from './common.js';
import { users } from './users.js';

export type JobCounts = { create: number; update: number; unchanged: number; failed: number };
export type JobRowError = { row: number; column: string; message: string };
/** Who started the job, for the activity-log entry written when it ends. */
export type JobActor = {
  userId: string | null;
  userEmail: string | null;
  /** Set when an API key started the job (older rows have none). */
  apiKeyId?: string | null;
  ip: string | null;
  userAgent: string | null;
};

/**
 * Background jobs (product import, bulk actions): the record staff see (progress, counts, errors). Each is run by a
 * `jobs.run` job of the queue, added with the row; progress is committed with each batch, so a run the queue starts
 * again (its process died) resumes from `processed_rows` / `cursor`. An import's uploaded file is in
 * `job_input_chunks`; a bulk action's request is in `params`.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: idColumn(),
    kind: text('kind', { enum: JOB_KINDS }).notNull(),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('queued'),
    fileName: text('file_name').notNull().default(''),
    /** A bulk action's request as validated, and who asked (an import's file is in `job_input_chunks`). */
    params: jsonb('params'),
    /** A bulk job's keyset position: the last id done (committed with the work that did it). */
    cursor: text('cursor'),
    /** A bulk job's answer so far (counts, the first changed and failed objects). */
    result: jsonb('result').$type<BulkResult>(),
    totalRows: integer('total_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    counts: jsonb('counts').$type<JobCounts>().notNull().default({ create: 0, update: 0, unchanged: 0, failed: 0 }),
    errors: jsonb('errors').$type<JobRowError[]>().notNull().default([]),
    errorCount: integer('error_count').notNull().default(0),
    failure: text('failure'),
    actor: jsonb('actor').$type<JobActor>().notNull(),
    createdBy: refId('created_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: tstz('started_at'),
    heartbeatAt: tstz('heartbeat_at'),
    finishedAt: tstz('finished_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    oneOf('jobs_kind_check', t.kind, JOB_KINDS),
    oneOf('jobs_status_check', t.status, JOB_STATUSES),
    index('jobs_status_idx').on(t.status, t.heartbeatAt),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // node-postgres reads a Buffer, the embedded database a Uint8Array.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * An import job's uploaded CSV, stored as it streams in (about 1 MB per row, in order), so any instance can run or
 * resume the job. Written before the job row exists (the upload is checked while it streams), hence no foreign key:
 * the job deletes its chunks when it ends, and chunks of an upload that never became a job are swept later.
 */
export const jobInputChunks = pgTable(
  'job_input_chunks',
  {
    jobId: refId('job_id').notNull(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.seq] })],
);

/**
 * The queue's workers of the running instances, each beating every 30 s while its instance lives. A job locked by a
 * worker that has stopped beating (its process died) is unlocked by the `queue.recover` task, so another instance
 * runs it within minutes rather than after graphile-worker's own 4-hour lock expiry.
 */
export const queueWorkers = pgTable('queue_workers', {
  workerId: text('worker_id').primaryKey(),
  heartbeatAt: tstz('heartbeat_at').notNull().defaultNow(),
});
