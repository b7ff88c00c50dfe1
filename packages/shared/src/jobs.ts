import { z } from 'zod';
import { bulkResult } from './bulk.js';
import { importCountsView, rowErrorView } from './product-import.js';

export const JOB_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
/** What a background job does: the product import, or one of the list screens' bulk actions. */
export const JOB_KINDS = ['product_import', 'product_bulk', 'order_bulk_status', 'customer_bulk_status'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export const jobView = z.object({
  _id: z.string(),
  id: z.string(),
  kind: z.enum(JOB_KINDS),
  status: z.enum(JOB_STATUSES),
  fileName: z.string(),
  /** Rows (import) or objects (bulk action) to do; a bulk job over a filter knows it once it has started. */
  totalRows: z.number(),
  processedRows: z.number(),
  /** Rows per second since the job started (0 before). */
  rate: z.number(),
  counts: importCountsView,
  errors: z.array(rowErrorView),
  errorCount: z.number(),
  /** A bulk job's answer so far: full counts, the first changed and failed objects (with why). Null for an import. */
  result: bulkResult.nullable(),
  /** Why a failed job stopped. */
  failure: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type JobView = z.infer<typeof jobView>;

export const isFinishedJob = (job: Pick<JobView, 'status'> | undefined) =>
  job?.status === 'completed' || job?.status === 'failed';
