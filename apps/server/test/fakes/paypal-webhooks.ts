import { randomUUID } from 'node:crypto';
import { payPalId } from './paypal-wire.js';

/** Webhook deliveries as PayPal sends them: the v1 notification envelope and the transmission headers. */

export type WebhookDelivery = { body: string; headers: Record<string, string> };
export type WebhookEvent = ReturnType<typeof webhookEnvelope>;

/** A webhook event as PayPal delivers it (v1 notification envelope around the resource). */
export function webhookEnvelope(type: string, resource: unknown) {
  return {
    id: `WH-${payPalId(17)}-${payPalId(17)}`,
    event_version: '1.0',
    create_time: new Date().toISOString(),
    resource_type: type.startsWith('CUSTOMER.DISPUTE') ? 'dispute' : type.includes('REFUND') ? 'refund' : 'capture',
    resource_version: type.startsWith('CUSTOMER.DISPUTE') ? '1.0' : '2.0',
    event_type: type,
    summary: `${type} (test)`,
    resource,
    links: [],
  };
}

/** The body and headers of a delivery of `type` about `resource`, its signature made by `sign`. */
export function webhookDelivery(
  type: string,
  resource: unknown,
  sign: (body: string, transmissionId: string, time: string) => string,
): WebhookDelivery & { event: WebhookEvent } {
  const event = webhookEnvelope(type, resource);
  const body = JSON.stringify(event);
  const transmissionId = randomUUID();
  const time = new Date().toISOString();
  return {
    event,
    body,
    headers: {
      'content-type': 'application/json',
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-FAKE',
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-sig': sign(body, transmissionId, time),
      'paypal-transmission-time': time,
    },
  };
}
