CREATE TABLE "analytics_order_days" (
	"day" date NOT NULL,
	"status" text NOT NULL,
	"payment_status" text NOT NULL,
	"payment_method" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"total" numeric(14, 2) DEFAULT 0 NOT NULL,
	"subtotal" numeric(14, 2) DEFAULT 0 NOT NULL,
	"shipped" integer DEFAULT 0 NOT NULL,
	"processing_seconds" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_order_days_day_status_payment_status_payment_method_pk" PRIMARY KEY("day","status","payment_status","payment_method")
);
--> statement-breakpoint
CREATE TABLE "analytics_product_days" (
	"day" date NOT NULL,
	"product_key" text NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"revenue" numeric(14, 2) DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_product_days_day_product_key_pk" PRIMARY KEY("day","product_key")
);
--> statement-breakpoint
-- Rollup maintenance (see db/schema/analytics.ts). A revenue order is any status but cancelled and refunded.
CREATE FUNCTION analytics_counted(status text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT status NOT IN ('cancelled', 'refunded')
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_order_day_add(o orders, sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO analytics_order_days AS d
    (day, status, payment_status, payment_method, orders, total, subtotal, shipped, processing_seconds)
  VALUES ((o.created_at AT TIME ZONE 'UTC')::date, o.status, o.payment_status, o.payment_method, sign, sign * o.total,
    sign * o.subtotal, CASE WHEN o.shipped_at IS NULL THEN 0 ELSE sign END,
    CASE WHEN o.shipped_at IS NULL THEN 0 ELSE sign * extract(epoch FROM o.shipped_at - o.created_at)::float8 END)
  ON CONFLICT (day, status, payment_status, payment_method) DO UPDATE SET
    orders = d.orders + EXCLUDED.orders, total = d.total + EXCLUDED.total, subtotal = d.subtotal + EXCLUDED.subtotal,
    shipped = d.shipped + EXCLUDED.shipped, processing_seconds = d.processing_seconds + EXCLUDED.processing_seconds
$$;
--> statement-breakpoint
-- Adds (sign 1) or removes (sign -1) all lines of one order, per product.
CREATE FUNCTION analytics_order_lines_add(order_id char(24), created timestamptz, sign integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO analytics_product_days AS d (day, product_key, units, revenue, orders)
  SELECT (created AT TIME ZONE 'UTC')::date, coalesce(i.product_id, ''), sign * sum(i.quantity), sign * sum(i.total), sign
  FROM order_items i WHERE i.order_id = analytics_order_lines_add.order_id GROUP BY coalesce(i.product_id, '')
  ORDER BY coalesce(i.product_id, '')
  ON CONFLICT (day, product_key) DO UPDATE SET
    units = d.units + EXCLUDED.units, revenue = d.revenue + EXCLUDED.revenue, orders = d.orders + EXCLUDED.orders
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_orders_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- BEFORE DELETE: the lines still exist here (the cascade removes them afterwards without counting).
    PERFORM analytics_order_day_add(OLD, -1);
    IF analytics_counted(OLD.status) THEN
      PERFORM analytics_order_lines_add(OLD.id, OLD.created_at, -1);
    END IF;
    RETURN OLD;
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM analytics_order_day_add(NEW, 1);
    RETURN NULL;
  END IF;
  IF (OLD.status, OLD.payment_status, OLD.payment_method, OLD.total, OLD.subtotal, OLD.created_at, OLD.shipped_at)
     IS DISTINCT FROM
     (NEW.status, NEW.payment_status, NEW.payment_method, NEW.total, NEW.subtotal, NEW.created_at, NEW.shipped_at) THEN
    -- Rollup rows are always locked in key order, so two orders changing in opposite directions cannot deadlock.
    IF ((OLD.created_at AT TIME ZONE 'UTC')::date, OLD.status, OLD.payment_status, OLD.payment_method)
       <= ((NEW.created_at AT TIME ZONE 'UTC')::date, NEW.status, NEW.payment_status, NEW.payment_method) THEN
      PERFORM analytics_order_day_add(OLD, -1);
      PERFORM analytics_order_day_add(NEW, 1);
    ELSE
      PERFORM analytics_order_day_add(NEW, 1);
      PERFORM analytics_order_day_add(OLD, -1);
    END IF;
  END IF;
  IF analytics_counted(OLD.status) AND (NOT analytics_counted(NEW.status) OR OLD.created_at <> NEW.created_at) THEN
    PERFORM analytics_order_lines_add(OLD.id, OLD.created_at, -1);
  END IF;
  IF analytics_counted(NEW.status) AND (NOT analytics_counted(OLD.status) OR OLD.created_at <> NEW.created_at) THEN
    PERFORM analytics_order_lines_add(NEW.id, NEW.created_at, 1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER analytics_orders_write AFTER INSERT OR UPDATE ON orders
  FOR EACH ROW EXECUTE FUNCTION analytics_orders_trigger();
--> statement-breakpoint
CREATE TRIGGER analytics_orders_delete BEFORE DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION analytics_orders_trigger();
--> statement-breakpoint
-- Lines in or out, per statement (transition tables), so that an order counts once per product however many of its
-- lines hold the product and however many lines one statement writes. Only lines of revenue orders count.
CREATE FUNCTION analytics_order_items_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    -- Lines gone (or changed): take their sums out; the order stops counting for a product with no line left.
    WITH per_order AS (
      SELECT (o.created_at AT TIME ZONE 'UTC')::date AS day, l.order_id, coalesce(l.product_id, '') AS key,
        sum(l.quantity) AS units, sum(l.total) AS revenue
      FROM old_rows l JOIN orders o ON o.id = l.order_id
      WHERE analytics_counted(o.status) GROUP BY 1, 2, 3)
    INSERT INTO analytics_product_days AS d (day, product_key, units, revenue, orders)
    SELECT day, key, -sum(units), -sum(revenue),
      sum(CASE WHEN EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = p.order_id AND coalesce(i.product_id, '') = p.key) THEN 0 ELSE -1 END)
    FROM per_order p GROUP BY day, key ORDER BY day, key
    ON CONFLICT (day, product_key) DO UPDATE SET
      units = d.units + EXCLUDED.units, revenue = d.revenue + EXCLUDED.revenue, orders = d.orders + EXCLUDED.orders;
  END IF;
  IF TG_OP = 'INSERT' THEN
    -- New lines: add their sums; the order starts counting for a product none of its older lines held.
    WITH per_order AS (
      SELECT (o.created_at AT TIME ZONE 'UTC')::date AS day, l.order_id, coalesce(l.product_id, '') AS key,
        sum(l.quantity) AS units, sum(l.total) AS revenue
      FROM new_rows l JOIN orders o ON o.id = l.order_id
      WHERE analytics_counted(o.status) GROUP BY 1, 2, 3)
    INSERT INTO analytics_product_days AS d (day, product_key, units, revenue, orders)
    SELECT day, key, sum(units), sum(revenue),
      sum(CASE WHEN EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = p.order_id AND coalesce(i.product_id, '') = p.key AND i.id NOT IN (SELECT n.id FROM new_rows n)) THEN 0 ELSE 1 END)
    FROM per_order p GROUP BY day, key ORDER BY day, key
    ON CONFLICT (day, product_key) DO UPDATE SET
      units = d.units + EXCLUDED.units, revenue = d.revenue + EXCLUDED.revenue, orders = d.orders + EXCLUDED.orders;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    -- Changed lines: add their new sums; the order starts counting for a product it held in no line before.
    WITH per_order AS (
      SELECT (o.created_at AT TIME ZONE 'UTC')::date AS day, l.order_id, coalesce(l.product_id, '') AS key,
        sum(l.quantity) AS units, sum(l.total) AS revenue
      FROM new_rows l JOIN orders o ON o.id = l.order_id
      WHERE analytics_counted(o.status) GROUP BY 1, 2, 3)
    INSERT INTO analytics_product_days AS d (day, product_key, units, revenue, orders)
    SELECT day, key, sum(units), sum(revenue),
      sum(CASE WHEN EXISTS (SELECT 1 FROM old_rows i WHERE i.order_id = p.order_id AND coalesce(i.product_id, '') = p.key) OR EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = p.order_id AND coalesce(i.product_id, '') = p.key AND i.id NOT IN (SELECT n.id FROM new_rows n)) THEN 0 ELSE 1 END)
    FROM per_order p GROUP BY day, key ORDER BY day, key
    ON CONFLICT (day, product_key) DO UPDATE SET
      units = d.units + EXCLUDED.units, revenue = d.revenue + EXCLUDED.revenue, orders = d.orders + EXCLUDED.orders;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER analytics_order_items_insert AFTER INSERT ON order_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_order_items_trigger();
--> statement-breakpoint
CREATE TRIGGER analytics_order_items_update AFTER UPDATE ON order_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_order_items_trigger();
--> statement-breakpoint
CREATE TRIGGER analytics_order_items_delete AFTER DELETE ON order_items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_order_items_trigger();
--> statement-breakpoint
-- Recomputes both rollups from the base tables (used after bulk loads, and to fill them for existing data).
CREATE FUNCTION analytics_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM analytics_order_days;
  DELETE FROM analytics_product_days;
  INSERT INTO analytics_order_days
    (day, status, payment_status, payment_method, orders, total, subtotal, shipped, processing_seconds)
  SELECT (created_at AT TIME ZONE 'UTC')::date, status, payment_status, payment_method, count(*), sum(total),
    sum(subtotal), count(shipped_at), coalesce(sum(extract(epoch FROM shipped_at - created_at)::float8), 0)
  FROM orders GROUP BY 1, 2, 3, 4;
  INSERT INTO analytics_product_days (day, product_key, units, revenue, orders)
  SELECT (o.created_at AT TIME ZONE 'UTC')::date, coalesce(i.product_id, ''), sum(i.quantity), sum(i.total),
    count(DISTINCT i.order_id)
  FROM order_items i JOIN orders o ON o.id = i.order_id
  WHERE analytics_counted(o.status) GROUP BY 1, 2;
$$;
--> statement-breakpoint
SELECT analytics_rebuild();
