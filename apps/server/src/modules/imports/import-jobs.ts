import type { Readable } from 'node:stream';
import { IMPORT_LIMITS, type ImportImageRules, type ImportPreview, type JobView } from '@seamline/shared';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { jobs } from '../../db/schema/index.js';
import { type AuditContext, writeActivity } from '../../lib/audit.js';
import { newId } from '../../lib/ids.js';
import type { JobHandler, JobRunner } from '../../lib/job-runner.js';
import { inBatches, readCsvRecords } from './csv-records.js';
import type { ImportImages } from './import-images.js';
import { ImportPlanner, type RowDecision } from './import-plan.js';
import { writeBatch } from './import-write.js';
import { deleteInput, storedInput, storeInput, sweepAbandonedUploads } from './job-input.js';

/** The import's dry run: plans every batch as the upload streams in, writes nothing. */
export async function previewImport(
  db: Db,
  file: Readable,
  fileName: string,
  imageRules: ImportImageRules,
): Promise<ImportPreview> {
  const planner = new ImportPlanner(IMPORT_LIMITS.maxListedErrors, imageRules);
  for await (const batch of inBatches(readCsvRecords(file), IMPORT_LIMITS.batchRows)) await planner.plan(db, batch);
  return {
    fileName,
    totalRows: planner.totalRows,
    counts: planner.counts,
    newProducts: planner.newProducts,
    errors: planner.errors,
    errorCount: planner.errorCount,
  };
}

/**
 * Stores the file as it streams in while counting its rows (the header checked, so a wrong file is a 400 now, not a
 * failed job), then queues the job. A refused upload leaves nothing behind.
 */
export async function startImport(
  db: Db,
  runner: JobRunner,
  log: FastifyBaseLogger,
  upload: { file: Readable; fileName: string },
  ctx: AuditContext,
): Promise<JobView> {
  const id = newId();
  const input = storeInput(db, id);
  try {
    let totalRows = 0;
    for await (const _record of readCsvRecords(upload.file, input.stream)) totalRows += 1;
    return await runner.enqueue({ id, kind: 'product_import', fileName: upload.fileName, totalRows }, ctx);
  } catch (error) {
    // Left over only if this delete fails too: then the sweep of abandoned uploads takes them.
    await input.settled();
    await deleteInput(db, id).catch((err) => log.warn({ err, jobId: id }, 'upload chunks not deleted'));
    throw error;
  }
}

/**
 * The product import job: applies the stored file one transaction per batch that also records the progress, so a
 * job resumes where its last batch ended, on any instance; it ends with ONE activity-log entry carrying its counts and
 * drops its stored file.
 */
export function productImportJob(db: Db, images: ImportImages): JobHandler {
  return {
    failureMessage: 'The import stopped on an unexpected error; rows before it were imported',
    sweep: () => sweepAbandonedUploads(db),
    async run(job, stopping) {
      // A resumed job goes on from the counts and errors its last batch committed.
      const planner = new ImportPlanner(IMPORT_LIMITS.maxListedErrors, images.imageRules, job);
      let skipped = 0;
      for await (const batch of inBatches(readCsvRecords(storedInput(db, job.id)), IMPORT_LIMITS.batchRows)) {
        if (stopping()) return 'stopped';
        // Rows done before a restart are re-planned (to know the file's products and combinations), not written.
        const resumed = skipped < job.processedRows;
        skipped += batch.length;
        if (resumed) {
          // Pictures a crash left unset are set now (those already stored match and are not fetched again).
          await setImages(db, images, job.id, planner, await planner.replay(db, batch));
          continue;
        }
        // Planned before the transaction: the database's retry of a busy transaction re-runs only the writes.
        const decisions = await planner.plan(db, batch);
        await db.transaction(async (tx) => {
          const refused = await writeBatch(tx, planner, decisions, job.actor.userId);
          for (const r of refused) {
            planner.counts[r.kind] -= 1;
            planner.fail([r.error]);
          }
          await tx
            .update(jobs)
            .set({
              processedRows: skipped,
              counts: planner.counts,
              errors: planner.errors,
              errorCount: planner.errorCount,
              heartbeatAt: new Date(),
            })
            .where(eq(jobs.id, job.id));
        });
        await setImages(db, images, job.id, planner, decisions);
      }
      return 'done';
    },
    async finish(tx, job, failure) {
      await deleteInput(tx, job.id);
      await writeActivity(tx, job.actor, {
        action: 'import',
        resource: 'product',
        resourceId: job.id,
        status: failure ? 'failure' : 'success',
        details: {
          job: job.id,
          file: job.fileName,
          rows: job.totalRows,
          processed: job.processedRows,
          ...job.counts,
          errors: job.errorCount,
        },
      });
    },
  };
}

/**
 * The batch's pictures, after its data is committed (downloads may take minutes: the queue's worker heartbeat keeps
 * the job from being taken over meanwhile); pictures that failed become listed row errors of the job.
 */
async function setImages(
  db: Db,
  images: ImportImages,
  jobId: string,
  planner: ImportPlanner,
  decisions: readonly RowDecision[],
) {
  const failed = await images.apply(planner, decisions);
  if (failed.length === 0) return;
  planner.imagesFailed(failed);
  await db
    .update(jobs)
    .set({ errors: planner.errors, errorCount: planner.errorCount, heartbeatAt: new Date() })
    .where(eq(jobs.id, jobId));
}
