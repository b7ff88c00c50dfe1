import { buildOrder } from '../customer-factories.js';
import { buildProduct } from '../factories.js';
import { call } from '../harness.js';
import { orderBody, placeOrder } from '../orders.js';
import { secondLocation } from './transfers.js';
import { type CoverageContext, dataOf, type Scenario, type ScenarioTable } from './types.js';

type Order = { id: string; total: number };
let seq = 0;

/** A product with stock and one line for it. */
async function line(ctx: CoverageContext) {
  const { product } = await buildProduct(ctx.app.db, { price: 30 }, [{ size: 'M', color: 'Black', quantity: 20 }]);
  return { productId: product.id, size: 'M', color: 'Black', quantity: 1 };
}

/** A pending order placed by staff for a guest e-mail (its own create row is written before the snapshot). */
async function pendingOrder(ctx: CoverageContext, token: string): Promise<Order> {
  seq += 1;
  return placeOrder(ctx.app, token, [await line(ctx)], { email: `coverage-buyer-${seq}@example.com` });
}

/** Staff place an order for a customer or a guest: either create route, one `create order` row. */
function createOrder(url: string): Scenario {
  return async (ctx) => {
    const support = await ctx.staff('support');
    seq += 1;
    const body = orderBody([await line(ctx)], { email: `coverage-new-${seq}@example.com` });
    return {
      call: () => call(ctx.app, 'POST', url, { token: support.token, body }),
      expected: (res) => ({
        userId: support.user.id,
        action: 'create',
        resource: 'order',
        resourceId: dataOf<{ order: Order }>(res).order.id,
        changes: ['status', 'total'],
      }),
    };
  };
}

function statusChange(url: string): Scenario {
  return async (ctx) => {
    const support = await ctx.staff('support');
    const order = await pendingOrder(ctx, support.token);
    return {
      call: () =>
        call(ctx.app, 'PUT', url.replace(':id', order.id), {
          token: support.token,
          body: { status: 'confirmed', paymentStatus: 'pending', adminNotes: 'Phoned the customer' },
        }),
      expected: () => ({
        userId: support.user.id,
        action: 'update_status',
        resource: 'order',
        resourceId: order.id,
        changes: ['status', 'adminNotes'],
      }),
    };
  };
}

/** Staff cancel any active order through either cancel route: one `cancel order` row. */
function cancel(method: 'DELETE' | 'PUT', url: string, body?: Record<string, unknown>): Scenario {
  return async (ctx) => {
    const moderator = await ctx.staff('moderator');
    const order = await pendingOrder(ctx, moderator.token);
    return {
      call: () => call(ctx.app, method, url.replace(':id', order.id), { token: moderator.token, body }),
      expected: () => ({
        userId: moderator.user.id,
        action: 'cancel',
        resource: 'order',
        resourceId: order.id,
        changes: ['status', 'cancelReason'],
      }),
    };
  };
}

const editOrder: Scenario = async (ctx) => {
  const support = await ctx.staff('support');
  const order = await pendingOrder(ctx, support.token);
  return {
    call: () =>
      call(ctx.app, 'PUT', `/api/admin/orders/${order.id}`, {
        token: support.token,
        body: { paymentMethod: 'bank_transfer', adminNotes: 'Paid by transfer' },
      }),
    expected: () => ({
      userId: support.user.id,
      action: 'update',
      resource: 'order',
      resourceId: order.id,
      changes: ['paymentMethod', 'adminNotes'],
    }),
  };
};

/** Staff move a reserved line to another location that has the units: one `reassign_line` row. */
const reassignLine: Scenario = async (ctx) => {
  const admin = await ctx.staff('admin');
  const order = (await pendingOrder(ctx, admin.token)) as Order & { items: { _id: string; productId: string }[] };
  const locationId = await secondLocation(ctx, admin.token);
  const [item] = order.items;
  await call(ctx.app, 'PUT', `/api/admin/products/${item!.productId}/inventory`, {
    token: admin.token,
    body: { size: 'M', color: 'Black', quantity: 5, operation: 'add', locationId },
  });
  return {
    call: () =>
      call(ctx.app, 'PUT', `/api/admin/orders/${order.id}/items/${item!._id}/location`, {
        token: admin.token,
        body: { locationId },
      }),
    expected: () => ({
      userId: admin.user.id,
      action: 'reassign_line',
      resource: 'order',
      resourceId: order.id,
      changes: ['location'],
    }),
  };
};

const deleteOrder: Scenario = async (ctx) => {
  const admin = await ctx.staff('admin');
  const order = await pendingOrder(ctx, admin.token);
  await call(ctx.app, 'PUT', `/api/orders/${order.id}/cancel`, { token: admin.token, body: {} });
  return {
    call: () => call(ctx.app, 'DELETE', `/api/admin/orders/${order.id}`, { token: admin.token }),
    expected: () => ({ userId: admin.user.id, action: 'delete', resource: 'order', resourceId: order.id }),
  };
};

