import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ORDER_STATUSES, STOCK_MOVEMENT_OPERATIONS } from '@seamline/shared';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/databases.js';
import { type Database, openDatabase, queryRows } from './client.js';
import { generateStore } from './seed/generate/index.js';
import { seedDemoData } from './seed/index.js';

const temporary = mkdtempSync(path.join(os.tmpdir(), 'seamline-enum-checks-'));
const cleanups: (() => Promise<void>)[] = [async () => rmSync(temporary, { recursive: true, force: true })];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** An empty database of its own on the test server. */
async function emptyDatabase(): Promise<Database> {
  const fresh = await freshDatabase({ prefix: 'seamline_enums' });
  cleanups.push(fresh.drop);
  return openDatabase({ databaseUrl: fresh.url });
}

async function rejects(database: Database, statement: ReturnType<typeof sql>): Promise<string> {
  try {
    await database.db.execute(statement);
    return 'accepted';
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return (error as { code?: string }).code ?? cause?.code ?? String(error);
  }
}

describe('enum CHECK constraints', () => {
  // Migration 0004 once proved it applies to a store already holding data; today's seed writes columns of later
  // migrations, so the data now goes into a fully migrated database, and the constraints are checked against it.
  it('a database with demo and generated data holds every enum', async () => {
    const database = await emptyDatabase();
    cleanups.push(() => database.close());
    await database.migrate();
    expect(await seedDemoData(database.db, () => {}, { uploadDir: path.join(temporary, 'uploads') })).toBe(true);
    await generateStore(database.db, { products: 10, customers: 10, orders: 300, batchSize: 100 });

    const constraints = await queryRows<{ name: string }>(
      database.db,
      sql`SELECT conname AS name FROM pg_constraint WHERE contype = 'c' AND conname LIKE '%\_check' ORDER BY conname`,
    );
    expect(constraints.map((c) => c.name)).toEqual(
      expect.arrayContaining([
        'activity_logs_status_check',
        'coupons_type_check',
        'inventory_movements_operation_check',
        'mail_tokens_kind_check',
        'orders_payment_method_check',
        'orders_payment_status_check',
        'orders_shipping_method_check',
        'orders_status_check',
        'orders_stock_state_check',
        'payments_kind_check',
        'users_role_check',
      ]),
    );
    // The seeded rows use the shared lists' values, and a value outside a list is refused (23514 check_violation).
    const statuses = await queryRows<{ status: string }>(database.db, sql`SELECT DISTINCT status FROM orders`);
    for (const { status } of statuses) expect(ORDER_STATUSES).toContain(status);
    const operations = await queryRows<{ op: string }>(
      database.db,
      sql`SELECT DISTINCT operation AS op FROM inventory_movements`,
    );
    for (const { op } of operations) expect(STOCK_MOVEMENT_OPERATIONS).toContain(op);
    expect(
      await rejects(database, sql`UPDATE orders SET status = 'lost' WHERE id = (SELECT min(id) FROM orders)`),
    ).toBe('23514');
    expect(await rejects(database, sql`UPDATE users SET role = 'owner' WHERE id = (SELECT min(id) FROM users)`)).toBe(
      '23514',
    );
    expect(
      await rejects(
        database,
        sql`UPDATE inventory_movements SET operation = 'restock' WHERE id = (SELECT min(id) FROM inventory_movements)`,
      ),
    ).toBe('23514');
  }, 240_000);
});
