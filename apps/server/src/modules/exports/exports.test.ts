import { ANALYTICS_REPORTS } from '@seamline/shared';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, buildUser, signedIn } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { orderBody, placeOrder } from '../../../test/orders.js';
import { activityLogs, coupons, orders, payments } from '../../db/schema/index.js';

let t: TestApp;
const tokens: Record<'admin' | 'moderator' | 'support' | 'customer', string> = {
  admin: '',
  moderator: '',
  support: '',
  customer: '',
};
let registered: { email: string; firstName: string; lastName: string };
const numbers: Record<'card' | 'paypal' | 'guest', string> = { card: '', paypal: '', guest: '' };

/** A download through HTTP: status, and the CSV as records keyed by the header row. */
async function download(path: string, token = tokens.admin) {
  const res = await t.app.inject({ method: 'GET', url: `/api${path}`, headers: { authorization: `Bearer ${token}` } });
  const rows = res.statusCode === 200 ? (parse(res.body, { relax_column_count: true }) as string[][]) : [];
  const [header = [], ...body] = rows;
  return {
    status: res.statusCode,
    res,
    rows,
    records: body.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i] ?? '']))),
  };
}

const lastExport = async (resource: string) =>
  (
    await t.app.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.action, 'export'), eq(activityLogs.resource, resource)))
  ).at(-1);

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'moderator', 'support'] as const) tokens[role] = (await signedIn(t.app, role)).token;
  const customer = await signedIn(t.app, 'customer', { firstName: 'Ava', lastName: 'Export' });
  tokens.customer = customer.token;
  registered = customer.user;
  const { product } = await buildProduct(t.app.db, { sku: 'EXP-TEE', name: 'Export Tee' }, [
    { size: 'M', color: 'Black', quantity: 100 },
    { size: 'L', color: 'Red', quantity: 100 },
  ]);
  const black = { productId: product.id, size: 'M', color: 'Black', quantity: 2 };
  const red = { productId: product.id, size: 'L', color: 'Red', quantity: 1 };
  const card = await placeOrder(t.app, customer.token, [black, red]);
  const paypal = await placeOrder(t.app, customer.token, [red]);
  // PayPal is off in this app (placing with it is refused): the row is made a PayPal order below.
  const guest = await t.app.inject({
    method: 'POST',
    url: '/api/orders/guest',
    payload: orderBody([black], {
      email: 'guest.export@example.com',
      shippingAddress: { ...orderBody([]).shippingAddress, firstName: '=HYPERLINK("x")', lastName: 'Guest' },
    }),
  });
  expect(guest.statusCode, guest.body).toBe(201);
  const day = 86_400_000;
  await t.app.db
    .update(orders)
    .set({ paymentStatus: 'paid', createdAt: new Date(Date.now() - 2 * day) })
    .where(eq(orders.id, card.id));
  await t.app.db
    .update(orders)
    .set({ createdAt: new Date(Date.now() - day), paymentMethod: 'paypal' })
    .where(eq(orders.id, paypal.id));
  Object.assign(numbers, {
    card: card.orderNumber,
    paypal: paypal.orderNumber,
    guest: guest.json().data.order.orderNumber,
  });
});
afterAll(async () => t.close());

