import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { paymentSettings, paymentsEnvSchema } from '../src/config-payments.js';
import { inventory, inventoryMovements } from '../src/db/schema/index.js';
import { call } from './harness.js';

/** Payment settings with cash on delivery (up to $300) and bank transfer on, as a test app's `payments`. */
export const OFFLINE_PAYMENTS = paymentSettings(
  paymentsEnvSchema.parse({
    CASH_ON_DELIVERY: '1',
    BANK_TRANSFER_ACCOUNT_NAME: 'Seamline Ltd',
    BANK_TRANSFER_IBAN: 'DE89 3704 0044 0532 0130 00',
    BANK_TRANSFER_BIC: 'COBADEFFXXX',
    BANK_TRANSFER_BANK_NAME: 'Commerzbank',
  }),
);

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

/** An order line of a product's combination (M / Black unless said), as the order calls take it. */
export const orderLine = (productId: string, quantity = 1, size = 'M', color = 'Black') => ({
  productId,
  size,
  color,
  quantity,
});

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
