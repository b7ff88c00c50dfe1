import type { FastifyInstance } from 'fastify';
import { OrderChangesService } from './order-changes.service.js';

/** The queue task that cancels bank-transfer orders whose money did not arrive in time. */
export const TRANSFER_DEADLINES_TASK = 'payments.transfer-deadlines';
/** Every 5 minutes, on one instance per run (the queue's crontab). */
const EVERY_FIVE_MINUTES = '*/5 * * * *';
const BATCH_SIZE = 50;

/**
 * Cancels every bank-transfer order past its payment deadline and still unpaid, a batch at a time, each in its own
 * transaction through the cancellation's rules (stock released once, events recorded). Safe to run on several
 * instances at once: each order is checked again under its row lock, so it is cancelled by one of them only. Answers
 * how many orders this run cancelled.
 */
export async function cancelOverdueTransfers(
  changes: OrderChangesService,
  options: { now?: Date; batchSize?: number; stopping?: () => boolean } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const seen = new Set<string>();
  let cancelled = 0;
  for (;;) {
    // Orders another instance is cancelling right now may still be listed: they are skipped, never read twice.
    const ids = (await changes.overdueTransfers(now, batchSize + seen.size)).filter((id) => !seen.has(id));
    if (ids.length === 0 || options.stopping?.()) return cancelled;
    for (const id of ids.slice(0, batchSize)) {
      seen.add(id);
      if (await changes.cancelOverdueTransfer(id, now)) cancelled += 1;
    }
  }
}

/** Puts the deadline sweep on the app's queue, every five minutes. */
export function registerTransferDeadlines(app: FastifyInstance): void {
  const changes = new OrderChangesService(app.db, app.payments, app.config.publicUrl);
  app.queue.recurring(EVERY_FIVE_MINUTES, TRANSFER_DEADLINES_TASK, async (job) => {
    const cancelled = await cancelOverdueTransfers(changes, { stopping: job.stopping });
    if (cancelled > 0) app.log.info({ cancelled }, 'bank transfers past their deadline: orders cancelled');
  });
}
