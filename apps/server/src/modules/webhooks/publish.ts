import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { events, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';
import { wakeDeliverer } from './delivery-jobs.js';

/**
 * The `events.publish` task: hands one outbox event to every enabled endpoint subscribed to its type, as one pending
 * delivery each, and wakes those endpoints' delivery runs, all in one transaction. Its jobs run one at a time in
 * event order (queue `events`), so deliveries are made in event order; a repeat adds nothing (one delivery per
 * endpoint and event).
 */
export async function publishEvent(db: Db, eventId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [event] = await tx.select().from(events).where(eq(events.id, eventId));
    if (!event) return;
    const subscribers = await tx
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.enabled, true), sql`${event.type} = any(${webhookEndpoints.topics})`));
    if (subscribers.length === 0) return;
    const added = await tx
      .insert(webhookDeliveries)
      .values(
        subscribers.map((endpoint) => ({
          endpointId: endpoint.id,
          eventId: event.id,
          eventType: event.type,
          objectId: event.objectId,
        })),
      )
      .onConflictDoNothing({ target: [webhookDeliveries.endpointId, webhookDeliveries.eventId] })
      .returning({ endpointId: webhookDeliveries.endpointId });
    for (const { endpointId } of added) await wakeDeliverer(tx, endpointId);
  });
}
