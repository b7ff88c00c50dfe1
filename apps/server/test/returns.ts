import type { FastifyInstance } from 'fastify';
import { buildProduct } from './factories.js';
import { call } from './harness.js';
import { placeOrder } from './orders.js';

/**
 * A delivered order of two products (2 × $40 and 1 × $30, M/Black, 10 of each in stock), paid through the test
 * provider: the starting point of a return.
 */
export async function deliveredOrder(app: FastifyInstance, customerToken: string, staffToken: string) {
  const { product: shirt, inventory: shirtStock } = await buildProduct(app.db, { price: 40 });
  const { product: cap, inventory: capStock } = await buildProduct(app.db, { price: 30 });
  const order = await placeOrder(app, customerToken, [
    { productId: shirt.id, size: 'M', color: 'Black', quantity: 2 },
    { productId: cap.id, size: 'M', color: 'Black', quantity: 1 },
  ]);
  const intent = await call(app, 'POST', '/api/payments/create-payment-intent', {
    token: customerToken,
    body: { amount: order.total, orderId: order.id },
  });
  const paid = await call(app, 'POST', '/api/payments/confirm', {
    token: customerToken,
    body: { orderId: order.id, paymentIntentId: intent.body.data.paymentIntent.id },
  });
  if (paid.status !== 200) throw new Error(`payment failed: ${JSON.stringify(paid.body)}`);
  const delivered = await call(app, 'PUT', `/api/orders/${order.id}/status`, {
    token: staffToken,
    body: { status: 'delivered', paymentStatus: 'paid' },
  });
  if (delivered.status !== 200) throw new Error(`delivery failed: ${JSON.stringify(delivered.body)}`);
  type Line = { id: string; productId: string; quantity: number; total: number };
  const lines = delivered.body.data.order.items as Line[];
  return {
    order: delivered.body.data.order as { id: string; orderNumber: string; total: number },
    shirt,
    cap,
    /** The two inventory rows with their starting quantity, for checkStockInvariants. */
    startingStock: new Map([...shirtStock, ...capStock].map((row) => [row.id, row.quantity] as const)),
    shirtLine: lines.find((line) => line.productId === shirt.id)!,
    capLine: lines.find((line) => line.productId === cap.id)!,
  };
}
