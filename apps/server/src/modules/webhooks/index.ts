import type { FastifyInstance } from 'fastify';
import { PUBLISH_EVENTS_TASK, type PublishPayload } from '../../lib/events.js';
import { deliverDue } from './deliver.js';
import { DELIVER_TASK, type DeliverPayload } from './delivery-jobs.js';
import { DeliveryPace } from './pace.js';
import { publishEvents } from './publish.js';

export { webhookRoutes } from './webhooks.routes.js';

/** The queue tasks of outgoing webhooks: publishing an outbox event to its endpoints, and sending an endpoint's deliveries. */
export function registerWebhookDelivery(app: FastifyInstance): void {
  const ctx = {
    db: app.db,
    key: app.config.totpEncryptionKey,
    settings: app.config.webhooks,
    pace: new DeliveryPace(app.requestsInFlight, app.config.webhooks.yieldAtRequests),
  };
  app.queue.define<PublishPayload>(PUBLISH_EVENTS_TASK, (payload) => publishEvents(app.db, payload));
  app.queue.define<DeliverPayload>(DELIVER_TASK, ({ endpointId }) => deliverDue(ctx, endpointId));
}
