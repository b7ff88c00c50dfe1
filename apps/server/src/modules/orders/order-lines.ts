import { type OrderItemInput, variantUnitPrice } from '@seamline/shared';
import { sql } from 'drizzle-orm';
import { type DbOrTx, jsonValue, queryRowsPrepared } from '../../db/client.js';
import { AppError, conflict } from '../../lib/errors.js';

/** An order line resolved against the catalogue: the snapshot frozen into the order. */
export type PricedLine = {
  productId: string;
  productName: string;
  productSlug: string;
  productSku: string;
  image: string | null;
  /** The inventory row of the line's size/color combination. */
  inventoryId: string;
  variantSku: string;
  size: string;
  color: string;
  unitPrice: number;
  quantity: number;
};

/** Units wanted per combination: lines sharing a variant are summed before anything is checked or reserved. */
export function unitsByVariant(lines: readonly Pick<PricedLine, 'productId' | 'size' | 'color' | 'quantity'>[]) {
  const totals = new Map<string, { productId: string; size: string; color: string; quantity: number }>();
  for (const line of lines) {
    const key = `${line.productId}|${line.size.toLowerCase()}|${line.color.toLowerCase()}`;
    const entry = totals.get(key);
    if (entry) entry.quantity += line.quantity;
    else totals.set(key, { productId: line.productId, size: line.size, color: line.color, quantity: line.quantity });
  }
  // A fixed order (by product, size, color) so two orders lock the same rows in the same order: no deadlocks.
  return [...totals.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, wanted]) => wanted);
}

/** The spec's refusal; a pickup order's adds the shop (" at Canal Street shop"). */
export const insufficientStock = (name: string, size: string, color: string, at?: string) =>
  conflict(`Insufficient stock for ${name} (${size}/${color})${at ? ` at ${at}` : ''}`, 'INSUFFICIENT_STOCK');

type CartRow = {
  id: string;
  name: string;
  slug: string;
  sku: string;
  price: string | number;
  sale_price: string | number | null;
  is_active: boolean;
  image: string | null;
  variant_id: string | null;
  variant_sku: string | null;
  price_override: string | number | null;
  size: string | null;
  color: string | null;
  quantity: number | null;
  reserved: number | null;
};

const key = (productId: string, size: string, color: string) =>
  `${productId}|${size.toLowerCase()}|${color.toLowerCase()}`;

/**
 * Resolves the cart: every product must exist and be active, every size/color combination must exist. Prices are the
 * catalogue's at this moment (sale price when set and lower). One read for the whole cart: each product with its
 * first image and the wanted combinations (matched case-insensitively through the inventory_variant_idx expression).
 * Each line carries its inventory row id, which the reservation locks and updates. With `checkAvailability`, also
 * refuses what cannot be reserved right now (checkout preview; order creation reserves atomically instead).
 */
export async function priceLines(
  db: DbOrTx,
  items: readonly OrderItemInput[],
  { checkAvailability = false } = {},
): Promise<PricedLine[]> {
  return (await readCart(db, items)).resolve({ checkAvailability });
}

/** An account found by e-mail alongside the cart. */
export type CartAccount = { id: string; role: string };

/**
 * The cart and, in the same read, the account holding `email` (case-insensitive): guest checkout needs both and
 * reads them in one round trip. `account` is null without such an account, and undefined when the read returned no
 * row (no product of the cart exists), so the caller looks the account up itself. `resolve()` is `priceLines`' answer
 * (it throws the same errors), to call once the account is dealt with.
 */
export function priceLinesFor(db: DbOrTx, items: readonly OrderItemInput[], email: string) {
  return readCart(db, items, email);
}

