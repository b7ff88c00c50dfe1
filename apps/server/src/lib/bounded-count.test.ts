import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { boundedCount, keptEstimates } from './bounded-count.js';

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

describe('keptEstimates', () => {
  /** A table of `n` rows, analysed again: what the planner knows of it. */
  async function tableOf(name: string, n: number) {
    await t.app.db.execute(sql`CREATE TABLE IF NOT EXISTS ${sql.identifier(name)} (n int)`);
    await t.app.db.execute(sql`TRUNCATE ${sql.identifier(name)}`);
    await t.app.db.execute(sql`INSERT INTO ${sql.identifier(name)} SELECT generate_series(1, ${n}::int)`);
    await t.app.db.execute(sql`ANALYZE ${sql.identifier(name)}`);
  }

  it('keeps the planner’s estimate of a statement for its time, per statement and values', async () => {
    await tableOf('estimated_a', 100);
    const all = sql`SELECT 1 FROM estimated_a`;
    const below = (n: number) => sql`SELECT 1 FROM estimated_a WHERE n <= ${n}`;
    const kept = keptEstimates();
    const readEveryTime = keptEstimates(0);
    expect(await kept(t.app.db, all)).toBe(100);

    await tableOf('estimated_a', 1_000);
    expect(await kept(t.app.db, all)).toBe(100);
    expect(await readEveryTime(t.app.db, all)).toBe(1_000);
    // Other values are another statement: read now, from the grown table.
    expect(await kept(t.app.db, below(900))).toBeGreaterThan(800);
  });

  it('keeps at most its number of statements, the oldest going first', async () => {
    await tableOf('estimated_b', 100);
    const all = sql`SELECT 1 FROM estimated_b`;
    const below = (n: number) => sql`SELECT 1 FROM estimated_b WHERE n <= ${n}`;
    const kept = keptEstimates(60_000, 2);
    expect(await kept(t.app.db, all)).toBe(100);
    await kept(t.app.db, below(50));

    await tableOf('estimated_b', 1_000);
    expect(await kept(t.app.db, all)).toBe(100);
    await kept(t.app.db, below(20));
    expect(await kept(t.app.db, all)).toBe(1_000);
  });
});
