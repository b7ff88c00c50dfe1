import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { coupons } from '../schema/index.js';

const DAY_MS = 86_400_000;

/** Demo coupons covering every display status (fixed codes so testers can type them at checkout). */
export async function seedCoupons(db: Db, now = new Date()): Promise<void> {
  const days = (n: number) => new Date(now.getTime() + n * DAY_MS);
  await db.insert(coupons).values([
    {
      code: 'NEWCUS15',
      name: 'Welcome Discount',
      description: '15% off a new customer’s first order (up to $30).',
      type: 'percentage',
      value: 15,
      usageLimit: 1000,
      userUsageLimit: 1,
      firstTimeUserOnly: true,
      maxDiscount: 30,
      startDate: days(-100),
      endDate: days(120),
    },
    {
      code: 'SPRING20',
      name: 'Spring Collection Sale',
      description: '20% off orders over $50.',
      type: 'percentage',
      value: 20,
      usageLimit: 500,
      userUsageLimit: 2,
      minOrderAmount: 50,
      maxDiscount: 50,
      startDate: days(-95),
      endDate: days(40),
    },
    {
      code: 'SAVE10US',
      name: 'Ten Dollars Off',
      description: '$10 off any order of $40 or more.',
      type: 'fixed',
      value: 10,
      usageLimit: 300,
      userUsageLimit: 3,
      minOrderAmount: 40,
      startDate: days(-95),
      endDate: days(15),
    },
    {
      code: 'SHIPFREE',
      name: 'Free Shipping Weekend',
      description: 'Free standard, express or overnight shipping.',
      type: 'free_shipping',
      value: 1,
      usageLimit: 200,
      userUsageLimit: 1,
      startDate: days(-3),
      endDate: days(4),
    },
    {
      code: 'FLASH50X',
      name: 'Flash Sale (sold out)',
      description: 'Half price for the first 8 shoppers.',
      type: 'percentage',
      value: 50,
      usageLimit: 8,
      userUsageLimit: 1,
      maxDiscount: 75,
      startDate: days(-95),
      endDate: days(20),
    },
    {
      code: 'WINTER25',
      name: 'Winter Clearance',
      description: '25% off last season’s outerwear.',
      type: 'percentage',
      value: 25,
      usageLimit: 400,
      startDate: days(-120),
      endDate: days(-30),
    },
    {
      code: 'SUMMER30',
      name: 'Summer Preview',
      description: '30% off the summer collection, starting soon.',
      type: 'percentage',
      value: 30,
      usageLimit: 500,
      startDate: days(14),
      endDate: days(60),
    },
    {
      code: 'STAFF005',
      name: 'Staff Appreciation',
      description: '$5 off, paused until the next staff event.',
      type: 'fixed',
      value: 5,
      usageLimit: 50,
      isActive: false,
      startDate: days(-30),
      endDate: days(30),
    },
  ]);
}

/**
 * After the demo orders: the flash sale shows as used up through its real redemptions — its limit becomes the number
 * of uses the demo orders counted (when they counted any).
 */
export async function closeFlashSale(db: Db): Promise<void> {
  await db
    .update(coupons)
    .set({ usageLimit: sql`${coupons.usedCount}` })
    .where(and(eq(coupons.code, 'FLASH50X'), sql`${coupons.usedCount} > 0`));
}
