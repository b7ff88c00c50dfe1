import { ACCESS, type Role } from '@seamline/shared';
import type { FastifyInstance } from 'fastify';
import type { Random } from '../../src/db/seed/random.js';
import type { Access } from '../../src/types.js';
import { address } from '../orders.js';
import { CALLER_ROLES, type CallerRole, PASSWORD, type Pools } from './fixture.js';
import { type Hints, hexId, type Json, junkValue, mutate, type Schema, validValue, word } from './values.js';

type Parameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema?: Schema };

export type Operation = {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: Schema;
  access: Access;
  /** Not in the OpenAPI document (docs, static files, unknown paths): visited, but not counted as an operation. */
  hidden?: boolean;
};

/** Paths outside the OpenAPI document that a client can still reach. */
const HIDDEN_PATHS = [
  '/api/openapi.json',
  '/api/docs/json',
  '/api/docs/static/..%2f..%2fpackage.json',
  '/uploads/..%2f..%2fpackage.json',
  '/uploads/%2e%2e/%2e%2e/etc/passwd',
  '/uploads/products/missing.webp',
  '/api/no-such-route',
  '/api/products/%ZZ',
  '/',
  '/nonexistent-page',
];

export type FuzzRequest = {
  operation: Operation;
  role: CallerRole;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** Replaces the caller's token (a forged or malformed one). */
  authorization?: string;
};

type OpenApi = {
  paths: Record<
    string,
    Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }>
  >;
};

/** Every operation of the app's OpenAPI document, with the access its route declares. */
export function listOperations(app: FastifyInstance): Operation[] {
  const doc = app.swagger() as unknown as OpenApi;
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, spec] of Object.entries(methods)) {
      const url = path.replace(/\{(\w+)\}/g, ':$1');
      const route = app.routeTable.find((r) => r.method === method.toUpperCase() && r.url === url);
      if (!route) throw new Error(`no route table entry for ${method} ${path}`);
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: spec.parameters ?? [],
        body: spec.requestBody?.content?.['application/json']?.schema,
        access: route.access,
      });
    }
  }
  const hidden = HIDDEN_PATHS.map((path) => ({
    method: 'GET',
    path,
    parameters: [],
    access: 'public' as const,
    hidden: true,
  }));
  return [...operations, ...hidden];
}

function allowedRoles(access: Access): CallerRole[] {
  if (access === 'public') return [...CALLER_ROLES];
  if (access === 'authenticated') return CALLER_ROLES.filter((role) => role !== 'anonymous');
  return [...(ACCESS[access] as readonly Role[])];
}

/** Mostly a role the route lets in (so handlers run), sometimes any role (so the guards are exercised too). */
function pickRole(operation: Operation, random: Random): CallerRole {
  return random.next() < 0.8 ? random.pick(allowedRoles(operation.access)) : random.pick(CALLER_ROLES);
}

/** The pool a path parameter draws real values from, by the path segment before it. */
function poolFor(path: string, name: string): string {
  if (name === 'orderNumber') return 'orderNumbers';
  if (name === 'slug') return 'slugs';
  if (name === 'category') return 'categoryNames';
  const segments = path.split('/');
  const before = segments[segments.indexOf(`{${name}}`) - 1];
  if (before === 'users') return 'staff';
  if (before === 'methods') return 'paymentMethods';
  if (before === 'activity-logs') return 'activityLogs';
  return before ?? 'products';
}

const MALFORMED_PATH = [
  'abc',
  '0',
  'null',
  '-1',
  '%E2%82',
  '%00',
  encodeURIComponent('x\u0000y'),
  encodeURIComponent("' OR 1=1 --"),
  encodeURIComponent('😀'),
  '..%2F..%2Fetc',
  'a'.repeat(300),
];

function pathValue(path: string, name: string, pools: Pools, random: Random): string {
  const real = pools.ids[poolFor(path, name)] ?? [];
  const roll = random.next();
  if (real.length && roll < 0.65) return encodeURIComponent(random.pick(real));
  if (roll < 0.75) return hexId(random);
  if (roll < 0.8) return hexId(random).toUpperCase();
  if (roll < 0.85) return hexId(random).slice(0, random.pick([23, 12]));
  return random.pick(MALFORMED_PATH);
}

