import { randomInt } from 'node:crypto';
import {
  COUPON_CODE_LENGTH,
  COUPON_DEFAULTS,
  type Coupon,
  type CouponInput,
  type CouponType,
  couponDisplayStatus,
  PAGE_SIZES,
  pagination,
  parseCouponDate,
  type ValidateCouponBody,
} from '@seamline/shared';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { couponRedemptions, coupons } from '../../db/schema/index.js';
import { type AuditContext, changedFields, createdFields, writeActivity } from '../../lib/audit.js';
import { conflict, notFound } from '../../lib/errors.js';
import { lockedTransaction } from '../../lib/locked-transaction.js';
import { containsPattern } from '../../lib/search.js';
import { iso } from '../../lib/serialize.js';
import { checkCoupon } from './redemption.js';

type CouponRow = typeof coupons.$inferSelect;
const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const DAY_MS = 86_400_000;

/** The API shape of a coupon, with its display status computed now. */
export function couponView(row: CouponRow, now = new Date()): Coupon {
  return {
    _id: row.id,
    id: row.id,
    code: row.code,
    name: row.name,
    description: row.description,
    type: row.type,
    value: row.value,
    usageLimit: row.usageLimit,
    usedCount: row.usedCount,
    userUsageLimit: row.userUsageLimit,
    isActive: row.isActive,
    firstTimeUserOnly: row.firstTimeUserOnly,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    minOrderAmount: row.minOrderAmount,
    maxDiscount: row.maxDiscount,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: iso(row.updatedAt) ?? row.createdAt.toISOString(),
    status: couponDisplayStatus(row, now),
  };
}

export function randomCouponCode(): string {
  let code = '';
  for (let i = 0; i < COUPON_CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** A code no coupon has yet (8 uppercase letters/digits: 36^8 codes, so a clash is already unlikely). */
export async function uniqueCouponCode(db: DbOrTx): Promise<string> {
  for (;;) {
    const code = randomCouponCode();
    const [taken] = await db.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, code));
    if (!taken) return code;
  }
}

/** The stored columns of a validated body; dates default to today … +30 days when the request leaves both out. */
function columns(input: CouponInput, now = new Date()) {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return {
    name: input.name,
    description: input.description ?? '',
    type: input.type,
    value: input.value,
    usageLimit: input.usageLimit,
    userUsageLimit: input.userUsageLimit,
    isActive: input.isActive,
    firstTimeUserOnly: input.firstTimeUserOnly,
    startDate: input.startDate ? parseCouponDate(input.startDate, 'start')! : today,
    endDate: input.endDate
      ? parseCouponDate(input.endDate, 'end')!
      : new Date(today.getTime() + COUPON_DEFAULTS.validityDays * DAY_MS - 1),
    minOrderAmount: input.minOrderAmount ?? null,
    maxDiscount: input.maxDiscount ?? null,
  };
}

/** Audit values: dates as ISO strings so before/after compare by content. */
function auditable(values: ReturnType<typeof columns> | CouponRow) {
  const { startDate, endDate, ...rest } = values;
  return { ...rest, startDate: startDate.toISOString(), endDate: endDate.toISOString() };
}

export type CouponListQuery = {
  page: number;
  limit: number;
  isActive?: 'true' | 'false';
  type?: CouponType;
  search?: string;
};

/** The coupons a list filter selects (active flag, type, search over code, name and description): list and export. */
export function couponListCondition(query: Omit<CouponListQuery, 'page' | 'limit'>): SQL | undefined {
  const filters: (SQL | undefined)[] = [];
  if (query.isActive) filters.push(eq(coupons.isActive, query.isActive === 'true'));
  if (query.type) filters.push(eq(coupons.type, query.type));
  if (query.search) {
    const pattern = containsPattern(query.search);
    filters.push(or(ilike(coupons.name, pattern), ilike(coupons.code, pattern), ilike(coupons.description, pattern)));
  }
  return and(...filters);
}

