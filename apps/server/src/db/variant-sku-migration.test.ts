import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/databases.js';
import { migrationsBefore } from '../../test/migrations.js';
import { openDatabase, queryRows } from './client.js';

const temporary = mkdtempSync(path.join(os.tmpdir(), 'seamline-variant-skus-'));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

const validEan13 = (code: string) => {
  const digits = [...code].map(Number);
  const sum = digits.slice(0, 12).reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 1 : 3), 0);
  return code.length === 13 && (10 - (sum % 10)) % 10 === digits[12];
};

describe('migration 0016 (variant SKUs) on existing stock', () => {
  it('gives every combination a unique SKU and EAN-13 without touching its stock', async () => {
    const fresh = await freshDatabase({ prefix: 'seamline_skus' });
    const database = await openDatabase({ databaseUrl: fresh.url });
    try {
      await database.migrate(migrationsBefore('0016_variant_skus', temporary));
      const run = (statement: ReturnType<typeof sql>) => database.db.execute(statement);
      await run(sql`INSERT INTO categories (id, name) VALUES ('c00000000000000000000001', 'Men')`);
      await run(sql`INSERT INTO brands (id, name) VALUES ('b00000000000000000000001', 'Northwind')`);
      await run(sql`INSERT INTO products (id, name, slug, sku, category_id, subcategory, brand_id, price)
        VALUES ('p00000000000000000000001', 'Tee', 'tee', 'tee-001', 'c00000000000000000000001', 'T', 'b00000000000000000000001', 20)`);
      // "Navy Blue" and "navy-blue" are two combinations that normalise to the same SKU.
      await run(sql`INSERT INTO inventory (id, product_id, size, color, quantity, reserved) VALUES
        ('i00000000000000000000001', 'p00000000000000000000001', 'M', 'Navy Blue', 7, 2),
        ('i00000000000000000000002', 'p00000000000000000000001', 'M', 'navy-blue', 3, 0),
        ('i00000000000000000000003', 'p00000000000000000000001', 'XL', 'White', 0, 0)`);

      await database.migrate();

      const rows = await queryRows<{ id: string; sku: string; barcode: string; quantity: number; reserved: number }>(
        database.db,
        sql`SELECT id, sku, barcode, quantity, reserved FROM inventory ORDER BY id`,
      );
      expect(rows.map((r) => [r.sku, r.quantity, r.reserved])).toEqual([
        ['TEE-001-M-NAVY-BLUE', 7, 2],
        ['TEE-001-M-NAVY-BLUE-2', 3, 0],
        ['TEE-001-XL-WHITE', 0, 0],
      ]);
      expect(rows.every((r) => validEan13(r.barcode))).toBe(true);
      expect(new Set(rows.map((r) => r.barcode)).size).toBe(3);
    } finally {
      await database.close();
      await fresh.drop();
    }
  });
});