async function readCart(db: DbOrTx, items: readonly OrderItemInput[], email?: string) {
  const ids = [...new Set(items.map((item) => item.productId))];
  const wanted = [...new Map(items.map((item) => [key(item.productId, item.size, item.color), item])).values()];
  const account =
    email === undefined
      ? sql`NULL::json`
      : sql`(SELECT json_build_object('id', u.id, 'role', u.role) FROM users u WHERE lower(u.email) = ${email.toLowerCase()} LIMIT 1)`;
  const rows = await queryRowsPrepared<CartRow & { account: unknown }>(
    db,
    sql`SELECT p.id, p.name, p.slug, p.sku, p.price, p.sale_price, p.is_active,
          (SELECT im.original FROM product_images im WHERE im.product_id = p.id ORDER BY im.position LIMIT 1) AS image,
          i.id AS variant_id, i.sku AS variant_sku, i.price_override, i.size, i.color, i.quantity,
          i.reserved + i.held_offline AS reserved, ${account} AS account
        FROM products p
        LEFT JOIN inventory i ON i.product_id = p.id
          AND (i.product_id, lower(i.size), lower(i.color)) IN (${sql.join(
            wanted.map((item) => sql`(${item.productId}, lower(${item.size}), lower(${item.color}))`),
            sql`, `,
          )})
        WHERE p.id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  return {
    account: rows[0] ? (rows[0].account ? jsonValue<CartAccount>(rows[0].account) : null) : undefined,
    resolve: ({ checkAvailability = false } = {}) => resolveLines(items, rows, checkAvailability),
  };
}

/** A cart line the catalogue refuses, by its index in the cart (the storefront marks that line). */
type LineProblem = { index: number; message: string };

/** The first problem is the answer's message; every line's problem is in `details` as `items.<index>`. */
function lineProblems(status: 400 | 409, code: string, problems: LineProblem[]) {
  return new AppError(
    status,
    code,
    problems[0]!.message,
    problems.map(({ index, message }) => ({ field: `items.${index}`, message })),
  );
}

function resolveLines(items: readonly OrderItemInput[], rows: readonly CartRow[], checkAvailability: boolean) {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const variants = new Map(
    rows.filter((row) => row.variant_id !== null).map((row) => [key(row.id, row.size!, row.color!), row]),
  );

  const problems: LineProblem[] = [];
  const lines = items.flatMap((item, index): PricedLine[] => {
    const product = byId.get(item.productId);
    const variant = product && variants.get(key(product.id, item.size, item.color));
    const problem = !product
      ? `Product not found: ${item.productId}`
      : !product.is_active
        ? `${product.name} is not available for purchase`
        : !variant
          ? `${product.name} is not available in ${item.size}/${item.color}`
          : null;
    if (problem || !product || !variant) {
      problems.push({ index, message: problem! });
      return [];
    }
    return [
      {
        productId: product.id,
        productName: product.name,
        productSlug: product.slug,
        productSku: product.sku,
        image: product.image,
        inventoryId: variant.variant_id!,
        variantSku: variant.variant_sku!,
        size: variant.size!,
        color: variant.color!,
        unitPrice: variantUnitPrice(
          Number(product.price),
          product.sale_price === null ? null : Number(product.sale_price),
          variant.price_override === null ? null : Number(variant.price_override),
        ),
        quantity: item.quantity,
      },
    ];
  });
  if (problems.length > 0) throw lineProblems(400, 'VALIDATION_ERROR', problems);

  if (checkAvailability) {
    for (const units of unitsByVariant(lines)) {
      const row = variants.get(key(units.productId, units.size, units.color))!;
      if (Number(row.quantity) - Number(row.reserved) >= units.quantity) continue;
      const message = insufficientStock(row.name, units.size, units.color).message;
      lines.forEach((line, index) => {
        if (key(line.productId, line.size, line.color) === key(units.productId, units.size, units.color))
          problems.push({ index, message });
      });
    }
    if (problems.length > 0)
      throw lineProblems(
        409,
        'INSUFFICIENT_STOCK',
        problems.sort((a, b) => a.index - b.index),
      );
  }
  return lines;
}
