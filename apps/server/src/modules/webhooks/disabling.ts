import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { webhookEndpoints } from '../../db/schema/index.js';
import { SYSTEM_ACTOR, writeActivity } from '../../lib/audit.js';
import { queueMailToAdmins } from '../../lib/mail.js';

/**
 * Turns off an endpoint that keeps failing, and tells every active admin: the activity-log row and the mails commit
 * with the change. Only the run that actually turns it off writes them (the update is conditional).
 */
export async function disableFailingEndpoint(tx: Tx, endpointId: string, reason: string): Promise<void> {
  const [off] = await tx
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: reason })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true)))
    .returning({ url: webhookEndpoints.url });
  if (!off) return;
  await writeActivity(tx, SYSTEM_ACTOR, {
    action: 'disable',
    resource: 'webhook_endpoint',
    resourceId: endpointId,
    details: { url: off.url, reason },
  });
  await queueMailToAdmins(tx, {
    subject: 'A webhook endpoint was turned off',
    body:
      `The webhook endpoint ${off.url} was turned off: ${reason}\n\n` +
      'No events are sent to it until it is turned on again in Settings → Webhooks, where its delivery log shows ' +
      'what went wrong. Deliveries given up can be resent from there.',
    kind: 'webhook_disabled',
  });
}
