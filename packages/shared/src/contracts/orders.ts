import { z } from 'zod';
import { idempotencyHeaders, paginationView } from '../api.js';
import { PAGE_SIZES } from '../constants.js';
import { endpoint, envelope, messageEnvelope } from '../contract.js';
import { idParams } from '../ids.js';
import { staffOrderListQuery } from '../list-filters.js';
import { orderTrackingView, orderView } from '../order-view.js';
import {
  CREATE_ORDER_DESCRIPTION,
  cancelOrderInput,
  createOrderInput,
  editOrderInput,
  guestOrderInput,
  orderListQuery,
  orderStatusInput,
  ordersByEmailQuery,
  trackOrderQuery,
} from '../orders.js';
import { refundRequestInput, returnRequestView } from '../returns.js';

/** One order; customers and guests get it without staff notes (`adminNotes` is empty). */
export const orderEnvelope = envelope(z.object({ order: orderView }));
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
  responses: { 201: orderEnvelope },
  errors: [404, 409, 422],
} as const;
/** The status dialog's call, served at both the spec's paths. */
const statusChanged = {
  method: 'PUT',
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
    description: CREATE_ORDER_DESCRIPTION,
    access: 'authenticated',
  }),
  createGuest: endpoint({
    operationId: 'createGuestOrder',
    method: 'POST',
    path: '/orders/guest',
    summary: 'Place an order without an account (tracked by order number and e-mail)',
    tag,
    access: 'public',
    headers: idempotencyHeaders,
    body: guestOrderInput,
    bodyExample: createOrderExample,
    responses: { 201: orderEnvelope },
    errors: [409, 422],
  }),
  list: endpoint({
    operationId: 'listOrders',
    method: 'GET',
    path: '/orders',
    summary: 'List orders, newest first (filter by status; search number, customer name and e-mail)',
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
    tag,
    access: 'public',
    params: z.object({ orderNumber: z.string().max(40) }),
    query: trackOrderQuery,
    responses: { 200: envelope(z.object({ order: orderView, tracking: orderTrackingView })) },
    errors: [404],
  }),
  get: endpoint({
    operationId: 'getOrder',
    method: 'GET',
    path: '/orders/:id',
    summary: 'Get one order (customers only their own)',
    tag,
    access: 'authenticated',
    params,
    responses: { 200: orderEnvelope },
  }),
  tracking: endpoint({
    operationId: 'getOrderTracking',
    method: 'GET',
    path: '/orders/:id/tracking',
    summary: 'Tracking fields and timeline of one order (customers only their own)',
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
      "the order's or more units are asked than remain; 409 when the order is not shipped/delivered or nothing is " +
      'left to return. The answer carries the stored request (`refundRequest`, status `requested`).',
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
    operationId: 'updateOrderStatus',
    path: '/orders/:id/status',
    summary: 'Set the status, payment status and tracking of an order (stock follows)',
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
    description: CREATE_ORDER_DESCRIPTION,
    access: 'orders',
  }),
  list: endpoint({
    operationId: 'listOrdersForStaff',
    method: 'GET',
    path: '/admin/orders',
    summary:
      'List orders for the back office, newest first (filter by status, open returns, payment, date, total, guest/registered; search)',
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
    tag,
    access: 'orders',
    params,
    responses: { 200: orderEnvelope },
  }),
  updateStatus: endpoint({
    ...statusChanged,
    operationId: 'updateOrderStatusForStaff',
    path: '/admin/orders/:id/status',
    summary: 'Set the status, payment status and tracking of an order (the Manage Status dialog)',
  }),
  update: endpoint({
    operationId: 'updateOrder',
    method: 'PUT',
    path: '/admin/orders/:id',
    summary: 'Edit the addresses, payment method, notes and admin notes of an order',
    tag,
    access: 'orders',
    params,
    body: editOrderInput,
    bodyExample: { paymentMethod: 'stripe', notes: 'Leave at the door', adminNotes: 'Called the customer' },
    responses: { 200: orderEnvelope },
  }),
  remove: endpoint({
    operationId: 'deleteOrder',
    method: 'DELETE',
    path: '/admin/orders/:id',
    summary: 'Delete a cancelled or refunded order',
    tag,
    access: 'ordersDelete',
    params,
    responses: { 200: messageEnvelope },
    errors: [409],
  }),
};
