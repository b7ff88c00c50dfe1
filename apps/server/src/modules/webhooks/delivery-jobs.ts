import type { DbOrTx } from '../../db/client.js';
import { addJob } from '../../lib/queue.js';

/**
 * Sends an endpoint's due deliveries; at most one pending job per endpoint. A run may overlap the one before it
 * (a job added while one runs): each claims its deliveries, so none is sent twice and the order per object holds.
 */
export const DELIVER_TASK = 'webhooks.deliver';
export type DeliverPayload = { endpointId: string };

/**
 * Asks for a delivery run of `endpointId`, in `db`'s transaction: now by default (replacing a later pending run), or
 * at `runAt` without delaying a run already asked for sooner (how a run books the next one).
 */
export async function wakeDeliverer(db: DbOrTx, endpointId: string, runAt?: Date): Promise<void> {
  await addJob(db, DELIVER_TASK, { endpointId } satisfies DeliverPayload, {
    jobKey: `${DELIVER_TASK}:${endpointId}`,
    ...(runAt ? { runAt, jobKeyMode: 'preserve_run_at' as const } : {}),
  });
}
