import { z } from 'zod';
import { paginationView } from '../api.js';
import { endpoint } from '../contract.js';
import { envelope } from '../envelopes.js';
import { idParams } from '../id-params.js';
import { LOCATION_MESSAGES } from '../locations.js';
import { orderView } from '../order-view.js';
import {
  approveReturnInput,
  declineReturnInput,
  RETURN_MESSAGES,
  returnListQuery,
  returnRequestView,
} from '../returns.js';

const tag = 'returns';
const orderParams = idParams('order');
const returnParams = idParams('return');
const returnEnvelope = envelope(z.object({ return: returnRequestView, order: orderView }));

/**
 * Returns (refund requests). The customer (or staff for them) asks with `POST /orders/{id}/refund`
 * (`orderContracts.requestRefund`) and follows them with `GET /orders/{id}/returns`; staff list the open ones and
 * approve (refund through the payment provider, units back to stock) or decline each once.
 */
export const returnContracts = {
  listForOrder: endpoint({
    operationId: 'listOrderReturns',
    method: 'GET',
    path: '/orders/:id/returns',
    summary: "An order's return requests, newest first (customers only their own orders)",
    description:
      'Each with its lines, status, refund and decision; `decidedBy` is left out (null) for customers. Someone ' +
      `else's order answers 404 "Order not found".`,
    tag,
    access: 'authenticated',
    params: orderParams,
    responses: { 200: envelope(z.object({ returns: z.array(returnRequestView) })) },
  }),
  list: endpoint({
    operationId: 'listReturns',
    method: 'GET',
    path: '/admin/returns',
    summary: 'Return requests of every order, newest first (`status=requested`: the open ones)',
    description: 'Each with its order number, lines, value, status, refund and decision.',
    tag,
    access: 'orders',
    query: returnListQuery,
    responses: { 200: envelope(z.object({ returns: z.array(returnRequestView), pagination: paginationView })) },
  }),
  openCount: endpoint({
    operationId: 'countOpenReturns',
    method: 'GET',
    path: '/admin/returns/open-count',
    summary: 'How many return requests wait for a decision (the Orders badge)',
    description: 'Counts the returns with status `requested`.',
    tag,
    access: 'orders',
    responses: { 200: envelope(z.object({ count: z.number() })) },
  }),
  approve: endpoint({
    operationId: 'approveReturn',
    method: 'POST',
    path: '/admin/returns/:id/approve',
    summary: 'Approve a return: refund through the payment provider, put the chosen units back in stock',
    description:
      '`refundAmount` ≤ paid minus refunded (default: the lines’ value, capped there); `restock` per line ≤ the units ' +
      'returned (default: all). The payment status becomes `partially_refunded`, or `refunded` (and the order ' +
      '`refunded`) once everything paid is given back. Restocked units are written as `return` stock movements at ' +
      "`restockLocationId` (default: each line's own location), which must exist (404 " +
      `"${LOCATION_MESSAGES.notFound}") and be active (409 "${LOCATION_MESSAGES.inactive}"), checked before any refund. ` +
      `Decided once: 409 "${RETURN_MESSAGES.alreadyDecided('approved')}" or 409 ` +
      `"${RETURN_MESSAGES.alreadyDecided('declined')}". 404 "${RETURN_MESSAGES.notFound}".`,
    tag,
    access: 'orders',
    params: returnParams,
    body: approveReturnInput,
    bodyExample: { refundAmount: 25, restock: [{ itemId: '64b7f0c2a1b2c3d4e5f60719', quantity: 1 }] },
    responses: { 200: returnEnvelope },
    errors: [409],
  }),
  decline: endpoint({
    operationId: 'declineReturn',
    method: 'POST',
    path: '/admin/returns/:id/decline',
    summary: 'Decline a return, giving the reason (its units can be asked for again)',
    description:
      `Decided once, as approving. The reason is kept on the return for the customer; the order's timeline and the ` +
      `activity log record the decision. 404 "${RETURN_MESSAGES.notFound}".`,
    tag,
    access: 'orders',
    params: returnParams,
    body: declineReturnInput,
    bodyExample: { reason: 'The item was worn' },
    responses: { 200: returnEnvelope },
    errors: [409],
  }),
};
