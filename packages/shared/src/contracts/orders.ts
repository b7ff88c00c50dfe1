import { z } from 'zod';
import { idempotencyHeaders, paginationView } from '../api.js';
import { PAGE_SIZES } from '../constants.js';
import { endpoint } from '../contract.js';
import { envelope, messageEnvelope } from '../envelopes.js';
import { idParams, objectIdParam } from '../id-params.js';
import { staffOrderListQuery } from '../list-filters.js';
import { REASSIGN_MESSAGES, reassignLineInput } from '../locations.js';
import { ORDER_RATES } from '../order-totals.js';
import { orderTrackingView, orderView } from '../order-view.js';
import {
  CREATE_ORDER_DESCRIPTION,
  cancelOrderInput,
  createOrderInput,
  editOrderInput,
  guestOrderInput,
  ORDER_MESSAGES,
  orderListQuery,
  orderStatusInput,
  ordersByEmailQuery,
  trackOrderQuery,
} from '../orders.js';
import { bankTransferInstructionsView, recordPaymentInput } from '../payments.js';
import { RETURN_MESSAGES, refundRequestInput, returnRequestView } from '../returns.js';

/** One order; customers and guests get it without staff notes (`adminNotes` is empty). */
export const orderEnvelope = envelope(z.object({ order: orderView }));
/**
 * One order as its shopper (or staff) reads it, with where to send the money while a bank-transfer order waits for it:
 * the store's account, the order's reference, the amount and the deadline (`bankTransfer` is null otherwise).
 */
export const orderWithPaymentEnvelope = envelope(
  z.object({ order: orderView, bankTransfer: bankTransferInstructionsView.nullable() }),
);
export const orderListEnvelope = envelope(z.object({ orders: z.array(orderView), pagination: paginationView }));

const tag = 'orders';
const params = idParams('order');
const staffListQuery = staffOrderListQuery;
const address = {
  firstName: 'Jane',
  lastName: 'Doe',
  street: '12 Market Street',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
  country: 'US',
  phone: '+1 555 0100',
};
const orderExample = {
  items: [{ productId: '64b7f0c2a1b2c3d4e5f60718', quantity: 2, size: 'M', color: 'Black', variantId: 'M-Black' }],
  shippingAddress: address,
  billingAddress: address,
  paymentMethod: 'stripe',
  shippingMethod: 'standard',
  notes: 'Leave at the door',
};
const createOrderExample = { ...orderExample, email: 'jane.doe@example.com' };
const orderCreated = {
  tag,
  body: createOrderInput,
  bodyExample: createOrderExample,
  headers: idempotencyHeaders,
  responses: { 201: orderWithPaymentEnvelope },
  errors: [403, 404, 409, 422],
} as const;
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const { shippingCents, freeStandardShippingFromCents, taxBasisPoints } = ORDER_RATES;
/** The shipping prices and the tax, told from the rates the totals are computed with. */
export const SHIPPING_AND_TAX_DESCRIPTION =
  `Shipping is standard ${dollars(shippingCents.standard)} (free from ${dollars(freeStandardShippingFromCents)} ` +
  `after discount), express ${dollars(shippingCents.express)} or overnight ${dollars(shippingCents.overnight)}; ` +
  `tax is ${taxBasisPoints / 100}% of the subtotal minus the discount, all exact to the cent.`;

/** What placing an order does, whoever places it. */
const PLACING_AN_ORDER =
  "Prices are frozen when the order is placed (the sale price when set and lower, or the variant's price override). " +
  `${SHIPPING_AND_TAX_DESCRIPTION} The units are reserved and a coupon use is counted at once. ` +
  'An unknown, inactive or missing size/color line answers 400 and too little stock 409 INSUFFICIENT_STOCK, with ' +
  'every failing line in `details` as `items.<index>`. A replay with the same `Idempotency-Key` returns the first ' +
  'answer and creates nothing; the same key with another body answers 422. A payment method the store has not ' +
  'switched on answers 400 (e.g. "Cash on Delivery is not available."), as does cash on delivery above its largest ' +
  'total or a `paymentIntentId` with cash or bank transfer. Cash on delivery is placed confirmed and unpaid (paid ' +
  'when delivered); a bank transfer stays pending with a reference to write on the transfer (`bankTransfer` in the ' +
  'answer) and is cancelled, its stock released, when the money has not arrived by its deadline. Both are mailed ' +
  'their confirmation at once; cards and PayPal when paid.';
