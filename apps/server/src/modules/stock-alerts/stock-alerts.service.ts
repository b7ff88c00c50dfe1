import { STOCK_ALERT_MESSAGES, type StockAlertInput } from '@seamline/shared';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { combinationKey, lockedTransaction } from '../../lib/locked-transaction.js';
import { queueMail } from '../../lib/mail.js';
import { hashToken, newOpaqueToken } from '../../lib/secrets.js';

type Combination = { id: string; name: string; size: string; color: string; available: number };

/** The mail kinds of this module. */
export const STOCK_ALERT_MAIL = { subscribed: 'stock_alert_subscribed', backInStock: 'stock_alert' } as const;

/**
 * Subscribes `email` to a sold-out combination of an active product. The inventory row is held (FOR SHARE, step 4 of
 * the lock order) while the alert is written, so a restock committing meanwhile waits and then sees the alert (its
 * trigger adds the mailing job); a restock that committed before makes the combination in stock: 400. A new alert
 * is confirmed by mail with its one-click unsubscribe link (the token is stored as its hash only, so the link is
 * mailed once, here).
 */
export async function subscribe(db: Db, input: StockAlertInput, ctx: { customerId: string | null; publicUrl: string }) {
  return lockedTransaction(db, async (tx, locks) => {
    const [row] = await locks.step(
      'inventory',
      () =>
        queryRows<Combination>(
          tx,
          sql`SELECT i.id, p.name, i.size, i.color, (i.quantity - i.reserved)::int AS available
              FROM inventory i JOIN products p ON p.id = i.product_id AND p.is_active
              WHERE i.product_id = ${input.productId} AND lower(i.size) = lower(${input.size})
                AND lower(i.color) = lower(${input.color})
              FOR SHARE OF i`,
        ),
      [combinationKey(input)],
    );
    if (!row) throw badRequest(STOCK_ALERT_MESSAGES.unknownCombination);
    if (row.available > 0) throw badRequest(STOCK_ALERT_MESSAGES.inStock);
    // Already waiting: nothing changes (the first subscription keeps its place in the line).
    const token = newOpaqueToken();
    const inserted = await queryRows<{ id: string }>(
      tx,
      sql`INSERT INTO stock_alerts (id, product_id, inventory_id, email, customer_id, token_hash)
          VALUES (${newId()}, ${input.productId}, ${row.id}, ${input.email}, ${ctx.customerId}, ${hashToken(token)})
          ON CONFLICT (inventory_id, lower(email)) WHERE notified_at IS NULL DO NOTHING
          RETURNING id`,
    );
    if (inserted.length)
      await queueMail(tx, {
        to: input.email,
        kind: STOCK_ALERT_MAIL.subscribed,
        subject: `We will tell you when ${row.name} is back`,
        body:
          `${row.name} in ${row.size} / ${row.color} is sold out. We will send you one e-mail when it is back in ` +
          `stock.\n\nNo longer interested? ${unsubscribeLink(ctx.publicUrl, token)}`,
      });
    return { productId: input.productId, size: row.size, color: row.color, email: input.email };
  });
}

/** Deletes the waiting alert of the token; an unknown or spent token changes nothing. */
export async function unsubscribe(db: Db, token: string): Promise<void> {
  await db.execute(sql`DELETE FROM stock_alerts WHERE token_hash = ${hashToken(token)} AND notified_at IS NULL`);
}

/** The shop's page for the link: it confirms with a one-click POST (a mail scanner's GET of it changes nothing). */
function unsubscribeLink(publicUrl: string, token: string): string {
  return `${publicUrl}/shop/alerts/unsubscribe/${token}`;
}