describe('orders export', () => {
  it('streams one row per order line, newest order first, with customer, address, money and line fields', async () => {
    const { status, res, records } = await download('/admin/orders/export.csv');
    expect(status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(records.map((r) => [r.order_number, r.variant_sku])).toEqual([
      [numbers.guest, 'EXP-TEE-M-BLACK'],
      [numbers.paypal, 'EXP-TEE-L-RED'],
      [numbers.card, expect.stringMatching(/^EXP-TEE-/)],
      [numbers.card, expect.stringMatching(/^EXP-TEE-/)],
    ]);
    const cardLines = records.filter((r) => r.order_number === numbers.card);
    expect(cardLines.find((r) => r.size === 'M')).toMatchObject({
      status: 'pending',
      payment_status: 'paid',
      payment_method: 'stripe',
      customer_type: 'registered',
      customer_email: registered.email,
      customer_first_name: 'Ava',
      customer_last_name: 'Export',
      shipping_city: 'Portland',
      shipping_zip_code: '97201',
      product_sku: 'EXP-TEE',
      product_name: 'Export Tee',
      color: 'Black',
      quantity: '2',
    });
    const line = cardLines[0]!;
    expect(Number(line.line_total)).toBeCloseTo(Number(line.unit_price) * Number(line.quantity), 2);
    expect(line.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
    expect(line.total).toMatch(/^\d+\.\d{2}$/);
  });

  it("applies the Orders list's filters and records the export with them", async () => {
    const guests = await download('/admin/orders/export.csv?customerType=guest', tokens.support);
    expect(guests.records.map((r) => [r.order_number, r.customer_type, r.customer_email])).toEqual([
      [numbers.guest, 'guest', 'guest.export@example.com'],
    ]);
    expect(await lastExport('order')).toMatchObject({
      status: 'success',
      details: { filters: { customerType: 'guest' } },
    });
    const paid = await download('/admin/orders/export.csv?paymentStatus=paid');
    expect(new Set(paid.records.map((r) => r.order_number))).toEqual(new Set([numbers.card]));
    const searched = await download(`/admin/orders/export.csv?search=${numbers.paypal}`);
    expect(searched.records.map((r) => r.order_number)).toEqual([numbers.paypal]);
    const byCustomer = await download('/admin/orders/export.csv?search=Ava%20Export&paymentMethod=paypal');
    expect(byCustomer.records.map((r) => r.order_number)).toEqual([numbers.paypal]);
  });

  it('gives each order what was paid and refunded and its payment ids, oldest first', async () => {
    const [card] = await t.app.db.select().from(orders).where(eq(orders.orderNumber, numbers.card));
    const at = (minutes: number) => new Date(Date.now() - 60_000 * minutes);
    await t.app.db.insert(payments).values([
      {
        orderId: card!.id,
        provider: 'test',
        method: 'stripe',
        intentId: 'pi_test_declined',
        amount: card!.total,
        status: 'failed',
        createdAt: at(30),
      },
      {
        orderId: card!.id,
        provider: 'test',
        method: 'stripe',
        intentId: 'pi_test_export',
        amount: card!.total,
        status: 'succeeded',
        createdAt: at(20),
      },
      {
        orderId: card!.id,
        provider: 'test',
        method: 'stripe',
        intentId: 'pi_test_export',
        providerRef: 're_test_export',
        kind: 'refund',
        amount: 5,
        status: 'succeeded',
        createdAt: at(10),
      },
    ]);
    const { records } = await download(`/admin/orders/export.csv?search=${numbers.card}`);
    expect(records).toHaveLength(2);
    for (const record of records)
      expect(record).toMatchObject({
        paid: card!.total.toFixed(2),
        refunded: '5.00',
        payment_ids: 'pi_test_export re_test_export',
      });
    const other = await download(`/admin/orders/export.csv?search=${numbers.paypal}`);
    expect(other.records[0]).toMatchObject({ paid: '0.00', refunded: '0.00', payment_ids: '' });
  });

  it('makes cells a spreadsheet would run as formulas inert', async () => {
    const { records } = await download('/admin/orders/export.csv?customerType=guest');
    expect(records[0]!.customer_first_name).toBe(`'=HYPERLINK("x")`);
    expect(records[0]!.shipping_first_name).toBe(`'=HYPERLINK("x")`);
  });

  it('refuses bad filters (400, nothing recorded) and callers without order access', async () => {
    const before = await t.app.db.$count(activityLogs, eq(activityLogs.action, 'export'));
    expect((await download('/admin/orders/export.csv?paymentStatus=maybe')).status).toBe(400);
    expect((await download('/admin/orders/export.csv?startDate=yesterday')).status).toBe(400);
    expect((await download('/admin/orders/export.csv', tokens.customer)).status).toBe(403);
    expect(await t.app.db.$count(activityLogs, eq(activityLogs.action, 'export'))).toBe(before);
  });
});

describe('customers, coupons and activity-log exports', () => {
  it('exports customers with their figures, filtered by search and status; support may, a customer may not', async () => {
    await buildUser(t.app.db, { firstName: '@Sleepy', lastName: 'Exportson', isActive: false });
    const { status, records } = await download('/admin/customers/export.csv?search=Export', tokens.support);
    expect(status).toBe(200);
    const ava = records.find((r) => r.email === registered.email);
    expect(ava).toMatchObject({ first_name: 'Ava', status: 'active', order_count: '2', tier: 'Standard' });
    expect(Number(ava!.total_spent)).toBeGreaterThan(0);
    expect(records.find((r) => r.last_name === 'Exportson')).toMatchObject({
      first_name: "'@Sleepy",
      status: 'inactive',
    });
    const inactive = await download('/admin/customers/export.csv?search=Export&status=inactive');
    expect(inactive.records.map((r) => r.last_name)).toEqual(['Exportson']);
    expect(await lastExport('customer')).toMatchObject({
      details: { filters: { search: 'Export', status: 'inactive' } },
    });
    expect((await download('/admin/customers/export.csv', tokens.customer)).status).toBe(403);
  });

  it('exports coupons with their display status and the list filters; admins and moderators only', async () => {
    const now = Date.now();
    const window = { startDate: new Date(now - 86_400_000), endDate: new Date(now + 86_400_000) };
    await t.app.db.insert(coupons).values([
      { code: 'EXPSAVE1', name: 'Export ten', type: 'percentage', value: 10, ...window },
      { code: 'EXPSHIP1', name: 'Export ship', type: 'free_shipping', value: 0, isActive: false, ...window },
    ]);
    const all = await download('/admin/coupons/export.csv?search=EXP', tokens.moderator);
    expect(all.records.map((r) => [r.code, r.type, r.value, r.status, r.active]).sort()).toEqual([
      ['EXPSAVE1', 'percentage', '10', 'Active', 'yes'],
      ['EXPSHIP1', 'free_shipping', '', 'Inactive', 'no'],
    ]);
    const shipping = await download('/admin/coupons/export.csv?type=free_shipping');
    expect(shipping.records.map((r) => r.code)).toEqual(['EXPSHIP1']);
    expect(await lastExport('coupon')).toMatchObject({ details: { filters: { type: 'free_shipping' } } });
    expect((await download('/admin/coupons/export.csv', tokens.support)).status).toBe(403);
  });

  it('exports the activity log with its filters, the exports themselves included; admins only', async () => {
    const { status, records } = await download('/admin/activity-logs/export.csv?action=export&resource=coupon');
    expect(status).toBe(200);
    expect(records.length).toBeGreaterThanOrEqual(2);
    expect(records.every((r) => r.action === 'export' && r.resource === 'coupon')).toBe(true);
    expect(records.map((r) => JSON.parse(r.details!).filters)).toContainEqual({ type: 'free_shipping' });
    expect(records[0]!.created_at! >= records.at(-1)!.created_at!).toBe(true);
    expect(await lastExport('activity_log')).toMatchObject({
      details: { filters: { action: 'export', resource: 'coupon' } },
    });
    expect((await download('/admin/activity-logs/export.csv', tokens.moderator)).status).toBe(403);
  });
});

describe('analytics report exports', () => {
  it('exports a report of the range as metric/value rows, then each list as a block', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const { status, rows, res } = await download(
      `/admin/analytics/reports/sales/export.csv?startDate=${today}&endDate=${today}`,
    );
    expect(status).toBe(200);
    expect(res.headers['content-disposition']).toContain('sales-report-');
    expect(rows[0]).toEqual(['metric', 'value']);
    expect(rows).toContainEqual(['totalOrders', '1']);
    const trend = rows.findIndex((row) => row[0] === 'salesTrend');
    expect(trend).toBeGreaterThan(0);
    expect(rows[trend + 1]).toEqual(expect.arrayContaining(['date', 'revenue']));
    expect(rows[trend + 2]![0]).toBe(today);
    expect(await lastExport('analytics')).toMatchObject({
      details: { filters: { report: 'sales', startDate: today, endDate: today } },
    });
  });

  it('exports every report; nested figures are named by their path', async () => {
    for (const report of ANALYTICS_REPORTS) {
      const { status, rows } = await download(`/admin/analytics/reports/${report}/export.csv`, tokens.moderator);
      expect(status, report).toBe(200);
      expect(rows.length, report).toBeGreaterThan(1);
    }
    const dashboard = await download('/admin/analytics/reports/dashboard/export.csv');
    expect(dashboard.rows.map((row) => row[0])).toContain('orderStats.totalOrders');
  });

  it('refuses an unknown report, a reversed range and callers without analytics access', async () => {
    expect((await download('/admin/analytics/reports/secrets/export.csv')).status).toBe(400);
    expect(
      (await download('/admin/analytics/reports/sales/export.csv?startDate=2026-02-01&endDate=2026-01-01')).status,
    ).toBe(400);
    expect((await download('/admin/analytics/reports/sales/export.csv', tokens.support)).status).toBe(403);
  });
});
