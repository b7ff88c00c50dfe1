-- Variant SKUs and barcodes (issue 17 item 0). Every inventory row (size x color) gets its own SKU, unique
-- case-insensitively, derived from the product SKU when none is given, and an EAN-13 barcode from a sequence
-- (prefix 2: the range GS1 leaves to in-store numbering), plus an optional price override.
-- The functions are schema-qualified inside: triggers and index builds may run with a restricted search_path.
CREATE SEQUENCE IF NOT EXISTS inventory_barcode_seq;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ean13_with_check_digit(digits text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT digits || ((10 - (SELECT sum(substr(digits, i, 1)::int * CASE WHEN i % 2 = 1 THEN 1 ELSE 3 END)
    FROM generate_series(1, 12) i) % 10) % 10)::text $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION inventory_next_barcode() RETURNS text
  LANGUAGE sql VOLATILE
  AS $$ SELECT public.ean13_with_check_digit('2' || lpad(nextval('public.inventory_barcode_seq')::text, 11, '0')) $$;--> statement-breakpoint
-- "TEE-001", "XL", "Navy Blue" -> "TEE-001-XL-NAVY-BLUE": runs of anything but letters and digits become one hyphen.
CREATE OR REPLACE FUNCTION variant_sku(product_sku text, size text, color text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT left(upper(trim(both '-' from regexp_replace(product_sku || '-' || size || '-' || color,
    '[^A-Za-z0-9]+', '-', 'g'))), 80) $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION inventory_fill_sku() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.sku IS NULL OR NEW.sku = '' THEN
    NEW.sku := public.variant_sku((SELECT p.sku FROM public.products p WHERE p.id = NEW.product_id), NEW.size, NEW.color);
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
ALTER TABLE "inventory" ADD COLUMN "sku" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory" ADD COLUMN "barcode" text DEFAULT inventory_next_barcode() NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory" ADD COLUMN "price_override" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_sku" text;--> statement-breakpoint
-- Backfill: the derived SKU; two combinations that normalise alike (e.g. "Navy Blue" and "navy-blue") get -2, -3 ...
UPDATE inventory i SET sku = CASE WHEN d.n = 1 THEN d.base ELSE d.base || '-' || d.n END
  FROM (SELECT inv.id, variant_sku(p.sku, inv.size, inv.color) AS base,
      row_number() OVER (PARTITION BY lower(variant_sku(p.sku, inv.size, inv.color)) ORDER BY inv.id) AS n
    FROM inventory inv JOIN products p ON p.id = inv.product_id) d
  WHERE i.id = d.id;--> statement-breakpoint
CREATE TRIGGER inventory_fill_sku BEFORE INSERT OR UPDATE OF sku ON inventory
  FOR EACH ROW EXECUTE FUNCTION inventory_fill_sku();--> statement-breakpoint
-- Order lines keep the variant SKU of their combination; the analytics trigger on order_items rests meanwhile (the SKU
-- is no rollup figure, and re-adding every line to the rollups would cost minutes on a large store).
ALTER TABLE order_items DISABLE TRIGGER analytics_order_items_update;--> statement-breakpoint
UPDATE order_items oi SET variant_sku = i.sku FROM inventory i
  WHERE i.product_id = oi.product_id AND lower(i.size) = lower(oi.size) AND lower(i.color) = lower(oi.color);--> statement-breakpoint
ALTER TABLE order_items ENABLE TRIGGER analytics_order_items_update;--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_sku_lower_idx" ON "inventory" USING btree (lower("sku"));--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_barcode_idx" ON "inventory" USING btree ("barcode");
