import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness.js';
import { bootstrapData } from './bootstrap.js';
import { DEMO_ACCOUNTS } from './seed/index.js';

let t: TestApp;
const uploadDir = mkdtempSync(path.join(os.tmpdir(), 'seamline-bootstrap-'));
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  rmSync(uploadDir, { recursive: true, force: true });
});

const owner = { email: 'owner@example.com', password: 'Owner-Pass-2026!' };
const signIn = (body: { email: string; password: string }) => call(t.app, 'POST', '/api/auth/login', { body });

describe('first start with ADMIN_EMAIL and demo data', () => {
  it('creates the admin from ADMIN_EMAIL and still loads the demo data', async () => {
    const first = await bootstrapData(t.app.db, { bootstrapAdmin: owner, seedDemo: true, uploadDir });
    expect(first).toEqual({ admin: 'created', demoSeeded: true });

    expect((await signIn(owner)).status).toBe(200);
    const demoAdmin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;
    expect((await signIn(demoAdmin)).status).toBe(200);
    const products = await call(t.app, 'GET', '/api/products');
    expect(products.body.data.pagination.total).toBeGreaterThan(0);
  }, 180_000);

  it('does not seed again once the catalogue and orders exist', async () => {
    const again = await bootstrapData(t.app.db, { bootstrapAdmin: owner, seedDemo: true, uploadDir });
    expect(again).toEqual({ admin: 'exists', demoSeeded: false });
  });
});

describe('ADMIN_EMAIL naming a demo account', () => {
  it('keeps the admin from ADMIN_EMAIL as it is and loads the rest of the demo data', async () => {
    const other = await createTestApp();
    try {
      const demoAdmin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;
      const chosen = { email: demoAdmin.email, password: 'Chosen-Pass-2026!' };
      const result = await bootstrapData(other.app.db, { bootstrapAdmin: chosen, seedDemo: true, uploadDir });
      expect(result).toEqual({ admin: 'created', demoSeeded: true });
      const login = (body: { email: string; password: string }) => call(other.app, 'POST', '/api/auth/login', { body });
      expect((await login(chosen)).status).toBe(200);
      expect((await login(demoAdmin)).status).toBe(401);
    } finally {
      await other.close();
    }
  }, 180_000);
});

describe('instances starting together with one ADMIN_EMAIL', () => {
  it('creates the admin once; the other starts find it and carry on', async () => {
    const fresh = await createTestApp();
    try {
      const starts = await Promise.all(
        [1, 2, 3, 4].map(() => bootstrapData(fresh.app.db, { bootstrapAdmin: owner, seedDemo: false, uploadDir })),
      );
      expect(starts.map((s) => s.admin).sort()).toEqual(['created', 'exists', 'exists', 'exists']);
      expect((await call(fresh.app, 'POST', '/api/auth/login', { body: owner })).status).toBe(200);
    } finally {
      await fresh.close();
    }
  });
});
