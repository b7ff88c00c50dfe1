import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { boundedCount } from './bounded-count.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const numbers = (n: number) => sql`SELECT g FROM generate_series(1, ${n}::int) AS g`;

describe('boundedCount', () => {
  it('counts exactly up to the limit', async () => {
    expect(await boundedCount(t.app.db, numbers(0), 50)).toEqual({ total: 0, exact: true });
    expect(await boundedCount(t.app.db, numbers(50), 50)).toEqual({ total: 50, exact: true });
  });

  it('past the limit answers an estimate of at least limit + 1 and says so', async () => {
    const answer = await boundedCount(t.app.db, numbers(500), 50);
    expect(answer.exact).toBe(false);
    expect(answer.total).toBeGreaterThan(50);
  });

  it('with estimateFirst, answers the estimate uncounted when it is above the limit, and counts below it', async () => {
    expect(await boundedCount(t.app.db, numbers(500), 50, { estimateFirst: true })).toEqual({
      total: 500,
      exact: false,
    });
    expect(await boundedCount(t.app.db, numbers(20), 50, { estimateFirst: true })).toEqual({ total: 20, exact: true });
  });
});