const STATUS_CHANGE =
  '`status` and `paymentStatus` (with `trackingNumber`, `estimatedDelivery`), or `adminNotes` alone. Stock ' +
  'follows the status: reserved while pending, taken out when paid, shipped or delivered, given back when cancelled ' +
  'or refunded, reserved again when reopened (409 INSUFFICIENT_STOCK when the units are gone). Refunding or ' +
  'cancelling a paid order refunds through the payment provider; closing an order gives its coupon use back. The ' +
  'shopper is mailed when the order is first paid and when it first ships. Recorded in the activity log.';

/** The status dialog's call, served at both the spec's paths. */
const statusChanged = {
  tag,
  access: 'orders',
  params,
  body: orderStatusInput,
  bodyExample: { status: 'shipped', paymentStatus: 'paid', trackingNumber: '1Z999AA10123456784' },
  responses: { 200: orderEnvelope },
  errors: [409],
} as const;

/** Orders: customers' own orders, guest orders and tracking, and the staff list and status changes. */
export const orderContracts = {
  create: endpoint({
    ...orderCreated,
    operationId: 'createOrder',
    method: 'POST',
    path: '/orders',
    summary: 'Place an order (a customer for themself; staff for a chosen customer or a guest e-mail)',
    description: `${CREATE_ORDER_DESCRIPTION} ${PLACING_AN_ORDER}`,
    access: 'authenticated',
  }),
  createGuest: endpoint({
    operationId: 'createGuestOrder',
    method: 'POST',
    path: '/orders/guest',
    summary: 'Place an order without an account (tracked by order number and e-mail)',
    description:
      "The guest's `email` is the buyer and its `Idempotency-Key` is bound to that e-mail. The e-mail of a " +
      'deactivated customer is refused like the account: 403 "This customer account is deactivated and cannot place ' +
      `orders." ${PLACING_AN_ORDER}`,
    tag,
    access: 'public',
    headers: idempotencyHeaders,
    body: guestOrderInput,
    bodyExample: createOrderExample,
    responses: { 201: orderWithPaymentEnvelope },
    errors: [403, 409, 422],
  }),
  list: endpoint({
    operationId: 'listOrders',
    method: 'GET',
    path: '/orders',
    summary: 'List orders, newest first (filter by status; search number, names, e-mails, city, product names)',
    description:
      'Every order, with staff notes. `search` matches the order number, guest e-mail, shipping name and city, the ' +
      "customer's name or e-mail and the product names of its lines (counted exactly up to 1,000 matches, then " +
      '`pagination.exact` is false); `returns=open` keeps orders with a return waiting for a decision.',
    tag,
    access: 'orders',
    query: staffListQuery,
    responses: { 200: orderListEnvelope },
  }),
  mine: endpoint({
    operationId: 'listMyOrders',
    method: 'GET',
    path: '/orders/my-orders',
    summary: "The signed-in customer's orders, newest first",
    description: 'Only your own orders, without staff notes; `status` filters, a search text is ignored.',
    tag,
    access: 'authenticated',
    query: orderListQuery(PAGE_SIZES.myOrders),
    responses: { 200: orderListEnvelope },
  }),
  byEmail: endpoint({
    operationId: 'listOrdersByEmail',
    method: 'GET',
    path: '/orders/by-email',
    summary: "A customer's or guest's orders by e-mail",
    description:
      'Orders placed as a guest with that e-mail and the orders of the customer account with it (any case), ' +
      'newest first.',
    tag,
    access: 'orders',
    query: ordersByEmailQuery,
    responses: { 200: orderListEnvelope },
  }),
  track: endpoint({
    operationId: 'trackOrder',
    method: 'GET',
    path: '/orders/track/:orderNumber',
    summary: 'Track an order by its number and the e-mail it was placed with',
    description:
      "For guests (the storefront's /shop/track): the order without staff notes and its tracking. A wrong e-mail " +
      'gets the same 404 "Order not found" as an unknown number, so nothing is revealed. A bank-transfer order still ' +
      'waiting for its money comes with the transfer details (`bankTransfer`).',
    tag,
    access: 'public',
    params: z.object({ orderNumber: z.string().max(40) }),
    query: trackOrderQuery,
    responses: {
      200: envelope(
        z.object({
          order: orderView,
          tracking: orderTrackingView,
          bankTransfer: bankTransferInstructionsView.nullable(),
        }),
      ),
    },
    errors: [404],
  }),
  get: endpoint({
    operationId: 'getOrder',
    method: 'GET',
    path: '/orders/:id',
    summary: 'Get one order (customers only their own)',
    description:
      "Staff get the whole order; a customer only their own, without staff notes. Anyone else's order answers the " +
      'same 404 "Order not found" as a missing one. A bank-transfer order still waiting for its money comes with ' +
      'the transfer details (`bankTransfer`).',
    tag,
    access: 'authenticated',
    params,
    responses: { 200: orderWithPaymentEnvelope },
  }),
  tracking: endpoint({
    operationId: 'getOrderTracking',
    method: 'GET',
    path: '/orders/:id/tracking',
    summary: 'Tracking fields and timeline of one order (customers only their own)',
    description:
      'Tracking number, URL and estimated delivery, and the dated steps (placed, paid, shipped, delivered, ' +
      'cancelled, each return) oldest first. Someone else\'s order answers 404 "Order not found".',
    tag,
    access: 'authenticated',
    params,
    responses: { 200: envelope(z.object({ tracking: orderTrackingView })) },
  }),
  cancel: endpoint({
    operationId: 'cancelOrder',
    method: 'DELETE',
    path: '/orders/:id',
    summary: 'Cancel an order (customers while pending or confirmed; staff any active order)',
    description:
      'Customers cancel their own order while pending or confirmed (409 "Only pending or confirmed orders can be ' +
      'cancelled."); staff any order not yet cancelled or refunded (else 409 ORDER_CLOSED). The units go back to ' +
      'stock, the coupon use is given back and a paid order is refunded through the provider.',
    tag,
    access: 'authenticated',
    params,
    responses: { 200: orderEnvelope },
    errors: [409],
  }),
  cancelWithReason: endpoint({
    operationId: 'cancelOrderWithReason',
    method: 'PUT',
    path: '/orders/:id/cancel',
    summary: 'Cancel an order, giving a reason',
    description:
      'As DELETE /orders/{id}, with an optional `reason` kept on the order (default "Cancelled by customer", or ' +
      `"${ORDER_MESSAGES.adminCancelReason}" for staff).`,
    tag,
    access: 'authenticated',
    params,
    body: cancelOrderInput,
    bodyExample: { reason: 'Ordered the wrong size' },
    responses: { 200: orderEnvelope },
    errors: [409],
  }),
  requestRefund: endpoint({
    operationId: 'requestOrderRefund',
    method: 'POST',
    path: '/orders/:id/refund',
    summary: 'Ask for a return and refund of a shipped or delivered order (all remaining units, or the lines named)',
    description:
      'Owner or staff. `items[].itemId` is an order line id (`order.items[].id`), `quantity` the units asked back; ' +
      'without `items` every unit not yet returned or waiting for a decision is asked back. 400 when a line is not ' +
      "the order's or more units are asked than remain; 409 " +
      `"${RETURN_MESSAGES.notReturnable}" or 409 ` +
      `"${RETURN_MESSAGES.nothingLeft}" The answer carries the stored request (\`refundRequest\`, status ` +
      '`requested`); staff see it on the Orders badge.',
    tag,
    access: 'authenticated',
    params,
    body: refundRequestInput,
    bodyExample: { reason: 'Too big', items: [{ itemId: '64b7f0c2a1b2c3d4e5f60719', quantity: 1 }] },
    responses: { 200: envelope(z.object({ order: orderView, refundRequest: returnRequestView })) },
    errors: [409],
  }),
  updateStatus: endpoint({
    ...statusChanged,
    method: 'PUT',
    operationId: 'updateOrderStatus',
    path: '/orders/:id/status',
    summary: 'Set the status, payment status and tracking of an order (stock follows)',
    description: STATUS_CHANGE,
  }),
};

