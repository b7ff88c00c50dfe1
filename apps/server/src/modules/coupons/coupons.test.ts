import { COUPON_MESSAGES } from '@seamline/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { activityLogs, coupons } from '../../db/schema/index.js';

let t: TestApp;
let admin: string;
let moderator: string;
let support: string;
let customer: string;
beforeAll(async () => {
  t = await createTestApp();
  const token = async (role: 'admin' | 'moderator' | 'support' | 'customer') => (await signedIn(t.app, role)).token;
  admin = await token('admin');
  moderator = await token('moderator');
  support = await token('support');
  customer = await token('customer');
});
afterAll(async () => t.close());

const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'Spring Sale',
  description: 'Ten percent off',
  type: 'percentage',
  value: 10,
  usageLimit: 100,
  userUsageLimit: 1,
  isActive: true,
  firstTimeUserOnly: false,
  startDate: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
  endDate: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
  ...overrides,
});
const create = async (overrides: Record<string, unknown> = {}) => {
  const res = await call(t.app, 'POST', '/api/admin/coupons', { token: admin, body: body(overrides) });
  expect(res.status).toBe(201);
  return res.body.data.data;
};

describe('admin coupons', () => {
  it('creates with a server-assigned code, spec defaults and an activity row', async () => {
    const res = await call(t.app, 'POST', '/api/admin/coupons', {
      token: admin,
      body: { name: 'Defaults only', value: 5, code: 'MINE' },
    });
    expect(res.status).toBe(201);
    const coupon = res.body.data.data;
    expect(coupon.code).toMatch(/^[A-Z0-9]{8}$/);
    expect(coupon).toMatchObject({
      _id: coupon.id,
      type: 'percentage',
      usageLimit: 100,
      userUsageLimit: 1,
      usedCount: 0,
      isActive: true,
      firstTimeUserOnly: false,
      status: 'Active',
    });
    const days = (Date.parse(coupon.endDate) - Date.parse(coupon.startDate)) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    const [log] = await t.app.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.resource, 'coupon'), eq(activityLogs.resourceId, coupon.id)));
    expect(log).toMatchObject({ action: 'create' });
    expect(log!.details).toMatchObject({ after: { name: 'Defaults only', value: 5 } });
  });

  it('answers every spec validation message with 400', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, COUPON_MESSAGES.nameRequired],
      [{ name: undefined }, COUPON_MESSAGES.nameRequired],
      [{ name: 'ab' }, COUPON_MESSAGES.nameMin],
      [{ name: 'x'.repeat(101) }, COUPON_MESSAGES.nameMax],
      [{ value: 0 }, COUPON_MESSAGES.valuePositive],
      [{ value: undefined }, COUPON_MESSAGES.valuePositive],
      [{ value: 100.5 }, COUPON_MESSAGES.percentageMax],
      [{ usageLimit: 0 }, COUPON_MESSAGES.usageLimitPositive],
      [{ usageLimit: 10_001 }, COUPON_MESSAGES.usageLimitMax],
      [{ description: 'd'.repeat(501) }, COUPON_MESSAGES.descriptionMax],
      [{ startDate: '' }, COUPON_MESSAGES.datesRequired],
      [{ endDate: null }, COUPON_MESSAGES.datesRequired],
      [{ endDate: body().startDate }, COUPON_MESSAGES.endAfterStart],
    ];
    for (const [overrides, message] of cases) {
      const res = await call(t.app, 'POST', '/api/admin/coupons', { token: admin, body: body(overrides) });
      expect(res.status, message).toBe(400);
      expect(JSON.stringify(res.body), message).toContain(message);
    }
    for (const bad of [null, [], { value: 'ten' }, { type: 'bogus' }]) {
      const res = await call(t.app, 'POST', '/api/admin/coupons', { token: admin, body: bad });
      expect(res.status).toBe(400);
    }
  });

  it('lists 9 per page with display status, filters and searches', async () => {
    const tagged = await create({ name: 'Needle Haystack Promo', type: 'fixed', value: 5 });
    await create({ name: 'Paused promo', isActive: false });
    for (let i = 0; i < 9; i++) await create({ name: `Filler ${i}` });
    const page1 = await call(t.app, 'GET', '/api/admin/coupons', { token: moderator });
    expect(page1.status).toBe(200);
    expect(page1.body.data.data).toHaveLength(9);
    expect(page1.body.data.pagination).toMatchObject({ page: 1, limit: 9 });
    expect(page1.body.data.pagination.totalPages).toBeGreaterThan(1);
    const search = await call(t.app, 'GET', '/api/admin/coupons?search=haystack', { token: admin });
    expect(search.body.data.data.map((c: { id: string }) => c.id)).toEqual([tagged.id]);
    const byCode = await call(t.app, 'GET', `/api/admin/coupons?search=${tagged.code.toLowerCase()}`, { token: admin });
    expect(byCode.body.data.data).toHaveLength(1);
    const inactive = await call(t.app, 'GET', '/api/admin/coupons?isActive=false&limit=50', { token: admin });
    expect(inactive.body.data.data.every((c: { status: string }) => c.status === 'Inactive')).toBe(true);
    const fixed = await call(t.app, 'GET', '/api/admin/coupons?type=fixed', { token: admin });
    expect(fixed.body.data.data.every((c: { type: string }) => c.type === 'fixed')).toBe(true);
    for (const q of ['type=bogus', 'isActive=maybe', 'page=0', 'limit=0'])
      expect((await call(t.app, 'GET', `/api/admin/coupons?${q}`, { token: admin })).status).toBe(400);
  });

  it('shows Expired, Not Started and Usage Exceeded', async () => {
    const past = await create({ startDate: '2020-01-01', endDate: '2020-02-01' });
    const future = await create({ startDate: '2099-01-01', endDate: '2099-02-01' });
    const used = await create({ usageLimit: 1 });
    await t.app.db.update(coupons).set({ usedCount: 1 }).where(eq(coupons.id, used.id));
    const status = async (id: string) =>
      (await call(t.app, 'GET', `/api/admin/coupons/${id}`, { token: admin })).body.data.data.status;
    expect(await status(past.id)).toBe('Expired');
    expect(await status(future.id)).toBe('Not Started');
    expect(await status(used.id)).toBe('Usage Exceeded');
  });

  it('updates with before/after in the activity log, keeps the code', async () => {
    const coupon = await create();
    const res = await call(t.app, 'PUT', `/api/admin/coupons/${coupon.id}`, {
      token: admin,
      body: { ...body({ name: 'Renamed Sale', value: 20 }), _id: coupon.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.data).toMatchObject({ name: 'Renamed Sale', value: 20, code: coupon.code });
    const [log] = await t.app.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.action, 'update'), eq(activityLogs.resourceId, coupon.id)));
    expect(log!.details).toMatchObject({
      changes: { name: { before: 'Spring Sale', after: 'Renamed Sale' }, value: { before: 10, after: 20 } },
    });
    const invalid = await call(t.app, 'PUT', `/api/admin/coupons/${coupon.id}`, {
      token: admin,
      body: body({ value: 0 }),
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toContain(COUPON_MESSAGES.valuePositive);
  });

  it('deletes an unused coupon with an activity row; 404 after', async () => {
    const coupon = await create();
    const res = await call(t.app, 'DELETE', `/api/admin/coupons/${coupon.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect((await call(t.app, 'GET', `/api/admin/coupons/${coupon.id}`, { token: admin })).status).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/admin/coupons/${coupon.id}`, { token: admin })).status).toBe(404);
    const [log] = await t.app.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.action, 'delete'), eq(activityLogs.resourceId, coupon.id)));
    expect(log!.details).toMatchObject({ before: { name: 'Spring Sale' } });
  });

  it('gives the spec messages for malformed ids', async () => {
    const short = await call(t.app, 'GET', '/api/admin/coupons/abc', { token: admin });
    expect(short.status).toBe(400);
    expect(short.body.message).toContain('Invalid coupon ID format. Expected 24 characters, got 3');
    const nonHex = await call(t.app, 'PUT', `/api/admin/coupons/${'z'.repeat(24)}`, { token: admin, body: body() });
    expect(nonHex.status).toBe(400);
  });

  it('generates unused 8-character codes', async () => {
    const res = await call(t.app, 'GET', '/api/admin/coupons/generate-code', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data.data.code).toMatch(/^[A-Z0-9]{8}$/);
  });

  it('enforces access: reads for admin and moderator, writes for admin only', async () => {
    expect((await call(t.app, 'GET', '/api/admin/coupons')).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/admin/coupons', { token: support })).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/coupons', { token: customer })).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/coupons/analytics', { token: moderator })).status).toBe(200);
    expect((await call(t.app, 'POST', '/api/admin/coupons', { token: moderator, body: body() })).status).toBe(403);
    const coupon = await create();
    expect(
      (await call(t.app, 'PUT', `/api/admin/coupons/${coupon.id}`, { token: moderator, body: body() })).status,
    ).toBe(403);
    expect((await call(t.app, 'DELETE', `/api/admin/coupons/${coupon.id}`, { token: moderator })).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/coupons/generate-code', { token: moderator })).status).toBe(403);
  });
});

