import { DATE_FILTER_RANGE_MESSAGE, MAX_PAGE_LIMIT } from '@seamline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, signedIn } from '../test/factories.js';
import { call, createTestApp, type TestApp } from '../test/harness.js';
import { categories } from './db/schema/index.js';

type Parameter = { in: string; name: string; schema?: { anyOf?: { format?: string }[]; format?: string } };
type Operation = { parameters?: Parameter[]; description?: string };
type OpenApi = { paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let admin: string;
let customer: string;
let openapi: OpenApi;
let productId: string;
let categoryName: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t.app, 'admin')).token;
  customer = (await signedIn(t.app, 'customer')).token;
  const { product } = await buildProduct(t.app.db);
  productId = product.id;
  const [category] = await t.app.db.select().from(categories).limit(1);
  categoryName = category!.name;
  openapi = (await call<OpenApi>(t.app, 'GET', '/api/openapi.json')).body;
});
afterAll(async () => t.close());

/** Every GET operation of the OpenAPI document that takes one of these query parameters. */
function getOperations(parameter: RegExp) {
  return Object.entries(openapi.paths).flatMap(([path, operations]) => {
    const op = operations.get;
    const query = (op?.parameters ?? []).filter((p) => p.in === 'query' && parameter.test(p.name));
    return op && query.length ? [{ path, query }] : [];
  });
}

/** The document's path with real ids and the caller the route is meant for. */
function concrete(path: string) {
  const url = path
    .replace('{id}', productId)
    .replace('{category}', encodeURIComponent(categoryName))
    .replace('{report}', 'sales')
    .replace(/\{[^}]+\}/g, productId);
  return { url, token: path.includes('my-orders') || path === '/api/wishlist' ? customer : admin };
}

describe('limit above the cap', () => {
  it('every list route answers the capped page instead of refusing it', async () => {
    const routes = getOperations(/^limit$/);
    expect(routes.length).toBeGreaterThanOrEqual(15);
    for (const { path } of routes) {
      const { url, token } = concrete(path);
      for (const limit of [101, 1000]) {
        const extra = path.endsWith('/by-email') ? '&email=someone%40example.com' : '';
        const res = await call(t.app, 'GET', `${url}?limit=${limit}${extra}`, { token });
        expect(res.status, `${path} limit=${limit}: ${JSON.stringify(res.body)}`).toBe(200);
        const pagination = res.body.data?.pagination;
        if (pagination) expect(pagination.limit, path).toBe(MAX_PAGE_LIMIT);
      }
    }
  });

  it('still refuses a limit below 1 or one that is not a number', async () => {
    for (const limit of ['0', '-5', 'ten']) {
      const res = await call(t.app, 'GET', `/api/products?limit=${limit}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
  });
});

describe('date filters', () => {
  const dateTimes = ['2026-10-24T18:30:28.297Z', '2026-11-23T18:30:28.297Z'];

  it('every route with a date filter accepts an ISO 8601 date-time as well as a date', async () => {
    const routes = getOperations(/Date$/);
    expect(routes.map((r) => r.path)).toEqual(
      expect.arrayContaining([
        '/api/admin/analytics',
        '/api/admin/analytics/reports/comprehensive',
        '/api/admin/activity-logs',
        '/api/admin/coupons/analytics',
      ]),
    );
    for (const { path } of routes) {
      const { url, token } = concrete(path);
      for (const [start, end] of [dateTimes, ['2026-10-24', '2026-11-23'], ['2026-10-24', dateTimes[1]]]) {
        const res = await call(t.app, 'GET', `${url}?startDate=${start}&endDate=${end}`, { token });
        expect(res.status, `${path} ${start} → ${end}: ${JSON.stringify(res.body)}`).toBe(200);
      }
    }
  });

  it('every route with a date filter refuses dates outside the supported years with 400, never 500', async () => {
    for (const { path } of getOperations(/Date$/)) {
      const { url, token } = concrete(path);
      for (const [start, end] of [
        ['2026-01-01', '9999-12-31'],
        ['2026-01-01T00:00:00.000Z', '9999-12-31T23:59:59Z'],
        ['0001-01-01', '2026-01-01'],
      ]) {
        const res = await call(t.app, 'GET', `${url}?startDate=${start}&endDate=${end}`, { token });
        expect(res.status, `${path} ${start} → ${end}: ${JSON.stringify(res.body)}`).toBe(400);
        expect(res.body.error).toBe(DATE_FILTER_RANGE_MESSAGE);
      }
      const widest = await call(t.app, 'GET', `${url}?startDate=1970-01-01&endDate=2999-12-31`, { token });
      expect(widest.status, `${path} widest range: ${JSON.stringify(widest.body)}`).toBe(200);
    }
  });

  it('the OpenAPI document says each date filter takes a date or a date-time', async () => {
    for (const { path, query } of getOperations(/Date$/)) {
      for (const parameter of query) {
        const formats = (parameter.schema?.anyOf ?? [parameter.schema]).map((s) => s?.format);
        expect(formats, `${path} ${parameter.name}`).toEqual(expect.arrayContaining(['date', 'date-time']));
      }
    }
  });

  it('a date-time is taken as that instant: an analytics range before the first order counts nothing', async () => {
    const res = await call(
      t.app,
      'GET',
      '/api/admin/analytics/sales?startDate=2026-03-01T10:00:00Z&endDate=2026-03-01T10:00:00.500Z',
      { token: admin },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.totalOrders).toBe(0);
  });
});

describe('OpenAPI descriptions of input rules', () => {
  it('POST /orders says that staff must choose a customer or enter a guest e-mail', () => {
    const description = openapi.paths['/api/orders']?.post?.description ?? '';
    expect(description).toContain('Choose a customer or enter a guest e-mail.');
  });
});
