-- Every product gets a row in analytics_product_totals, 0 until it sells, so a list sorted by units sold walks the
-- (units, key) index alone: finding the never-sold products used to test every product for a row (a least-sold-first
-- page of 100,000 products, nearly all sold, 186-286 ms). The key breaks ties in the index, so a tie as wide as the
-- catalogue (a new shop's zeros) is read in key order without a sort.
DROP INDEX "analytics_product_totals_units_idx";--> statement-breakpoint
CREATE INDEX "analytics_product_totals_units_idx" ON "analytics_product_totals" USING btree ("units","product_key");--> statement-breakpoint
INSERT INTO analytics_product_totals (product_key, units) SELECT id::text, 0 FROM products ORDER BY 1
ON CONFLICT (product_key) DO NOTHING;
--> statement-breakpoint
-- Per statement (transition table): an import's thousands of products in one insert. A fold that adds the product's
-- first sales first (it cannot: a product sells once it is committed) would only make this insert do nothing.
CREATE FUNCTION analytics_product_totals_new_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_product_totals (product_key, units) SELECT id::text, 0 FROM new_products ORDER BY 1
  ON CONFLICT (product_key) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_product_totals_new_products AFTER INSERT ON products REFERENCING NEW TABLE AS new_products
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_product_totals_new_products();
--> statement-breakpoint
-- A rebuild refills the totals from the sales (migration 0018's part), then gives the products that never sold their 0.
CREATE OR REPLACE FUNCTION analytics_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('analytics_fold_pending'));
  DELETE FROM analytics_pending_order_days;
  DELETE FROM analytics_pending_product_days;
  PERFORM analytics_rebuild_orders();
  PERFORM analytics_rebuild_payments();
  INSERT INTO analytics_product_totals (product_key, units) SELECT id::text, 0 FROM products ORDER BY 1
  ON CONFLICT (product_key) DO NOTHING;
END
$$;
