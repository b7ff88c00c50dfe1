import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { users, webhookEndpoints } from '../../db/schema/index.js';
import { type AuditContext, writeActivity } from '../../lib/audit.js';
import { queueMail } from '../../lib/mail.js';

/** The store itself acting (no staff member, no request). */
const SYSTEM: AuditContext = { userId: null, userEmail: null, ip: null, userAgent: null };

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
  await writeActivity(tx, SYSTEM, {
    action: 'disable',
    resource: 'webhook_endpoint',
    resourceId: endpointId,
    details: { url: off.url, reason },
  });
  const admins = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isActive, true), isNull(users.deletedAt)));
  for (const admin of admins)
    await queueMail(tx, {
      to: admin.email,
      subject: 'A webhook endpoint was turned off',
      body:
        `The webhook endpoint ${off.url} was turned off: ${reason}\n\n` +
        'No events are sent to it until it is turned on again in Settings → Webhooks, where its delivery log shows ' +
        'what went wrong. Deliveries given up can be resent from there.',
      kind: 'webhook_disabled',
    });
}