/** Staff record a refund request for a delivered order. */
const refundRequest: Scenario = async (ctx) => {
  const support = await ctx.staff('support');
  const order = await buildOrder(ctx.app.db, { customerId: null, total: 45, status: 'delivered' });
  return {
    call: () =>
      call(ctx.app, 'POST', `/api/orders/${order.id}/refund`, {
        token: support.token,
        body: { reason: 'Arrived torn' },
      }),
    expected: () => ({
      userId: support.user.id,
      action: 'refund_request',
      resource: 'order',
      resourceId: order.id,
      changes: ['refundReason'],
    }),
  };
};

/** Staff take the payment of a pending order with an intent for its total. */
const confirmPayment: Scenario = async (ctx) => {
  const support = await ctx.staff('support');
  const order = await pendingOrder(ctx, support.token);
  const intent = await call(ctx.app, 'POST', '/api/payments/create-payment-intent', {
    token: support.token,
    body: { amount: order.total },
  });
  const paymentIntentId = dataOf<{ paymentIntent: { id: string } }>(intent).paymentIntent.id;
  return {
    call: () =>
      call(ctx.app, 'POST', '/api/payments/confirm', {
        token: support.token,
        body: { orderId: order.id, paymentIntentId },
      }),
    expected: () => ({
      userId: support.user.id,
      action: 'confirm_payment',
      resource: 'order',
      resourceId: order.id,
      changes: ['status', 'paymentStatus'],
    }),
  };
};

/** Staff refund part of a paid order through the provider. */
const refundPayment: Scenario = async (ctx) => {
  const support = await ctx.staff('support');
  const order = await pendingOrder(ctx, support.token);
  const intent = await call(ctx.app, 'POST', '/api/payments/create-payment-intent', {
    token: support.token,
    body: { amount: order.total, orderId: order.id },
  });
  const paymentIntentId = dataOf<{ paymentIntent: { id: string } }>(intent).paymentIntent.id;
  await call(ctx.app, 'POST', '/api/payments/confirm', {
    token: support.token,
    body: { orderId: order.id, paymentIntentId },
  });
  return {
    call: () =>
      call(ctx.app, 'POST', `/api/admin/orders/${order.id}/refunds`, {
        token: support.token,
        body: { amount: 10, reason: 'Late delivery' },
      }),
    expected: () => ({
      userId: support.user.id,
      action: 'refund',
      resource: 'order',
      resourceId: order.id,
      changes: ['paymentStatus'],
    }),
  };
};

/** Staff record a transfer received for an order: one `record_payment order` row. */
const recordPayment: Scenario = async (ctx) => {
  const support = await ctx.staff('support');
  const order = await pendingOrder(ctx, support.token);
  return {
    call: () =>
      call(ctx.app, 'POST', `/api/admin/orders/${order.id}/payments`, {
        token: support.token,
        body: { amount: order.total, reference: `COVERAGE-${order.id}` },
      }),
    expected: () => ({
      userId: support.user.id,
      action: 'record_payment',
      resource: 'order',
      resourceId: order.id,
      changes: ['status', 'paymentStatus'],
    }),
  };
};

const SESSION = 'prices a cart and records an unattached payment intent; no order, stock or store data changes';

/** Orders (staff), storefront checkout and payments. */
export const ordersScenarios: ScenarioTable = {
  'POST /api/orders': createOrder('/api/orders'),
  'POST /api/admin/orders': createOrder('/api/admin/orders'),
  'PUT /api/orders/:id/status': statusChange('/api/orders/:id/status'),
  'PUT /api/admin/orders/:id/status': statusChange('/api/admin/orders/:id/status'),
  'PUT /api/admin/orders/:id': editOrder,
  'DELETE /api/admin/orders/:id': deleteOrder,
  'PUT /api/admin/orders/:id/items/:itemId/location': reassignLine,
  'POST /api/admin/orders/:id/payments': recordPayment,
  'DELETE /api/orders/:id': cancel('DELETE', '/api/orders/:id'),
  'PUT /api/orders/:id/cancel': cancel('PUT', '/api/orders/:id/cancel', { reason: 'Customer phoned to cancel' }),
  'POST /api/orders/:id/refund': refundRequest,
  'POST /api/payments/confirm': confirmPayment,
  'POST /api/admin/orders/:id/refunds': refundPayment,
  'POST /api/orders/guest': {
    notLogged: 'anonymous storefront checkout; staff place orders with POST /api/admin/orders',
  },
  'POST /api/checkout/create-session': { notLogged: SESSION },
  'POST /api/checkout/create-guest-session': { notLogged: SESSION },
  // Called by Stripe or PayPal, never by staff: its disputes write their own activity row (settlement.test.ts).
  'POST /api/payments/webhooks/:provider': {
    notLogged: "a payment provider's event, not a staff mutation; a dispute it reports is logged as the provider's",
  },
  'POST /api/orders/calculate-shipping': { notLogged: 'read-only pricing of a cart; stores nothing' },
  'POST /api/orders/shipping-methods': { notLogged: 'read-only list of shipping options; stores nothing' },
  'POST /api/payments/create-payment-intent': {
    notLogged: 'records a payment intent of the caller (bound to an order when one is named); the order is unchanged',
  },
  'POST /api/payments/methods': { notLogged: "saves the caller's own card token for later; no store data changes" },
  'DELETE /api/payments/methods/:id': { notLogged: "removes one of the caller's own saved cards; no store data" },
};
