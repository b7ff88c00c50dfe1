import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/databases.js';
import { migrationsBefore } from '../../test/migrations.js';
import { openDatabase, queryRows } from './client.js';

const temporary = mkdtempSync(path.join(os.tmpdir(), 'seamline-coupon-email-'));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

const address = `'{"firstName":"A","lastName":"B","street":"1 St","city":"C","state":"S","zipCode":"1","country":"US","phone":"5550100"}'::jsonb`;

describe('migration 0029 (coupon redemptions by e-mail) on existing redemptions', () => {
  it("keys every redemption by its order's guest e-mail or its customer's account e-mail, normalised", async () => {
    const fresh = await freshDatabase({ prefix: 'seamline_coupon_email' });
    const database = await openDatabase({ databaseUrl: fresh.url });
    try {
      await database.migrate(migrationsBefore('0029_coupon_redemption_email', temporary));
      const run = (statement: ReturnType<typeof sql>) => database.db.execute(statement);
      await run(sql`INSERT INTO users (id, email, password_hash, first_name, role) VALUES
        ('u00000000000000000000001', 'Ada.Lovelace@Example.com', 'x', 'Ada', 'customer'),
        ('u00000000000000000000002', 'Grace.Hopper+shop@GMail.com', 'x', 'Grace', 'customer')`);
      await run(sql`INSERT INTO coupons (id, code, name, type, value, start_date, end_date)
        VALUES ('k00000000000000000000001', 'SAVE10', 'Save', 'percentage', 10, now() - interval '1 day', now() + interval '1 day')`);
      await run(
        sql.raw(`INSERT INTO orders (id, order_number, customer_id, guest_email, subtotal, total, shipping_address, billing_address) VALUES
        ('o00000000000000000000001', 'ORD-1', 'u00000000000000000000001', NULL, 50, 50, ${address}, ${address}),
        ('o00000000000000000000002', 'ORD-2', 'u00000000000000000000002', NULL, 50, 50, ${address}, ${address}),
        ('o00000000000000000000003', 'ORD-3', NULL, ' J.Doe+Promo@GoogleMail.com', 50, 50, ${address}, ${address}),
        ('o00000000000000000000004', 'ORD-4', NULL, 'Pat.Lee+x@Example.com', 50, 50, ${address}, ${address}),
        ('o00000000000000000000005', 'ORD-5', NULL, NULL, 50, 50, ${address}, ${address})`),
      );
      await run(sql`INSERT INTO coupon_redemptions (id, coupon_id, order_id, customer_id, discount_amount, released_at)
        SELECT 'r' || substr(o.id, 2), 'k00000000000000000000001', o.id, o.customer_id, 5,
          CASE WHEN o.id = 'o00000000000000000000004' THEN now() END
        FROM orders o`);

      await database.migrate();

      const rows = await queryRows<{ order_id: string; email_key: string | null; released: boolean }>(
        database.db,
        sql`SELECT order_id, email_key, released_at IS NOT NULL AS released FROM coupon_redemptions ORDER BY order_id`,
      );
      expect(rows.map((r) => [r.order_id.slice(-1), r.email_key, r.released])).toEqual([
        ['1', 'ada.lovelace@example.com', false],
        ['2', 'gracehopper@gmail.com', false],
        ['3', 'jdoe@gmail.com', false],
        // A released use keeps its e-mail (it no longer counts); an order with no e-mail left has none.
        ['4', 'pat.lee+x@example.com', true],
        ['5', null, false],
      ]);
    } finally {
      await database.close();
      await fresh.drop();
    }
  });
});
