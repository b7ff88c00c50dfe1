import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/databases.js';
import { migrationsBefore } from '../../test/migrations.js';
import { openDatabase, queryRows } from './client.js';

const temporary = mkdtempSync(path.join(os.tmpdir(), 'seamline-payment-owner-'));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

const address = `'{"firstName":"A","lastName":"B","street":"1 St","city":"C","state":"S","zipCode":"1","country":"US","phone":"5550100"}'::jsonb`;

describe('migration 0030 (payment intent owners) on existing payments', () => {
  it("gives an intent still to be confirmed its order's buyer; paid charges, refunds and loose intents stay", async () => {
    const fresh = await freshDatabase({ prefix: 'seamline_payment_owner' });
    const database = await openDatabase({ databaseUrl: fresh.url });
    try {
      await database.migrate(migrationsBefore('0030_payment_intent_owner', temporary));
      const run = (statement: ReturnType<typeof sql>) => database.db.execute(statement);
      await run(sql`INSERT INTO users (id, email, password_hash, first_name, role)
        VALUES ('u00000000000000000000001', 'ada@example.com', 'x', 'Ada', 'customer')`);
      await run(
        sql.raw(`INSERT INTO orders (id, order_number, customer_id, guest_email, subtotal, total, shipping_address, billing_address) VALUES
        ('o00000000000000000000001', 'ORD-1', 'u00000000000000000000001', NULL, 50, 50, ${address}, ${address}),
        ('o00000000000000000000002', 'ORD-2', NULL, 'Pat.Guest@Example.com', 50, 50, ${address}, ${address})`),
      );
      await run(sql`INSERT INTO payments (id, order_id, provider, intent_id, amount, status, kind) VALUES
        ('p00000000000000000000001', 'o00000000000000000000001', 'test', 'pi_1', 50, 'requires_confirmation', 'charge'),
        ('p00000000000000000000002', 'o00000000000000000000002', 'test', 'pi_2', 50, 'declined', 'charge'),
        ('p00000000000000000000003', 'o00000000000000000000001', 'test', 'pi_3', 50, 'succeeded', 'charge'),
        ('p00000000000000000000004', 'o00000000000000000000001', 'test', 'pi_3', 50, 'succeeded', 'refund'),
        ('p00000000000000000000005', NULL, 'test', 'pi_5', 50, 'requires_confirmation', 'charge')`);

      await database.migrate();

      const rows = await queryRows<{ intent_id: string; kind: string; created_by: string | null; guest_email: string }>(
        database.db,
        sql`SELECT intent_id, kind, created_by, guest_email FROM payments ORDER BY id`,
      );
      expect(rows.map((r) => [r.intent_id, r.kind, r.created_by, r.guest_email])).toEqual([
        ['pi_1', 'charge', 'u00000000000000000000001', null],
        ['pi_2', 'charge', null, 'pat.guest@example.com'],
        ['pi_3', 'charge', null, null],
        ['pi_3', 'refund', null, null],
        ['pi_5', 'charge', null, null],
      ]);
    } finally {
      await database.close();
      await fresh.drop();
    }
  });
});
