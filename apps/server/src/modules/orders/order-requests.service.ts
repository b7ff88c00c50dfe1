import type { createOrderInput, guestOrderInput, OrderStatus, OrderView } from '@seamline/shared';
import type { z } from 'zod';
import type { PaymentSettings } from '../../config-payments.js';
import type { Db } from '../../db/client.js';
import type { AuditContext } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import { callerOf, once } from '../../lib/idempotency.js';
import { ok } from '../../lib/responses.js';
import type { AuthUser } from '../../types.js';
import type { PaymentProviders } from '../payments/index.js';
import { loadOrderReturns } from '../return-records/index.js';
import { customerView, ORDER_NOT_FOUND, viewFor, visibleOrder } from './order-access.js';
import { OrderChangesService } from './order-changes.service.js';
import { findByNumberAndEmail, listOrders, type OrderFilter } from './order-queries.js';
import { loadOrderView } from './order-view.js';
import { type Checkout, placeGuestOrder, placeOrder, placeSimpleGuestOrder, resolveBuyer } from './orders.service.js';
import { bankTransferInstructions } from './payment-terms.js';
import { trackingView } from './tracking.js';

export const ORDER_CREATED = 'Order created successfully';

/**
 * The order calls as their callers see them: who may see which order, and which view of it (staff the whole order,
 * customers and guests without staff notes); creations run once per Idempotency-Key.
 */
export class OrderRequestsService {
  readonly changes: OrderChangesService;
  private readonly checkout: Checkout;

  constructor(
    private readonly db: Db,
    providers: PaymentProviders,
    publicUrl: string,
    settings: PaymentSettings,
    /** Called after an order is placed: its publishing job was added without waking the queue (JobQueue.wake). */
    private readonly jobsAdded: () => void,
  ) {
    this.changes = new OrderChangesService(db, providers, publicUrl);
    this.checkout = { settings, publicUrl };
  }

  /** An order with where to send the money while a bank transfer is awaited (null otherwise). */
  private withPayment(order: OrderView) {
    return { order, bankTransfer: bankTransferInstructions(this.checkout.settings, order) };
  }

  /** The answer a creation stores with its Idempotency-Key: a replay sends exactly this back. */
  private created(order: OrderView) {
    return { statusCode: 201, body: ok(this.withPayment(order), ORDER_CREATED) };
  }

  /** POST /orders and /admin/orders: a customer for themself; staff for a chosen customer or a guest e-mail. */
  async create(user: AuthUser, body: z.output<typeof createOrderInput>, key: string | undefined, audit: AuditContext) {
    const idempotent = { operation: 'order-create', key, caller: callerOf(user), body };
    const result = await once(this.db, idempotent, async (tx) => {
      const buyer = await resolveBuyer(tx, user, body);
      return this.created(viewFor(user, await placeOrder(tx, buyer, body, { user, audit, checkout: this.checkout })));
    });
    this.jobsAdded();
    return result.body;
  }

  /** POST /orders/guest: no account; the key is bound to the guest's e-mail. */
  async createGuest(body: z.output<typeof guestOrderInput>, key: string | undefined) {
    if (!key) {
      const order = await placeSimpleGuestOrder(this.db, body, this.checkout);
      this.jobsAdded();
      return this.created(customerView(order)).body;
    }
    const idempotent = { operation: 'order-guest', key, caller: callerOf(null, body.email), body };
    const result = await once(this.db, idempotent, async (tx) =>
      this.created(customerView(await placeGuestOrder(tx, body, this.checkout))),
    );
    this.jobsAdded();
    return result.body;
  }

  /** Staff lists: newest first, status filter, search over number, customer name and e-mail. */
  list(filter: OrderFilter) {
    return listOrders(this.db, filter);
  }

  /** The signed-in customer's own orders (their search text is ignored). */
  async mine(user: AuthUser, query: { page: number; limit: number; status?: OrderStatus }) {
    const page = await listOrders(this.db, {
      page: query.page,
      limit: query.limit,
      status: query.status,
      customerId: user.id,
    });
    return { ...page, orders: page.orders.map(customerView) };
  }

  /** Guest tracking: the order only when its number and e-mail match; anything else is the same 404. */
  async track(orderNumber: string, email: string) {
    const order = await findByNumberAndEmail(this.db, orderNumber, email);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    const tracking = trackingView(order, await loadOrderReturns(this.db, order.id));
    return { ...this.withPayment(customerView(order)), tracking };
  }

  /** One order: staff see every order, a customer only their own (with the transfer details while one is awaited). */
  async get(id: string, user: AuthUser) {
    await visibleOrder(this.db, id, user);
    return this.withPayment(viewFor(user, (await loadOrderView(this.db, id))!));
  }

  /** Staff record money received outside a provider (POST /admin/orders/{id}/payments). */
  recordPayment(
    id: string,
    input: Parameters<OrderChangesService['recordPayment']>[1],
    user: AuthUser,
    audit: AuditContext,
  ) {
    return this.changes.recordPayment(id, input, user, audit);
  }

  async tracking(id: string, user: AuthUser) {
    await visibleOrder(this.db, id, user);
    return trackingView((await loadOrderView(this.db, id))!, await loadOrderReturns(this.db, id));
  }

  /** Customers cancel while pending/confirmed; staff any active order (the Cancel dialog sends its fixed reason). */
  async cancel(id: string, reason: string | undefined, user: AuthUser, audit: AuditContext) {
    return viewFor(user, await this.changes.cancel(id, reason, user, audit));
  }
}
