CREATE TABLE "analytics_brand_days" (
	"day" date NOT NULL,
	"brand_key" text NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"revenue" numeric(14, 2) DEFAULT 0 NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_brand_days_day_brand_key_shard_pk" PRIMARY KEY("day","brand_key","shard")
);
--> statement-breakpoint
CREATE TABLE "analytics_category_days" (
	"day" date NOT NULL,
	"category_key" text NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"revenue" numeric(14, 2) DEFAULT 0 NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_category_days_day_category_key_shard_pk" PRIMARY KEY("day","category_key","shard")
);
--> statement-breakpoint
CREATE TABLE "analytics_product_totals" (
	"product_key" text PRIMARY KEY NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_product_totals_units_idx" ON "analytics_product_totals" USING btree ("units");--> statement-breakpoint
CREATE INDEX "analytics_product_days_product_idx" ON "analytics_product_days" USING btree ("product_key","day");--> statement-breakpoint
-- Product sales by category, by brand and all-time per product, kept from analytics_product_days (the sums of revenue
-- order lines per day × product) so the dashboard and sales reports do not sum every product of the range.
-- Adds a set of product-day deltas to the three rollups. The products are locked FOR SHARE first: a concurrent change
-- of a product's category or brand (which moves the product's history, below) then either waits for this sale to
-- commit and moves it too, or has committed and is read here.
CREATE FUNCTION analytics_product_sales_add(in_days date[], in_keys text[], in_units bigint[], in_revenue numeric[],
  in_orders bigint[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE tx_shard smallint := (txid_current() & 7)::smallint;
BEGIN
  PERFORM 1 FROM products p WHERE p.id = ANY(in_keys::bpchar[]) ORDER BY p.id FOR SHARE;
  WITH delta AS (
    SELECT d.day, d.key, d.units, d.revenue, d.orders, coalesce(p.category_id::text, '') AS category,
      coalesce(p.brand_id::text, '') AS brand
    FROM unnest(in_days, in_keys, in_units, in_revenue, in_orders) AS d(day, key, units, revenue, orders)
    LEFT JOIN products p ON p.id = d.key::bpchar),
  totals AS (
    INSERT INTO analytics_product_totals AS t (product_key, units)
    SELECT key, sum(units) FROM delta GROUP BY key ORDER BY key
    ON CONFLICT (product_key) DO UPDATE SET units = t.units + EXCLUDED.units),
  by_category AS (
    INSERT INTO analytics_category_days AS c (day, category_key, shard, units, revenue, orders)
    SELECT day, category, tx_shard, sum(units), sum(revenue), sum(orders) FROM delta GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (day, category_key, shard) DO UPDATE SET units = c.units + EXCLUDED.units,
      revenue = c.revenue + EXCLUDED.revenue, orders = c.orders + EXCLUDED.orders)
  INSERT INTO analytics_brand_days AS b (day, brand_key, shard, units, revenue, orders)
  SELECT day, brand, tx_shard, sum(units), sum(revenue), sum(orders) FROM delta GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (day, brand_key, shard) DO UPDATE SET units = b.units + EXCLUDED.units,
    revenue = b.revenue + EXCLUDED.revenue, orders = b.orders + EXCLUDED.orders;
END
$$;
--> statement-breakpoint
-- Per statement on analytics_product_days (transition tables: one call however many products an order holds).
-- analytics_rebuild() turns it off while it refills the day rollup and then refills these from it.
CREATE FUNCTION analytics_product_days_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('seamline.analytics_rebuild', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM analytics_product_sales_add(array_agg(day), array_agg(product_key), array_agg(units::bigint),
      array_agg(revenue::numeric), array_agg(orders::bigint)) FROM new_rows HAVING count(*) > 0;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM analytics_product_sales_add(array_agg(n.day), array_agg(n.product_key), array_agg((n.units - o.units)::bigint),
      array_agg((n.revenue - o.revenue)::numeric), array_agg((n.orders - o.orders)::bigint))
    FROM new_rows n JOIN old_rows o ON o.day = n.day AND o.product_key = n.product_key HAVING count(*) > 0;
  ELSE
    PERFORM analytics_product_sales_add(array_agg(day), array_agg(product_key), array_agg(-units::bigint),
      array_agg(-revenue::numeric), array_agg(-orders::bigint)) FROM old_rows HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER analytics_product_days_insert AFTER INSERT ON analytics_product_days REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_product_days_trigger();
--> statement-breakpoint
CREATE TRIGGER analytics_product_days_update AFTER UPDATE ON analytics_product_days
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_product_days_trigger();
--> statement-breakpoint
CREATE TRIGGER analytics_product_days_delete AFTER DELETE ON analytics_product_days REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_product_days_trigger();
--> statement-breakpoint
-- Adds (sign 1) or takes out (sign -1) a product's whole sales history under a category and a brand key.
CREATE FUNCTION analytics_product_history_add(product char(24), category text, brand text, sign integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO analytics_category_days AS c (day, category_key, shard, units, revenue, orders)
  SELECT day, category, 0, sign * units, sign * revenue, sign * orders FROM analytics_product_days
  WHERE product_key = product::text ORDER BY day
  ON CONFLICT (day, category_key, shard) DO UPDATE SET units = c.units + EXCLUDED.units,
    revenue = c.revenue + EXCLUDED.revenue, orders = c.orders + EXCLUDED.orders;
  INSERT INTO analytics_brand_days AS b (day, brand_key, shard, units, revenue, orders)
  SELECT day, brand, 0, sign * units, sign * revenue, sign * orders FROM analytics_product_days
  WHERE product_key = product::text ORDER BY day
  ON CONFLICT (day, brand_key, shard) DO UPDATE SET units = b.units + EXCLUDED.units,
    revenue = b.revenue + EXCLUDED.revenue, orders = b.orders + EXCLUDED.orders;
$$;
--> statement-breakpoint
-- A product's sales follow its current category and brand. Deleting it moves them to '' first (its lines then lose
-- the product, which moves its day rows to key '' — found under no product, so under '' on both sides: no change).
CREATE FUNCTION analytics_product_history_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_product_history_add(OLD.id, OLD.category_id::text, coalesce(OLD.brand_id::text, ''), -1);
  IF TG_OP = 'DELETE' THEN
    PERFORM analytics_product_history_add(OLD.id, '', '', 1);
    RETURN OLD;
  END IF;
  PERFORM analytics_product_history_add(NEW.id, NEW.category_id::text, coalesce(NEW.brand_id::text, ''), 1);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER analytics_product_history_change AFTER UPDATE OF category_id, brand_id ON products FOR EACH ROW
  WHEN ((OLD.category_id, OLD.brand_id) IS DISTINCT FROM (NEW.category_id, NEW.brand_id))
  EXECUTE FUNCTION analytics_product_history_trigger();
--> statement-breakpoint
CREATE TRIGGER analytics_product_history_delete BEFORE DELETE ON products FOR EACH ROW
  EXECUTE FUNCTION analytics_product_history_trigger();
--> statement-breakpoint
-- The rebuild of migration 0007 stays as it is (renamed); the new rollups are refilled from its product days.
ALTER FUNCTION analytics_rebuild() RENAME TO analytics_rebuild_base;
--> statement-breakpoint
CREATE FUNCTION analytics_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('seamline.analytics_rebuild', 'on', true);
  PERFORM analytics_rebuild_base();
  PERFORM set_config('seamline.analytics_rebuild', 'off', true);
  DELETE FROM analytics_product_totals;
  DELETE FROM analytics_category_days;
  DELETE FROM analytics_brand_days;
  INSERT INTO analytics_product_totals (product_key, units)
  SELECT product_key, sum(units) FROM analytics_product_days GROUP BY 1;
  INSERT INTO analytics_category_days (day, category_key, units, revenue, orders)
  SELECT d.day, coalesce(p.category_id::text, ''), sum(d.units), sum(d.revenue), sum(d.orders)
  FROM analytics_product_days d LEFT JOIN products p ON p.id = d.product_key::bpchar GROUP BY 1, 2;
  INSERT INTO analytics_brand_days (day, brand_key, units, revenue, orders)
  SELECT d.day, coalesce(p.brand_id::text, ''), sum(d.units), sum(d.revenue), sum(d.orders)
  FROM analytics_product_days d LEFT JOIN products p ON p.id = d.product_key::bpchar GROUP BY 1, 2;
END
$$;
--> statement-breakpoint
SELECT analytics_rebuild();
