import { contractGroups, type Endpoint } from '@seamline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import type { RouteAccess } from './types.js';

/** /api routes that are not API endpoints, so they have no contract (a trailing `*` covers a whole folder). */
const NOT_ENDPOINTS: Record<string, string> = {
  'GET /api/openapi.json': 'the API description itself, generated from the contracts',
  'GET /api/docs*': 'the docs UI (@fastify/swagger-ui): its page, scripts, styles and copies of the description',
};

/** An exemption entry names one route, or with a trailing `*` every route under a prefix. */
const matches = (entry: string, route: string) =>
  entry.endsWith('*') ? route.startsWith(entry.slice(0, -1)) : route === entry;
const key = (route: Pick<RouteAccess, 'method' | 'url'>) => `${route.method} ${route.url}`;
const contracts = Object.entries(contractGroups).flatMap(([group, endpoints]) =>
  Object.entries(endpoints).map(([name, contract]) => ({ name: `${group}.${name}`, contract })),
);
const contractKey = (contract: Endpoint) => `${contract.method} /api${contract.path}`;

/** Fields of `example` (at any depth) that parsing left out of `parsed`. */
function droppedFields(example: unknown, parsed: unknown, at = ''): string[] {
  if (Array.isArray(example) && Array.isArray(parsed))
    return example.flatMap((item, index) => droppedFields(item, parsed[index], `${at}[${index}]`));
  if (!example || typeof example !== 'object' || !parsed || typeof parsed !== 'object') return [];
  return Object.entries(example).flatMap(([field, value]) =>
    field in parsed
      ? droppedFields(value, (parsed as Record<string, unknown>)[field], `${at}.${field}`)
      : [`${at}.${field}`],
  );
}

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
    const entries = Object.keys(NOT_ENDPOINTS);
    expect(uncovered.filter((route) => !entries.some((entry) => matches(entry, route)))).toEqual([]);
    // A stale entry (route gone or now served from a contract) fails too, so the list names exactly what exists.
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
      // The document's schema allows no other fields, so the example must not name one the schema drops.
      expect(droppedFields(contract.bodyExample, parsed.data), name).toEqual([]);
    }
  });
});
