import type { DbOrTx } from '../../db/client.js';
import { addJob } from '../../lib/queue.js';

/**
 * Sends an endpoint's due deliveries: at most one pending job per endpoint, and one running at a time (a queue per
 * endpoint), so a run's booking of the next one never races another run's claims.
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
    queueName: `webhooks:${endpointId}`,
    ...(runAt ? { runAt, jobKeyMode: 'preserve_run_at' as const } : {}),
  });
}
