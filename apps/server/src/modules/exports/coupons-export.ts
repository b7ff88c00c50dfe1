import type { CouponExportQuery } from '@seamline/shared';
import { and, desc, getTableColumns } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { coupons } from '../../db/schema/index.js';
import { couponListCondition, couponView } from '../coupons/index.js';
import { type CsvExport, cursorAt, keysetPages, money, olderThan } from './csv-export.js';

const PAGE = 1000;

const COLUMNS = [
  'code',
  'name',
  'description',
  'type',
  'value',
  'status',
  'active',
  'used_count',
  'usage_limit',
  'user_usage_limit',
  'first_time_user_only',
  'min_order_amount',
  'max_discount',
  'start_date',
  'end_date',
  'created_at',
];

/** The coupons the list's search and filters select, newest first, with their display status as of now. */
export function couponsExport(db: Db, query: CouponExportQuery): CsvExport {
  const where = couponListCondition(query);
  const now = new Date();
  async function* records() {
    const pages = keysetPages((after: { cursorAt: string; id: string } | null) =>
      db
        .select({ ...getTableColumns(coupons), cursorAt: cursorAt(coupons.createdAt) })
        .from(coupons)
        .where(and(where, olderThan(coupons.createdAt, coupons.id, after)))
        .orderBy(desc(coupons.createdAt), desc(coupons.id))
        .limit(PAGE),
    );
    for await (const page of pages)
      for (const row of page) {
        const coupon = couponView(row, now);
        yield [
          coupon.code,
          coupon.name,
          coupon.description,
          coupon.type,
          coupon.type === 'free_shipping' ? '' : String(coupon.value),
          coupon.status,
          coupon.isActive ? 'yes' : 'no',
          String(coupon.usedCount),
          String(coupon.usageLimit),
          String(coupon.userUsageLimit),
          coupon.firstTimeUserOnly ? 'yes' : 'no',
          money(coupon.minOrderAmount),
          money(coupon.maxDiscount),
          coupon.startDate,
          coupon.endDate,
          coupon.createdAt,
        ];
      }
  }
  return { kind: 'coupons', fileName: 'coupons', columns: COLUMNS, records: records() };
}