/** The back office's order calls (the spec's `/admin/orders` paths and the edits docs/domain.md § API adds). */
export const adminOrderContracts = {
  create: endpoint({
    ...orderCreated,
    operationId: 'createOrderForCustomer',
    method: 'POST',
    path: '/admin/orders',
    summary: 'Add an order for a customer or a guest e-mail (the Add Order dialog)',
    description: `POST /orders for staff only. ${CREATE_ORDER_DESCRIPTION} ${PLACING_AN_ORDER}`,
    access: 'orders',
  }),
  list: endpoint({
    operationId: 'listOrdersForStaff',
    method: 'GET',
    path: '/admin/orders',
    summary:
      'List orders for the back office, newest first (filter by status, open returns, payment, date, total, guest/registered; search)',
    description:
      'The staff list with the filters of the Orders screen: `status`, `paymentStatus`, `paymentMethod`, ' +
      '`startDate`/`endDate` (created; a day or an ISO date-time), `minTotal`/`maxTotal`, ' +
      '`customerType=guest|registered` and `returns=open`, combined with `search` (number, names, e-mails, shipping ' +
      'city, product names; counted exactly up to 1,000 matches, then `pagination.exact` is false).',
    tag,
    access: 'orders',
    query: staffListQuery,
    responses: { 200: orderListEnvelope },
  }),
  get: endpoint({
    operationId: 'getOrderForStaff',
    method: 'GET',
    path: '/admin/orders/:id',
    summary: 'Get one order with staff notes',
    description: 'The whole order, staff notes included. 404 "Order not found".',
    tag,
    access: 'orders',
    params,
    responses: { 200: orderEnvelope },
  }),
  updateStatus: endpoint({
    ...statusChanged,
    method: 'PUT',
    operationId: 'updateOrderStatusForStaff',
    path: '/admin/orders/:id/status',
    summary: 'Set the status, payment status and tracking of an order (the Manage Status dialog)',
    description: `The same change as PUT /orders/{id}/status. ${STATUS_CHANGE}`,
  }),
  update: endpoint({
    operationId: 'updateOrder',
    method: 'PUT',
    path: '/admin/orders/:id',
    summary: 'Edit the addresses, payment method, notes and admin notes of an order',
    description:
      '`paymentMethod` is required; the other fields left out keep their value. Lines, money and status do not ' +
      'change here. Recorded in the activity log ' +
      'with the changed fields. 404 "Order not found".',
    tag,
    access: 'orders',
    params,
    body: editOrderInput,
    bodyExample: { paymentMethod: 'stripe', notes: 'Leave at the door', adminNotes: 'Called the customer' },
    responses: { 200: orderEnvelope },
  }),
  recordPayment: endpoint({
    operationId: 'recordOrderPayment',
    method: 'POST',
    path: '/admin/orders/:id/payments',
    summary: 'Record money received outside a provider (a bank transfer, cash taken on delivery)',
    description:
      "Adds a manual payment of `amount` received on `receivedAt` (today when left out) with the bank's `reference` " +
      'and a `note`. Part payments add up; when they reach the total the order is paid (a pending order becomes ' +
      'confirmed, its stock is taken out, the shopper is mailed when not already). More than the outstanding amount ' +
      'answers 400; a cancelled or refunded order 409; a reference already recorded 409. Recorded in the activity log.',
    tag,
    access: 'orders',
    params,
    body: recordPaymentInput,
    bodyExample: { amount: 49.19, receivedAt: '2026-12-02', reference: 'SL7KQ4M2XP', note: 'Transfer received' },
    responses: { 201: orderEnvelope },
    errors: [409],
  }),
  reassignLine: endpoint({
    operationId: 'reassignOrderLine',
    method: 'PUT',
    path: '/admin/orders/:id/items/:itemId/location',
    summary: 'Reserve a line at another stock location before it ships',
    description:
      "The line's units are released at its location and reserved at `locationId` in one transaction, after the " +
      'same locks as shipping the order takes, so a reassignment racing a shipment is applied before or after it, ' +
      `never both. 409 "${REASSIGN_MESSAGES.notReserved}" once the order's stock is committed or given back; 409 ` +
      'when the new location has not enough available; 404 for an unknown line or location. Recorded in the ' +
      'activity log and as an `order.line_reassigned` event.',
    tag,
    access: 'orders',
    params: z.object({ id: objectIdParam('order'), itemId: objectIdParam('order line') }),
    body: reassignLineInput,
    bodyExample: { locationId: '000000000000000000000001' },
    responses: { 200: orderEnvelope },
    errors: [404, 409],
  }),
  remove: endpoint({
    operationId: 'deleteOrder',
    method: 'DELETE',
    path: '/admin/orders/:id',
    summary: 'Delete a cancelled or refunded order',
    description:
      'For good, with its lines; its stock was already given back. Any other order answers 409 "Only cancelled or ' +
      'refunded orders can be deleted." Recorded in the activity log.',
    tag,
    access: 'ordersDelete',
    params,
    responses: { 200: messageEnvelope },
    errors: [409],
  }),
};