describe('coupon validation', () => {
  it('answers the discount for a valid code, readable at data.data', async () => {
    const coupon = await create({ value: 25, maxDiscount: 20 });
    const res = await call(t.app, 'POST', '/api/public/coupons/validate', {
      body: { code: coupon.code.toLowerCase(), subtotal: 120, items: [] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.data).toMatchObject({ valid: true, code: coupon.code, discount: 20, freeShipping: false });
    const fixed = await create({ type: 'fixed', value: 30 });
    const capped = await call(t.app, 'POST', '/api/coupons/validate', {
      token: customer,
      body: { code: fixed.code, subtotal: 12.5, userId: 'someone-else' },
    });
    expect(capped.body.data.data.discount).toBe(12.5);
    const ship = await create({ type: 'free_shipping', value: 1 });
    const free = await call(t.app, 'POST', '/api/public/coupons/validate', { body: { code: ship.code, subtotal: 10 } });
    expect(free.body.data.data).toMatchObject({ discount: 0, freeShipping: true });
  });

  it('says why a code does not apply', async () => {
    const expired = await create({ startDate: '2020-01-01', endDate: '2020-02-01' });
    const future = await create({ startDate: '2099-01-01', endDate: '2099-02-01' });
    const inactive = await create({ isActive: false });
    const exhausted = await create({ usageLimit: 1 });
    await t.app.db.update(coupons).set({ usedCount: 1 }).where(eq(coupons.id, exhausted.id));
    const minimum = await create({ minOrderAmount: 50 });
    const firstOnly = await create({ firstTimeUserOnly: true });
    const cases: [string, string][] = [
      ['NOSUCH00', 'Invalid coupon code'],
      [expired.code, 'This coupon has expired'],
      [future.code, 'This coupon is not valid yet'],
      [inactive.code, 'This coupon is not active'],
      [exhausted.code, 'This coupon has reached its usage limit'],
      [minimum.code, 'Minimum order amount of $50.00 required for this coupon'],
      [firstOnly.code, 'Please sign in to use this coupon'],
    ];
    for (const [code, message] of cases) {
      const res = await call(t.app, 'POST', '/api/public/coupons/validate', { body: { code, subtotal: 40 } });
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await call(t.app, 'POST', '/api/coupons/validate', { body: { code: 'X', subtotal: 1 } })).status).toBe(401);
    for (const bad of [{}, { code: '' }, { code: 'ABC', subtotal: -1 }, { code: 5, subtotal: 1 }])
      expect((await call(t.app, 'POST', '/api/public/coupons/validate', { body: bad })).status).toBe(400);
  });
});
