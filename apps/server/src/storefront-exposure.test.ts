import { staffOnlyFieldPaths } from '@seamline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../test/harness.js';
import { buildWalkData, storefrontRoutes, type WalkData, walkKey, walkProblems } from '../test/storefront-walk.js';
import { walkTable } from '../test/storefront-walk-table.js';
import type { RouteAccess } from './types.js';

let t: TestApp;
let data: WalkData;
beforeAll(async () => {
  t = await createTestApp();
  data = await buildWalkData(t.app);
});
afterAll(() => t.close());

describe('storefront exposure', () => {
  it('has a scenario for every public, authenticated and customer route (and none for missing routes)', () => {
    expect(storefrontRoutes(t.app.routeTable).length).toBeGreaterThan(30);
    expect(walkProblems(t.app.routeTable, walkTable)).toEqual([]);
  });

  it('the check fails when a new public or customer route has no scenario', () => {
    const routes: RouteAccess[] = [
      { method: 'GET', url: '/api/products', access: 'public' },
      { method: 'GET', url: '/api/products/new-shelf', access: 'public' },
      { method: 'GET', url: '/api/users/wishlist', access: 'customer' },
      { method: 'GET', url: '/api/admin/products', access: 'catalogueRead' },
    ];
    expect(walkProblems(routes, walkTable)).toEqual(
      expect.arrayContaining([
        'no scenario for GET /api/products/new-shelf',
        'no scenario for GET /api/users/wishlist',
      ]),
    );
    expect(walkProblems(routes, walkTable)).not.toContain('no scenario for GET /api/admin/products');
  });

  it('answers no anonymous or customer call with a staff-only field', async () => {
    const problems: string[] = [];
    for (const route of storefrontRoutes(t.app.routeTable)) {
      const entry = walkTable[walkKey(route)];
      if (typeof entry !== 'function') continue;
      const calls = await entry(data);
      let succeeded = false;
      for (const request of calls) {
        const response = await call(t.app, request.method, request.url, {
          token: request.token,
          body: request.body,
          headers: request.headers,
        });
        const label = `${request.method} ${request.url} (${request.token ? 'customer' : 'anonymous'})`;
        if (response.status >= 500) problems.push(`${label}: answered ${response.status}`);
        if (response.status < 300) succeeded = true;
        for (const path of staffOnlyFieldPaths(response.body)) problems.push(`${label}: ${path}`);
      }
      if (!succeeded) problems.push(`${walkKey(route)}: no call answered 2xx`);
    }
    expect(problems).toEqual([]);
  });
});