export function hintsFor(pools: Pools, random: Random): Hints {
  const from = (pool: string) => {
    const values = pools.ids[pool] ?? [];
    return values.length ? random.pick(values) : undefined;
  };
  /** A comma list of one to three real ids of `pool`, as a list read's `ids` parameters take them. */
  const listOf = (pool: string) => {
    const values = pools.ids[pool] ?? [];
    return values.length ? Array.from({ length: random.int(1, 3) }, () => random.pick(values)).join(',') : undefined;
  };
  const fields: Record<string, () => Json | undefined> = {
    productId: () => from('products'),
    // A guest's wishlist read and the grids' hearts name products by comma lists of ids.
    ids: () => listOf('products'),
    productIds: () => listOf('products'),
    reviewIds: () => listOf('reviews'),
    customerId: () => from('customers'),
    orderId: () => from('orders'),
    categoryId: () => from('categories'),
    brandId: () => from('brands'),
    email: () =>
      random.next() < 0.5 && pools.emails.length ? random.pick(pools.emails) : `fuzz.${word(random, 8)}@example.com`,
    shippingAddress: () => address,
    billingAddress: () => address,
    firstName: () => random.pick(['Emma', 'Noah', 'Zoë']),
    lastName: () => random.pick(['Wilson', "O'Brien", 'Nguyen']),
    phone: () => address.phone,
    quantity: () => random.int(1, 3),
    password: () => PASSWORD,
    currentPassword: () => PASSWORD,
    // Small sums, which an unpaid order still owes (recording a payment) or a charge may take.
    amount: () => random.pick([1, 2.5, 5]),
    receivedAt: () => random.pick(['2026-11-30', '2026-12-01']),
    // The methods the fuzzed app has on (PayPal is not configured there).
    paymentMethod: () => random.pick(['stripe', 'cash', 'bank_transfer']),
    couponCode: () => from('couponCodes'),
    code: () => from('couponCodes'),
    orderNumber: () => from('orderNumbers'),
    refreshToken: () => (pools.refreshTokens.length ? random.pick(pools.refreshTokens) : undefined),
    category: () => from('categoryNames'),
    brand: () => from('brandNames'),
    size: () => random.pick(['S', 'M', 'L']),
    color: () => random.pick(['Black', 'White', 'Navy']),
    search: () => random.pick(['Everyday', 'piece', 'Tops', 'ORD', 'shopper', 'x']),
    startDate: () => random.pick(['2025-06-01', '2026-01-01T00:00:00.000Z']),
    endDate: () => random.pick(['2026-12-31', '2027-01-01T10:30:28.297Z']),
  };
  return {
    forField: (name) => fields[name]?.(),
    variant: () =>
      pools.variants.length ? random.pick(pools.variants) : { productId: hexId(random), size: 'M', color: 'Black' },
  };
}

