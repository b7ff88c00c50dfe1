import {
  type AdminCustomer,
  COUNT_EXACT_LIMIT,
  type CustomerDetail,
  type CustomerListData,
  type CustomerStatusInput,
  type customerListQuery,
  type customerUpdateInput,
  dateFilterBound,
  pagination,
  SEARCH_COUNT_EXACT_LIMIT,
} from '@seamline/shared';
import { and, asc, desc, eq, gte, isNull, like, lt, not, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { addresses, orderItems, orders, userPhoneDigits, users } from '../../db/schema/index.js';
import { type AuditContext, changedFields, writeActivity } from '../../lib/audit.js';
import { boundedCount } from '../../lib/bounded-count.js';
import { notFound } from '../../lib/errors.js';
import { recordEvent } from '../../lib/events.js';
import { locksOf } from '../../lib/locked-transaction.js';
import { lowerTextContains } from '../../lib/search.js';
import { iso } from '../../lib/serialize.js';
import { revokeUserSessions } from '../auth/index.js';
import { eraseAccount } from '../privacy/index.js';
import { toSavedAddress } from '../profile/index.js';
import { recordCustomerUpdated } from './customer-events.js';
import { statsFor, toAdminCustomer } from './customer-stats.js';

/** The list query after validation (page and limit defaulted, limit capped). */
export type CustomerListFilter = z.output<typeof customerListQuery>;

/** The most recent orders shown with one customer (their count and total cover every order). */
export const CUSTOMER_DETAIL_ORDERS = 100;
const NOT_FOUND = 'Customer not found';

/** Customers only, never staff; anonymised (deleted) accounts are not managed here. */
const isManagedCustomer = and(eq(users.role, 'customer'), isNull(users.deletedAt));

/**
 * Plain-text search over "first last", e-mail and phone, through the trigram index on the stored `search_text`. A
 * search holding 3+ digits also matches the phone by its digits alone, so '555-012-3456' finds '5550123456'.
 */
export function customerSearchCondition(search: string): SQL {
  const byText = lowerTextContains(users.searchText, search);
  const digits = search.replace(/\D/g, '');
  if (digits.length < 3) return byText;
  const byDigits = `%${digits}%`;
  // The index finds the digits anywhere in the text; the second test keeps only those in the phone.
  return or(byText, and(like(users.searchText, byDigits), like(userPhoneDigits, byDigits)))!;
}

/** The managed customers a list filter selects (status, search): the list's and the bulk actions' condition. */
/** The list's filters (everything but page and limit). */
export type CustomerFilter = Omit<CustomerListFilter, 'page' | 'limit'>;

/**
 * The customers a list filter names. Registration dates walk `users_customers_created_idx`; "has orders" is one
 * probe of `orders_customer_idx` per customer.
 */
export function customerListCondition(filter: CustomerFilter): SQL {
  const ordered = sql`EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.customerId} = ${users.id})`;
  return and(
    isManagedCustomer,
    filter.status ? eq(users.isActive, filter.status === 'active') : undefined,
    filter.registeredFrom ? gte(users.createdAt, dateFilterBound(filter.registeredFrom, 'start')) : undefined,
    filter.registeredTo ? lt(users.createdAt, dateFilterBound(filter.registeredTo, 'end')) : undefined,
    filter.hasOrders === 'yes' ? ordered : filter.hasOrders === 'no' ? not(ordered) : undefined,
    filter.search ? customerSearchCondition(filter.search) : undefined,
  )!;
}

export class CustomersService {
  constructor(private readonly db: Db) {}

  async list(filter: CustomerListFilter): Promise<CustomerListData> {
    const { page: _page, limit: _limit, search, ...filters } = filter;
    const unsearched = customerListCondition(filters);
    const where = customerListCondition({ ...filters, search });
    const matching = (condition: SQL | undefined) => this.db.select({ id: users.id }).from(users).where(condition);
    const [rows, matched, overall] = await Promise.all([
      this.db
        .select()
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(filter.limit)
        .offset((filter.page - 1) * filter.limit),
      // A search counts like the order search: up to SEARCH_COUNT_EXACT_LIMIT, a common word not at all.
      search
        ? boundedCount(this.db, matching(where).getSQL(), SEARCH_COUNT_EXACT_LIMIT, { estimateFirst: true })
        : boundedCount(this.db, matching(where).getSQL()),
      // "X of Y customers": Y is the list without the search (only counted again when there is one).
      search ? boundedCount(this.db, matching(unsearched).getSQL(), COUNT_EXACT_LIMIT, { estimateFirst: true }) : null,
    ]);
    const stats = await statsFor(
      this.db,
      rows.map((r) => r.id),
    );
    return {
      users: rows.map((row) => toAdminCustomer(row, stats.get(row.id))),
      pagination: pagination(filter.page, filter.limit, matched.total, matched.exact),
      overall: overall ?? matched,
    };
  }

  async get(id: string): Promise<CustomerDetail> {
    const row = await this.find(this.db, id);
    const [stats, recentOrders, saved] = await Promise.all([
      statsFor(this.db, [id]),
      this.db
        .select({
          id: orders.id,
          orderNumber: orders.orderNumber,
          status: orders.status,
          paymentStatus: orders.paymentStatus,
          total: orders.total,
          createdAt: orders.createdAt,
          itemsCount: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int`.mapWith(Number),
        })
        .from(orders)
        .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
        .where(eq(orders.customerId, id))
        .groupBy(orders.id)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(CUSTOMER_DETAIL_ORDERS),
      this.db
        .select()
        .from(addresses)
        .where(eq(addresses.userId, id))
        .orderBy(desc(addresses.isDefault), asc(addresses.createdAt)),
    ]);
    return {
      user: toAdminCustomer(row, stats.get(id)),
      orders: recentOrders.map((o) => ({ _id: o.id, ...o, createdAt: iso(o.createdAt)! })),
      addresses: saved.map(toSavedAddress),
    };
  }

  /** Staff edit the customer's name and phone (docs/domain.md § Corrections); one activity row with before/after. */
  async update(id: string, input: z.output<typeof customerUpdateInput>, ctx: AuditContext): Promise<AdminCustomer> {
    return this.db.transaction(async (tx) => {
      const before = await this.find(tx, id, true);
      const next = {
        firstName: input.firstName,
        lastName: input.lastName,
        ...(input.phone !== undefined ? { phone: input.phone } : {}),
      };
      const changes = changedFields(before, next);
      let row = before;
      if (Object.keys(changes).length > 0) {
        [row] = (await tx.update(users).set(next).where(eq(users.id, id)).returning()) as [typeof before];
        await writeActivity(tx, ctx, {
          action: 'update',
          resource: 'customer',
          resourceId: id,
          details: { email: before.email, changes },
        });
      }
      const view = toAdminCustomer(row, (await statsFor(tx, [id])).get(id));
      if (row !== before) await recordEvent(tx, { type: 'customer.updated', objectId: id, data: view });
      return view;
    });
  }

  /** Activate or deactivate; deactivation ends every session at once and blocks sign-in and ordering. */
  async setStatus(id: string, input: CustomerStatusInput, ctx: AuditContext): Promise<AdminCustomer> {
    return this.db.transaction(async (tx) => {
      const before = await this.find(tx, id, true);
      let row = before;
      if (before.isActive !== input.isActive) {
        [row] = (await tx.update(users).set({ isActive: input.isActive }).where(eq(users.id, id)).returning()) as [
          typeof before,
        ];
        await writeActivity(tx, ctx, {
          action: 'update_status',
          resource: 'customer',
          resourceId: id,
          details: {
            email: before.email,
            changes: changedFields({ isActive: before.isActive }, { isActive: input.isActive }),
          },
        });
      }
      // Also on a repeated deactivation: a session that slipped through is ended.
      if (!input.isActive) await revokeUserSessions(tx, id);
      const view = toAdminCustomer(row, (await statsFor(tx, [id])).get(id));
      if (row !== before) await recordEvent(tx, { type: 'customer.updated', objectId: id, data: view });
      return view;
    });
  }

  /**
   * Erases the customer's personal data on their request (docs/security.md "Privacy"), in one transaction: the same erasure as
   * their own account deletion, and one activity-log entry that names the account by id only.
   */
  async erase(id: string, ctx: AuditContext): Promise<void> {
    await this.db.transaction(async (tx) => {
      const customer = await this.find(tx, id, true);
      const erased = await eraseAccount(tx, customer);
      // Receivers hear of the erasure with the anonymised view, so they can erase their copies.
      await recordCustomerUpdated(tx, id);
      await writeActivity(tx, ctx, {
        action: 'erase',
        resource: 'customer',
        resourceId: id,
        details: { anonymised: true, ordersKept: erased.orders },
      });
    });
  }

  private async find(db: DbOrTx, id: string, lock = false) {
    const query = db
      .select()
      .from(users)
      .where(and(eq(users.id, id), isManagedCustomer));
    const [row] = lock ? await locksOf(db).step('customer', () => query.for('update'), [id]) : await query;
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }
}
