import { MAX_SAVED_ADDRESSES } from '@seamline/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { addresses } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const home = {
  label: 'Home',
  firstName: 'Emma',
  lastName: 'Wilson',
  street: '12 Elm Street',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
  country: 'USA',
  phone: '5550123456',
};
const work = { ...home, label: 'Work', street: '400 Market Ave' };

async function add(token: string, body: unknown) {
  return call(t.app, 'POST', '/api/users/addresses', { token, body });
}
async function list(token: string) {
  return (await call(t.app, 'GET', '/api/users/addresses', { token })).body.data.addresses as {
    id: string;
    label: string;
    isDefault: boolean;
  }[];
}

describe('the address book', () => {
  it('adds addresses; the first becomes the default', async () => {
    const me = await signedIn(t.app, 'customer');
    const first = await add(me.token, home);
    expect(first.status).toBe(201);
    expect(first.body.message).toBe('Address added successfully');
    expect(first.body.data.address).toMatchObject({ ...home, isDefault: true });
    expect(first.body.data.address._id).toBe(first.body.data.address.id);
    const second = await add(me.token, work);
    expect(second.body.data.address.isDefault).toBe(false);
    expect((await list(me.token)).map((a) => [a.label, a.isDefault])).toEqual([
      ['Home', true],
      ['Work', false],
    ]);
  });

  it('keeps one default: choosing another clears the old one', async () => {
    const me = await signedIn(t.app, 'customer');
    const a = (await add(me.token, home)).body.data.address;
    const b = (await add(me.token, { ...work, isDefault: true })).body.data.address;
    expect(b.isDefault).toBe(true);
    expect((await list(me.token)).filter((x) => x.isDefault).map((x) => x.id)).toEqual([b.id]);
    const res = await call(t.app, 'PUT', `/api/users/addresses/${a.id}`, {
      token: me.token,
      body: { ...home, city: 'Shelbyville', isDefault: true },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.address).toMatchObject({ city: 'Shelbyville', isDefault: true });
    expect((await list(me.token)).filter((x) => x.isDefault).map((x) => x.id)).toEqual([a.id]);
  });

  it('promotes the latest remaining address when the default is deleted', async () => {
    const me = await signedIn(t.app, 'customer');
    const a = (await add(me.token, home)).body.data.address;
    await add(me.token, work);
    const c = (await add(me.token, { ...work, label: 'Gym' })).body.data.address;
    const res = await call(t.app, 'DELETE', `/api/users/addresses/${a.id}`, { token: me.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Address deleted successfully' });
    const rest = await list(me.token);
    expect(rest).toHaveLength(2);
    expect(rest.filter((x) => x.isDefault).map((x) => x.id)).toEqual([c.id]);
  });

  it("never shows or touches another customer's addresses (404)", async () => {
    const a = await signedIn(t.app, 'customer');
    const b = await signedIn(t.app, 'customer');
    const bAddress = (await add(b.token, home)).body.data.address;
    expect(await list(a.token)).toEqual([]);
    const put = await call(t.app, 'PUT', `/api/users/addresses/${bAddress.id}`, {
      token: a.token,
      body: { ...home, street: 'Hijacked 1' },
    });
    expect(put.status).toBe(404);
    expect(put.body.error).toBe('Address not found');
    expect((await call(t.app, 'DELETE', `/api/users/addresses/${bAddress.id}`, { token: a.token })).status).toBe(404);
    const [row] = await t.app.db.select().from(addresses).where(eq(addresses.id, bAddress.id));
    expect(row).toMatchObject({ street: home.street, userId: b.user.id });
  });

  it('gives the spec messages for each field', async () => {
    const me = await signedIn(t.app, 'customer');
    const cases: [string, unknown, string][] = [
      ['firstName', '', 'First name is required.'],
      ['firstName', undefined, 'First name is required.'],
      ['firstName', 'E', 'First name must be 2-50 characters.'],
      ['firstName', 'E'.repeat(51), 'First name must be 2-50 characters.'],
      ['lastName', ' ', 'Last name is required.'],
      ['lastName', 'W', 'Last name must be 2-50 characters.'],
      ['street', '', 'Street address is required.'],
      ['city', '', 'City is required.'],
      ['state', '', 'State is required.'],
      ['zipCode', '', 'ZIP code is required.'],
      ['country', '', 'Country is required.'],
      ['phone', '', 'Phone number is required.'],
      ['phone', undefined, 'Phone number is required.'],
    ];
    for (const [field, value, message] of cases) {
      const body = { ...home, [field]: value };
      const res = await add(me.token, body);
      expect(res.status, `${field}=${JSON.stringify(value)}`).toBe(400);
      expect(res.body.error).toBe(message);
      expect(res.body.details[0]).toEqual({ field, message });
    }
    expect(await list(me.token)).toEqual([]);
  });

  it('refuses malformed ids, bodies and foreign fields with 400', async () => {
    const me = await signedIn(t.app, 'customer');
    const bad = await call(t.app, 'PUT', '/api/users/addresses/123', { token: me.token, body: home });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Invalid address ID format. Expected 24 characters, got 3');
    expect((await call(t.app, 'DELETE', `/api/users/addresses/${'g'.repeat(24)}`, { token: me.token })).status).toBe(
      400,
    );
    for (const body of [null, [], 'text', { ...home, isDefault: 'yes' }, { ...home, city: 42 }]) {
      const res = await call(t.app, 'POST', '/api/users/addresses', {
        token: me.token,
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const unknownId = await call(t.app, 'PUT', `/api/users/addresses/${'c'.repeat(24)}`, {
      token: me.token,
      body: home,
    });
    expect(unknownId.status).toBe(404);
  });

  it(`holds at most ${MAX_SAVED_ADDRESSES} addresses`, async () => {
    const me = await signedIn(t.app, 'customer');
    await t.app.db
      .insert(addresses)
      .values(Array.from({ length: MAX_SAVED_ADDRESSES }, () => ({ ...home, userId: me.user.id })));
    const res = await add(me.token, home);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(`You can save at most ${MAX_SAVED_ADDRESSES} addresses.`);
  });

  it('keeps exactly one default when several defaults are saved at once', async () => {
    const me = await signedIn(t.app, 'customer');
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => add(me.token, { ...home, label: `Place ${i}`, isDefault: true })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
    const saved = await list(me.token);
    expect(saved).toHaveLength(6);
    expect(saved.filter((a) => a.isDefault)).toHaveLength(1);
  });
});
