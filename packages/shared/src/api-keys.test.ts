import { describe, expect, it } from 'vitest';
import { ACCESS, type AccessRule } from './access.js';
import { API_SCOPES, apiKeyInput, scopeFor } from './api-keys.js';

describe('scopeFor: the scope a key needs for an access rule and method', () => {
  it('reads with GET/HEAD and writes with anything else', () => {
    expect(scopeFor('orders', 'GET')).toBe('orders:read');
    expect(scopeFor('orders', 'HEAD')).toBe('orders:read');
    expect(scopeFor('orders', 'PUT')).toBe('orders:write');
    expect(scopeFor('catalogueWrite', 'DELETE')).toBe('products:write');
    expect(scopeFor('catalogueRead', 'GET')).toBe('products:read');
    expect(scopeFor('inventory', 'POST')).toBe('inventory:write');
    expect(scopeFor('couponsWrite', 'POST')).toBe('coupons:write');
    expect(scopeFor('taxonomyWrite', 'POST')).toBe('categories:write');
    expect(scopeFor('analytics', 'GET')).toBe('analytics:read');
  });

  it('gives no scope for admin-only, personal and customer routes, nor analytics writes', () => {
    const never: (AccessRule | 'public' | 'authenticated')[] = [
      'admin',
      'staff',
      'usersRead',
      'usersWrite',
      'activityLogs',
      'integrations',
      'customersErase',
      'ordersDelete',
      'customer',
      'authenticated',
      'public',
    ];
    for (const rule of never) for (const method of ['GET', 'POST']) expect(scopeFor(rule, method), rule).toBeNull();
    expect(scopeFor('analytics', 'POST')).toBeNull();
  });

  it('only ever names a scope in the list', () => {
    for (const rule of Object.keys(ACCESS) as AccessRule[])
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
        const scope = scopeFor(rule, method);
        if (scope) expect(API_SCOPES).toContain(scope);
      }
  });
});

describe('apiKeyInput', () => {
  it('keeps scopes in list order without duplicates and reads an empty expiry as none', () => {
    const parsed = apiKeyInput.parse({
      name: ' ERP ',
      scopes: ['orders:write', 'orders:read', 'orders:write'],
      expiresOn: '',
    });
    expect(parsed).toEqual({ name: 'ERP', scopes: ['orders:read', 'orders:write'], expiresOn: null });
  });

  it('refuses no scopes, unknown scopes and a past day', () => {
    expect(apiKeyInput.safeParse({ name: 'A', scopes: [] }).success).toBe(false);
    expect(apiKeyInput.safeParse({ name: 'A', scopes: ['users:read'] }).success).toBe(false);
    expect(apiKeyInput.safeParse({ name: 'A', scopes: ['orders:read'], expiresOn: '2020-01-01' }).success).toBe(false);
  });
});