function queryString(operation: Operation, hints: Hints, random: Random): string {
  const pairs: [string, string][] = [];
  const text = (value: Json) => (typeof value === 'string' ? value : JSON.stringify(value));
  for (const parameter of operation.parameters.filter((p) => p.in === 'query')) {
    if (!parameter.required && random.next() < 0.5) continue;
    const roll = random.next();
    const value = roll < 0.7 ? validValue(parameter.schema ?? {}, random, hints, parameter.name) : junkValue(random);
    pairs.push([parameter.name, text(value)]);
    if (roll > 0.95) pairs.push([parameter.name, text(junkValue(random))]);
  }
  if (random.next() < 0.05) pairs.push([random.pick(['unknown', '__proto__', 'sort[$ne]']), text(junkValue(random))]);
  return pairs.length ? `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeQuery(v)}`).join('&')}` : '';
}

/** Percent-encodes a value; a lone surrogate becomes the invalid UTF-8 bytes a careless client would send. */
function encodeQuery(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '\ufffd')).replace(/%EF%BF%BD/g, '%ED%A0%80');
  }
}

/** A tiny valid PNG, so upload routes sometimes get past the content check. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(random: Random): { payload: Buffer; contentType: string } {
  const boundary = `----fuzz${word(random, 12)}`;
  const file = random.pick([PNG, Buffer.from('not an image'), Buffer.alloc(0), Buffer.from('%PDF-1.4 junk')]);
  const field = random.pick(['image', 'images', 'file', 'logo', '']);
  const parts = [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\n`),
    Buffer.from(`Content-Type: ${random.pick(['image/png', 'text/plain', 'application/octet-stream'])}\r\n\r\n`),
    file,
    Buffer.from(random.next() < 0.9 ? `\r\n--${boundary}--\r\n` : '\r\n--'),
  ];
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The body and its content type: valid, mutated, or malformed at the transport level. */
function body(operation: Operation, hints: Hints, random: Random): { payload?: string | Buffer; contentType?: string } {
  const json = 'application/json';
  const roll = random.next();
  if (operation.body && roll < 0.75) {
    const valid = validValue(operation.body, random, hints);
    return { payload: JSON.stringify(roll < 0.35 ? valid : mutate(valid, random)), contentType: json };
  }
  if (operation.path.match(/upload|logo|image/) && roll < 0.9) {
    const form = multipart(random);
    return { payload: form.payload, contentType: form.contentType };
  }
  if (!operation.body && roll < 0.8) return {};
  return random.pick([
    () => ({ payload: '', contentType: json }),
    () => ({ payload: '{"unterminated": ', contentType: json }),
    () => ({ payload: 'null', contentType: json }),
    () => ({ payload: '[]', contentType: json }),
    () => ({ payload: '"text"', contentType: json }),
    () => ({ payload: JSON.stringify(junkValue(random)), contentType: json }),
    () => ({ payload: 'name=x&value=1', contentType: 'application/x-www-form-urlencoded' }),
    () => ({ payload: 'plain words', contentType: 'text/plain' }),
    () => ({ payload: '{"a":1}', contentType: 'application/json; charset=latin1' }),
    () => ({ payload: '<a>1</a>', contentType: 'application/xml' }),
    () => ({ payload: 'x'.repeat(1_100_000), contentType: json }),
    () => multipart(random),
  ])();
}

const FORGED_AUTHORIZATION = [
  'Bearer ',
  'Bearer not-a-token',
  'Basic YWRtaW46YWRtaW4=',
  'Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiIwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAiLCJyb2xlIjoiYWRtaW4ifQ.',
  'Bearer eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl',
];

/** One generated request for an operation. */
export function generateRequest(operation: Operation, pools: Pools, random: Random): FuzzRequest {
  const hints = hintsFor(pools, random);
  const role = pickRole(operation, random);
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    pathValue(operation.path, name, pools, random),
  );
  const { payload, contentType } = body(operation, hints, random);
  const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {};
  // Header parameters: absent, valid (an enum's value, e.g. X-Seamline-Client, so handlers behind it are reached) or junk.
  for (const parameter of operation.parameters.filter((p) => p.in === 'header')) {
    const roll = random.next();
    if (roll < 0.3) continue;
    headers[parameter.name] =
      roll < 0.75
        ? String(validValue(parameter.schema ?? {}, random, hints, parameter.name))
        : random.pick([word(random, 16), word(random, 300), '', ' x ']);
  }
  const forged = role === 'anonymous' && random.next() < 0.08 ? random.pick(FORGED_AUTHORIZATION) : undefined;
  // Now and then the same path with a method it may not have (HEAD mirrors GET; the others should be 404).
  const roll = random.next();
  const method =
    roll < 0.04 ? (operation.method === 'GET' ? 'HEAD' : 'PATCH') : roll < 0.05 ? 'OPTIONS' : operation.method;
  return {
    operation,
    role,
    method,
    url: path + queryString(operation, hints, random),
    headers,
    ...(payload !== undefined ? { payload } : {}),
    ...(forged ? { authorization: forged } : {}),
  };
}
