import { IMPORT_LIMITS, IMPORT_MESSAGES, type ImportPreview } from '@seamline/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { jobs } from '../../db/schema/index.js';
import { writeActivity } from '../../lib/audit.js';
import type { JobHandler } from '../jobs/job-runner.js';
import { inBatches, readCsvRecords } from './csv-records.js';
import { ImportPlanner } from './import-plan.js';
import { writeBatch } from './import-write.js';

/** The import's dry run: plans every batch, writes nothing. */
export async function previewImport(db: Db, csv: string, fileName: string): Promise<ImportPreview> {
  const planner = new ImportPlanner(IMPORT_LIMITS.maxListedErrors);
  for await (const batch of inBatches(readCsvRecords(csv), IMPORT_LIMITS.batchRows)) await planner.plan(db, batch);
  return {
    fileName,
    totalRows: planner.totalRows,
    counts: planner.counts,
    newProducts: planner.newProducts,
    errors: planner.errors,
    errorCount: planner.errorCount,
  };
}

/** Rows of the file (its header checked first, so a wrong file is a 400 before any job is queued). */
export async function countImportRows(csv: string): Promise<number> {
  let totalRows = 0;
  for await (const _record of readCsvRecords(csv)) totalRows += 1;
  return totalRows;
}

/**
 * The product import job: applies the file one transaction per batch that also records the progress, so a job
 * resumes where its last batch ended; it ends with ONE activity-log entry carrying its counts.
 */
export function productImportJob(db: Db): JobHandler {
  return {
    failureMessage: 'The import stopped on an unexpected error; rows before it were imported',
    async run(job, stopping) {
      const planner = new ImportPlanner(IMPORT_LIMITS.maxListedErrors);
      let skipped = 0;
      for await (const batch of inBatches(readCsvRecords(job.input ?? ''), IMPORT_LIMITS.batchRows)) {
        if (stopping()) return 'stopped';
        // A resumed job re-plans the rows done before (to know the file's products) without writing them again.
        const resumed = skipped < job.processedRows;
        skipped += batch.length;
        if (resumed) {
          await planner.plan(db, batch);
          continue;
        }
        // Planned before the transaction: the database's retry of a busy transaction re-runs only the writes.
        const decisions = await planner.plan(db, batch);
        await db.transaction(async (tx) => {
          const refused = await writeBatch(tx, planner, decisions, job.actor.userId);
          for (const r of refused) {
            planner.counts.update -= 1;
            planner.fail([{ row: r.row, column: 'quantity', message: IMPORT_MESSAGES.reservedAbove(r.reserved) }]);
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
      }
      return 'done';
    },
    async finish(tx, job, failure) {
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
