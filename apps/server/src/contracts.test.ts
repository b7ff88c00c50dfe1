import { contractGroups, type Endpoint } from '@seamline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import type { RouteAccess } from './types.js';

/** /api routes that are not API endpoints, so they have no contract (a trailing `*` covers a whole folder). */
const NOT_ENDPOINTS: Record<string, string> = {
  'GET /api/openapi.json': 'the API description itself, generated from the contracts',
  'GET /api/docs*': 'the docs UI (@fastify/swagger-ui): its page, scripts, styles and copies of the description',
};

/**
 * Routes still registered with plain fastify calls while their features move to contracts (issue 20). Empty it as
 * the features are converted: the test fails on an entry that no longer exists, so the list stays exact.
 */
const notYetConverted: string[] = [
  // brands
  'GET /api/brands',
  'GET /api/brands/:id',
  'POST /api/brands',
  'PUT /api/brands/:id',
  'DELETE /api/brands/:id',
  'POST /api/brands/:id/logo',
  // categories
  'GET /api/categories',
  'GET /api/categories/:id',
  'POST /api/categories',
  'PUT /api/categories/:id',
  'DELETE /api/categories/:id',
  'POST /api/categories/:id/image',
  // checkout
  'POST /api/checkout/create-session',
  'POST /api/checkout/create-guest-session',
  'POST /api/orders/calculate-shipping',
  'POST /api/orders/shipping-methods',
  // customers
  'GET /api/admin/customers',
  'GET /api/admin/customers/:id',
  'PUT /api/admin/customers/:id',
  'PUT /api/admin/customers/:id/status',
  // orders
  'PUT /api/admin/orders/:id',
  'DELETE /api/admin/orders/:id',
  'POST /api/orders',
  'POST /api/admin/orders',
  'POST /api/orders/guest',
  'GET /api/orders',
  'GET /api/admin/orders',
  'GET /api/orders/my-orders',
  'GET /api/orders/by-email',
  'GET /api/orders/track/:orderNumber',
  'GET /api/orders/:id',
  'GET /api/admin/orders/:id',
  'GET /api/orders/:id/tracking',
  'DELETE /api/orders/:id',
  'PUT /api/orders/:id/cancel',
  'POST /api/orders/:id/refund',
  'PUT /api/orders/:id/status',
  'PUT /api/admin/orders/:id/status',
  // payments
  'POST /api/payments/create-payment-intent',
  'POST /api/payments/confirm',
  'GET /api/payments/methods',
  'POST /api/payments/methods',
  'DELETE /api/payments/methods/:id',
];

/** An exemption entry names one route, or with a trailing `*` every route under a prefix. */
const matches = (entry: string, route: string) =>
  entry.endsWith('*') ? route.startsWith(entry.slice(0, -1)) : route === entry;
const key = (route: Pick<RouteAccess, 'method' | 'url'>) => `${route.method} ${route.url}`;
const contracts = Object.entries(contractGroups).flatMap(([group, endpoints]) =>
  Object.entries(endpoints).map(([name, contract]) => ({ name: `${group}.${name}`, contract })),
);
const contractKey = (contract: Endpoint) => `${contract.method} /api${contract.path}`;

let t: TestApp;
let routes: RouteAccess[];

beforeAll(async () => {
  t = await createTestApp({ apiDocs: true });
  // fastify adds a HEAD route beside every GET; it answers from the GET's contract.
  routes = t.app.routeTable.filter((route) => route.method !== 'HEAD');
});
afterAll(async () => t.close());

describe('endpoint contracts', () => {
  it('every registered /api route is served from a contract, or is named here with a reason', () => {
    const uncovered = routes.filter((route) => !route.operationId).map(key);
    const entries = [...Object.keys(NOT_ENDPOINTS), ...notYetConverted];
    expect(uncovered.filter((route) => !entries.some((entry) => matches(entry, route)))).toEqual([]);
    // A stale entry (route converted or gone) fails too, so both lists name exactly what exists.
    expect(entries.filter((entry) => !uncovered.some((route) => matches(entry, route)))).toEqual([]);
  });

  it('every contract in contractGroups is served once, at its own method and path', () => {
    for (const { name, contract } of contracts) {
      const served = routes.filter((route) => route.operationId === contract.operationId);
      expect(served.map(key), name).toEqual([contractKey(contract)]);
    }
  });

  it('every served contract is listed in contractGroups', () => {
    const listed = new Set(contracts.map(({ contract }) => contract.operationId));
    const unlisted = routes.filter((route) => route.operationId && !listed.has(route.operationId)).map(key);
    expect(unlisted).toEqual([]);
  });

  it('operationIds are unique camelCase names', () => {
    const ids = contracts.map(({ contract }) => contract.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]*$/);
  });

  it('every JSON request body has an example that validates against its schema', () => {
    for (const { name, contract } of contracts) {
      if (!contract.body || contract.multipart) continue;
      expect(contract.bodyExample, `${name} has no bodyExample`).toBeDefined();
      const parsed = contract.body.safeParse(contract.bodyExample);
      expect(parsed.error?.issues ?? [], name).toEqual([]);
    }
  });
});
