// The stock transfer tests' store and helpers: one app per test file, its locations, and transfers driven through
// the API. Bindings are live: read them inside tests, after openTransferStore has run.
import { DEFAULT_LOCATION_ID } from '@seamline/shared';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { inventory, inventoryLevels, stockLocations } from '../src/db/schema/index.js';
import { buildProduct, signedIn } from './factories.js';
import { call, createTestApp, type TestApp } from './harness.js';

export let t: TestApp;
export let admin: string;
export let moderator: string;
export let support: string;
export let customer: string;
export const WAREHOUSE = DEFAULT_LOCATION_ID;
export let shop: string;
export let closed: string;

/** The test app with a warehouse, a shop and an inactive depot, and a token per role (the test files' beforeAll). */
export async function openTransferStore() {
  t = await createTestApp();
  admin = (await signedIn(t.app, 'admin')).token;
  moderator = (await signedIn(t.app, 'moderator')).token;
  support = (await signedIn(t.app, 'support')).token;
  customer = (await signedIn(t.app, 'customer')).token;
  // The locations screens are built elsewhere: the second and an inactive location go straight in.
  const rows = await t.app.db
    .insert(stockLocations)
    .values([
      { name: 'City Shop', kind: 'shop', priority: 2 },
      { name: 'Old Depot', kind: 'warehouse', priority: 3, active: false },
    ])
    .returning();
  shop = rows[0]!.id;
  closed = rows[1]!.id;
}

export const closeTransferStore = () => t.close();

/** A product whose size/colours hold `units` at the warehouse, put there through the stock API (so with movements). */
export async function stocked(units: Record<string, number>, name?: string) {
  const { product, inventory: rows } = await buildProduct(
    t.app.db,
    name ? { name } : {},
    Object.keys(units).map((key) => ({ size: key.split('/')[0]!, color: key.split('/')[1]!, quantity: 0 })),
  );
  for (const [key, quantity] of Object.entries(units)) {
    const [size, color] = key.split('/');
    const res = await call(t.app, 'PUT', `/api/admin/products/${product.id}/inventory`, {
      token: admin,
      body: { size, color, quantity, operation: 'add' },
    });
    expect(res.status).toBe(200);
  }
  const ids = Object.fromEntries(rows.map((row) => [`${row.size}/${row.color}`, row.id]));
  return { product, ids };
}

/** quantity/reserved per location of a variant, and its totals. */
export async function stockOf(inventoryId: string) {
  const levels = await t.app.db.select().from(inventoryLevels).where(eq(inventoryLevels.inventoryId, inventoryId));
  const [variant] = await t.app.db.select().from(inventory).where(eq(inventory.id, inventoryId));
  const at = (locationId: string) => {
    const level = levels.find((l) => l.locationId === locationId);
    return level ? [level.quantity, level.reserved] : null;
  };
  return { warehouse: at(WAREHOUSE), shop: at(shop), total: [variant!.quantity, variant!.reserved] };
}

export const create = (token: string, body: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/admin/transfers', { token, body });
export const step = (id: string, action: 'ship' | 'cancel', token = admin) =>
  call(t.app, 'POST', `/api/admin/transfers/${id}/${action}`, { token });
export const receive = (id: string, lines: { lineId: string; quantity: number }[], token = admin) =>
  call(t.app, 'POST', `/api/admin/transfers/${id}/receive`, { token, body: { lines } });

export async function draft(productId: string, lines: [string, string, number][], from = WAREHOUSE, to = shop) {
  const res = await create(admin, {
    fromLocationId: from,
    toLocationId: to,
    lines: lines.map(([size, color, quantity]) => ({ productId, size, color, quantity })),
  });
  expect(res.status).toBe(201);
  return res.body.data.transfer as {
    id: string;
    number: string;
    lines: { id: string; size: string; color: string; quantity: number }[];
  };
}
export const lineOf = (transfer: Awaited<ReturnType<typeof draft>>, size: string) =>
  transfer.lines.find((l) => l.size === size)!.id;
