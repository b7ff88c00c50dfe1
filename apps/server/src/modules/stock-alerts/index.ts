import type { FastifyInstance } from 'fastify';
import { NOTIFY_TASK, type NotifyPayload, notifySubscribers } from './notify.js';

export { stockAlertRoutes } from './stock-alerts.routes.js';

/** The queue task that mails the waiting line of a combination whose units came back (after the stock change commits). */
export function registerStockAlertMails(app: FastifyInstance): void {
  app.queue.define<NotifyPayload>(NOTIFY_TASK, async (payload) => {
    await notifySubscribers(app.db, app.config.publicUrl, payload);
  });
}
