import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { products } from '../../db/schema/index.js';
import { recordEvents } from '../../lib/events.js';
import { queryProducts } from './product-view.js';

/**
 * One product.created or product.updated event per product of `ids`, each with the product's staff view as it
 * stands in the transaction `tx` (read in one query): for the changes of many products at once (bulk actions, import).
 */
export async function recordProductChanges(
  tx: DbOrTx,
  type: 'product.created' | 'product.updated',
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  const { products: views } = await queryProducts(tx, {
    where: inArray(products.id, [...ids]),
    orderBy: sql`${products.id}`,
    limit: ids.length,
  });
  await recordEvents(
    tx,
    views.map((view) => ({ type, objectId: view.id, data: view })),
  );
}
