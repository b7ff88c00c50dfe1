import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inventory, inventoryMovements } from '../src/db/schema/index.js';
import { call } from './harness.js';

/** A valid order address. */
export const address = {
  firstName: 'Emma',
  lastName: 'Wilson',
  street: '12 Market Street',
  city: 'Portland',
  state: 'OR',
  zipCode: '97201',
  country: 'US',
  phone: '5550123456',
};

export function orderBody(items: { productId: string; size: string; color: string; quantity: number }[], extra = {}) {
  return {
    items: items.map((item) => ({ ...item, variantId: `${item.size}-${item.color}` })),
    shippingAddress: address,
    billingAddress: address,
    paymentMethod: 'stripe',
    notes: 'Leave at the door',
    ...extra,
  };
}

/** [quantity, reserved] of one combination. */
export async function stockOf(app: FastifyInstance, productId: string, size = 'M', color = 'Black') {
  const rows = await app.db.select().from(inventory).where(eq(inventory.productId, productId));
  const row = rows.find((r) => r.size === size && r.color === color)!;
  return [row.quantity, row.reserved];
}

export function movementsOfOrder(app: FastifyInstance, orderId: string) {
  return app.db.select().from(inventoryMovements).where(eq(inventoryMovements.orderId, orderId));
}

export async function placeOrder(
  app: FastifyInstance,
  token: string,
  items: { productId: string; size: string; color: string; quantity: number }[],
  extra = {},
) {
  const response = await call(app, 'POST', '/api/orders', { token, body: orderBody(items, extra) });
  if (response.status !== 201) throw new Error(`order failed: ${JSON.stringify(response.body)}`);
  return response.body.data.order;
}