export class CouponsService {
  constructor(private readonly db: Db) {}

  async list(query: CouponListQuery) {
    const where = couponListCondition(query);
    const limit = query.limit ?? PAGE_SIZES.coupons;
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(coupons)
        .where(where)
        .orderBy(desc(coupons.createdAt), desc(coupons.id))
        .limit(limit)
        .offset((query.page - 1) * limit),
      this.db.select({ n: count() }).from(coupons).where(where),
    ]);
    const now = new Date();
    return { data: rows.map((row) => couponView(row, now)), pagination: pagination(query.page, limit, total?.n ?? 0) };
  }

  async get(id: string): Promise<Coupon> {
    const [row] = await this.db.select().from(coupons).where(eq(coupons.id, id));
    if (!row) throw notFound('Coupon not found');
    return couponView(row);
  }

  async create(input: CouponInput, ctx: AuditContext): Promise<Coupon> {
    const values = columns(input);
    return this.db.transaction(async (tx) => {
      const code = await uniqueCouponCode(tx);
      const [row] = await tx
        .insert(coupons)
        .values({ ...values, code, createdBy: ctx.userId })
        .returning();
      await writeActivity(tx, ctx, {
        action: 'create',
        resource: 'coupon',
        resourceId: row!.id,
        details: { name: row!.name, code, after: auditable(values), changes: createdFields(auditable(values)) },
      });
      return couponView(row!);
    });
  }

  async update(id: string, input: CouponInput, ctx: AuditContext): Promise<Coupon> {
    return lockedTransaction(this.db, async (tx, locks) => {
      const [before] = await locks.step('coupon', () =>
        tx.select().from(coupons).where(eq(coupons.id, id)).for('update'),
      );
      if (!before) throw notFound('Coupon not found');
      // Without dates in the body the coupon keeps its own (the create defaults apply to new coupons only).
      const values = columns(input);
      if (input.startDate === undefined && input.endDate === undefined) {
        values.startDate = before.startDate;
        values.endDate = before.endDate;
      }
      const [row] = await tx
        .update(coupons)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(coupons.id, id))
        .returning();
      const changes = changedFields(auditable(before), auditable(values));
      await writeActivity(tx, ctx, {
        action: 'update',
        resource: 'coupon',
        resourceId: id,
        details: { name: row!.name, code: row!.code, changes },
      });
      return couponView(row!);
    });
  }

  /**
   * Deletes a coupon nobody has used. A coupon with redemptions is refused (409): deleting it would erase the
   * order history behind its analytics; deactivating it stops further use.
   */
  async remove(id: string, ctx: AuditContext): Promise<void> {
    await lockedTransaction(this.db, async (tx, locks) => {
      const [before] = await locks.step('coupon', () =>
        tx.select().from(coupons).where(eq(coupons.id, id)).for('update'),
      );
      if (!before) throw notFound('Coupon not found');
      const [used] = await tx.select({ n: count() }).from(couponRedemptions).where(eq(couponRedemptions.couponId, id));
      if ((used?.n ?? 0) > 0)
        throw conflict(
          'This coupon has been used on orders and cannot be deleted. Deactivate it instead.',
          'COUPON_IN_USE',
        );
      await tx.delete(coupons).where(eq(coupons.id, id));
      await writeActivity(tx, ctx, {
        action: 'delete',
        resource: 'coupon',
        resourceId: id,
        details: { name: before.name, code: before.code, before: auditable(before) },
      });
    });
  }

  /** Checks a code for a cart subtotal and customer (null for a guest) without writing anything. */
  async validate(body: ValidateCouponBody, customerId: string | null) {
    const { coupon, discount, freeShipping } = await checkCoupon(this.db, {
      code: body.code,
      subtotal: body.subtotal,
      customerId,
    });
    const { id, code, name, type, value } = coupon;
    return { valid: true as const, code, coupon: { _id: id, code, name, type, value }, discount, freeShipping };
  }
}
