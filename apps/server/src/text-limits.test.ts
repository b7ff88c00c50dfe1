import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../test/factories.js';
import { call, createTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
let admin: string;
let serial = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t.app, 'admin')).token;
});
afterAll(async () => t.close());

/** A distinct string of exactly `length` characters (names must be unique). */
function text(length: number) {
  serial += 1;
  return `${serial}-`.padEnd(length, 'x');
}

const coupon = (overrides: Record<string, unknown>) => ({
  name: `Limit test ${text(5)}`,
  type: 'fixed',
  value: 5,
  ...overrides,
});

/** Every "must be less than N characters" message of the spec, with the call that takes the field. */
const CASES: {
  label: string;
  url: string;
  body: (value: string) => Record<string, unknown>;
  max: number;
  message: string;
}[] = [
  {
    label: 'category name',
    url: '/api/categories',
    body: (name) => ({ name }),
    max: 100,
    message: 'Category name must be less than 100 characters',
  },
  {
    label: 'category description',
    url: '/api/categories',
    body: (description) => ({ name: text(10), description }),
    max: 500,
    message: 'Description must be less than 500 characters',
  },
  {
    label: 'brand name',
    url: '/api/brands',
    body: (name) => ({ name }),
    max: 100,
    message: 'Brand name must be less than 100 characters',
  },
  {
    label: 'brand description',
    url: '/api/brands',
    body: (description) => ({ name: text(10), description }),
    max: 500,
    message: 'Description must be less than 500 characters',
  },
  {
    label: 'coupon name',
    url: '/api/admin/coupons',
    body: (name) => coupon({ name }),
    max: 100,
    message: 'Coupon name must be less than 100 characters',
  },
  {
    label: 'coupon description',
    url: '/api/admin/coupons',
    body: (description) => coupon({ description }),
    max: 500,
    message: 'Description must be less than 500 characters',
  },
];

describe('"must be less than N characters" refuses N itself', () => {
  it.each(CASES)('$label: N characters → 400 with the message, N-1 → 201', async ({ url, body, max, message }) => {
    const refused = await call(t.app, 'POST', url, { token: admin, body: body(text(max)) });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', error: message });

    const accepted = await call(t.app, 'POST', url, { token: admin, body: body(text(max - 1)) });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
  });

  it('image alt text: 200 characters are refused with the message, 199 are not', async () => {
    const created = await call(t.app, 'POST', '/api/categories', { token: admin, body: { name: text(10) } });
    const url = `/api/categories/${created.body.data.category._id}`;
    const image = (alt: string) => ({ image: { original: '/a.jpg', webp: '/a.webp', thumbnail: '/t.webp', alt } });
    const refused = await call(t.app, 'PUT', url, { token: admin, body: image(text(200)) });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('Alt text must be less than 200 characters');
    const shorter = await call(t.app, 'PUT', url, { token: admin, body: image(text(199)) });
    expect(shorter.body.error).not.toBe('Alt text must be less than 200 characters');
  });
});
