import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { queueMail } from '../../lib/mail.js';
import { STOCK_ALERT_MAIL } from './stock-alerts.service.js';

/** The queue task the inventory trigger of migration 0037 adds when units of a waited-for combination come back. */
export const NOTIFY_TASK = 'stock-alerts.notify';
export type NotifyPayload = { inventoryId: string; units: number };

type Claimed = { email: string; name: string; slug: string; size: string; color: string };

/**
 * Mails the first `units` waiting subscribers of the combination (in order of subscription), never more than the
 * units available now. One statement claims them: rows another job is claiming are skipped (SKIP LOCKED), and only
 * rows still unmailed are set, so parallel restocks mail each subscriber at most once; the mails are queued in the
 * same transaction, so a claim exists exactly when its mail does. The rest wait for the next units to come back, and
 * everyone waits while the product is off sale (its page would not be found).
 */
export async function notifySubscribers(db: Db, publicUrl: string, payload: NotifyPayload): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await queryRows<Claimed>(
      tx,
      sql`WITH line AS (
            SELECT a.id FROM stock_alerts a
            WHERE a.inventory_id = ${payload.inventoryId} AND a.notified_at IS NULL
              AND EXISTS (SELECT 1 FROM products p WHERE p.id = a.product_id AND p.is_active)
            ORDER BY a.created_at, a.id
            LIMIT coalesce((SELECT LEAST(${payload.units}::int, GREATEST(i.quantity - i.reserved, 0))
                   FROM inventory i WHERE i.id = ${payload.inventoryId}), 0)
            FOR UPDATE SKIP LOCKED
          ),
          claimed AS (
            UPDATE stock_alerts a SET notified_at = now() FROM line
            WHERE a.id = line.id AND a.notified_at IS NULL
            RETURNING a.email, a.inventory_id, a.created_at, a.id
          )
          SELECT c.email, p.name, p.slug, i.size, i.color FROM claimed c
          JOIN inventory i ON i.id = c.inventory_id JOIN products p ON p.id = i.product_id
          ORDER BY c.created_at, c.id`,
    );
    for (const alert of claimed)
      await queueMail(tx, {
        to: alert.email,
        kind: STOCK_ALERT_MAIL.backInStock,
        subject: `${alert.name} is back in stock`,
        body:
          `Good news: ${alert.name} in ${alert.size} / ${alert.color} is back in stock, in limited numbers.\n\n` +
          `${publicUrl}/shop/products/${encodeURIComponent(alert.slug)}\n\nThis was your one alert for it.`,
      });
    return claimed.length;
  });
}
