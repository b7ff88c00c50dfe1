import type { WebhookDelivery, WebhookEndpoint } from '@seamline/shared';
import type { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';
import { iso } from '../../lib/serialize.js';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type LastDelivery = WebhookEndpoint['lastDelivery'];

/** An endpoint as answered: never a secret, sealed or not. */
export function endpointView(row: EndpointRow, lastDelivery: LastDelivery, now = new Date()): WebhookEndpoint {
  const overlap = row.previousSecretExpiresAt && row.previousSecretExpiresAt > now ? row.previousSecretExpiresAt : null;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    topics: row.topics,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    previousSecretExpiresAt: iso(overlap),
    lastDelivery,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function deliveryView(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    responseCode: row.lastResponseCode,
    lastError: row.lastError,
    lastAttemptAt: iso(row.lastAttemptAt),
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}
