import { pagination, type WishlistPageView } from '@seamline/shared';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { productFinalPrice, products } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';

type ItemRow = {
  productId: string;
  name: string;
  slug: string;
  image: string | null;
  isActive: boolean;
  price: string;
  priceAtAdd: string;
  addedAt: Date;
  stock: { size: string; color: string; available: number }[];
  total: number;
};

/** The wished products the customer may still buy: active ones (an inactive product stays listed, marked). */
const wishable = sql`${products.isActive}`;

export async function listWishlist(db: Db, userId: string, page: number, limit: number): Promise<WishlistPageView> {
  const rows = await queryRows<ItemRow>(
    db,
    sql`SELECT w.product_id AS "productId", ${products.name}, ${products.slug}, ${products.isActive} AS "isActive",
          ${productFinalPrice} AS price, w.price_at_add AS "priceAtAdd", w.created_at AS "addedAt",
          (SELECT pi.thumbnail FROM product_images pi WHERE pi.product_id = w.product_id
            ORDER BY pi.position LIMIT 1) AS image,
          (SELECT coalesce(json_agg(json_build_object('size', i.size, 'color', i.color,
              'available', GREATEST(i.quantity - i.reserved - i.held_offline, 0)) ORDER BY i.size, i.color), '[]'::json)
            FROM inventory i WHERE i.product_id = w.product_id) AS stock,
          count(*) OVER ()::int AS total
        FROM wishlist_items w JOIN ${products} ON ${products.id} = w.product_id
        WHERE w.user_id = ${userId}
        ORDER BY w.created_at DESC, w.product_id
        LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
  );
  const total = rows[0]?.total ?? (page > 1 ? await countWishlist(db, userId) : 0);
  return {
    items: rows.map((row) => {
      const price = Number(row.price);
      const priceAtAdd = Number(row.priceAtAdd);
      return {
        productId: row.productId,
        name: row.name,
        slug: row.slug,
        image: row.image,
        isActive: row.isActive,
        price,
        priceAtAdd,
        priceDropped: price < priceAtAdd,
        stock: row.stock,
        inStock: row.isActive && row.stock.some((s) => s.available > 0),
        addedAt: new Date(row.addedAt).toISOString(),
      };
    }),
    pagination: pagination(page, limit, total),
  };
}

/** Which of `productIds` (at most a grid page of them) the customer wishes for: one look-up by the primary key. */
export async function wishedAmong(db: Db, userId: string, productIds: readonly string[]): Promise<string[]> {
  const ids = sql.join(
    [...new Set(productIds)].map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await queryRows<{ productId: string }>(
    db,
    sql`SELECT product_id AS "productId" FROM wishlist_items
        WHERE user_id = ${userId} AND product_id IN (${ids}) ORDER BY product_id`,
  );
  return rows.map((row) => row.productId);
}

async function countWishlist(db: Db, userId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM wishlist_items WHERE user_id = ${userId}`,
  );
  return row?.n ?? 0;
}

/**
 * Adds the products (active ones; unknown ids are skipped) in ONE statement, each with the price a shopper pays now;
 * products already wished for keep their first price. Answers how many were added.
 */
export async function addToWishlist(db: Db, userId: string, productIds: readonly string[]): Promise<number> {
  if (productIds.length === 0) return 0;
  const ids = sql.join(
    [...new Set(productIds)].map((id) => sql`${id}`),
    sql`, `,
  );
  const added = await queryRows<{ product_id: string }>(
    db,
    sql`INSERT INTO wishlist_items (user_id, product_id, price_at_add)
        SELECT ${userId}, ${products.id}, ${productFinalPrice} FROM ${products}
        WHERE ${products.id} IN (${ids}) AND ${wishable}
        ON CONFLICT (user_id, product_id) DO NOTHING
        RETURNING product_id`,
  );
  return added.length;
}

/** Adds one product; adding it again changes nothing. 404 when it is unknown or not on sale. */
export async function addOne(db: Db, userId: string, productId: string): Promise<void> {
  if (await addToWishlist(db, userId, [productId])) return;
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM ${products} WHERE ${products.id} = ${productId} AND ${wishable}) AS found`,
  );
  if (!row?.found) throw notFound('Product not found');
}

export async function removeFromWishlist(db: Db, userId: string, productId: string): Promise<void> {
  await db.execute(sql`DELETE FROM wishlist_items WHERE user_id = ${userId} AND product_id = ${productId}`);
}
