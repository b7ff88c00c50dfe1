CREATE TABLE "analytics_activity_days" (
	"day" date NOT NULL,
	"user_key" text NOT NULL,
	"status" text NOT NULL,
	"action" text NOT NULL,
	"resource" text NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_activity_days_day_user_key_status_action_resource_pk" PRIMARY KEY("day","user_key","status","action","resource")
);
--> statement-breakpoint
CREATE TABLE "analytics_coupon_days" (
	"day" date NOT NULL,
	"coupon_id" char(24) NOT NULL,
	"redemptions" integer DEFAULT 0 NOT NULL,
	"discount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"subtotal" numeric(14, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_coupon_days_day_coupon_id_pk" PRIMARY KEY("day","coupon_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_customers" (
	"customer_id" char(24) PRIMARY KEY NOT NULL,
	"last_order_at" timestamp with time zone,
	"previous_order_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "analytics_product_stock" (
	"product_id" char(24) PRIMARY KEY NOT NULL,
	"category_id" char(24) NOT NULL,
	"is_active" boolean NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"low_variants" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_order_days" ADD COLUMN "customer_orders" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_order_days" ADD COLUMN "customer_total" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_product_stock" ADD CONSTRAINT "analytics_product_stock_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_customers_last_idx" ON "analytics_customers" USING btree ("last_order_at");--> statement-breakpoint
CREATE INDEX "analytics_customers_previous_idx" ON "analytics_customers" USING btree ("previous_order_at");--> statement-breakpoint
-- Order day rows also sum the orders that belong to a customer (customer analytics' revenue per customer).
CREATE OR REPLACE FUNCTION analytics_order_day_add(o orders, sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO analytics_order_days AS d (day, status, payment_status, payment_method, orders, total, subtotal, shipped,
    processing_seconds, customer_orders, customer_total)
  VALUES ((o.created_at AT TIME ZONE 'UTC')::date, o.status, o.payment_status, o.payment_method, sign, sign * o.total,
    sign * o.subtotal, CASE WHEN o.shipped_at IS NULL THEN 0 ELSE sign END,
    CASE WHEN o.shipped_at IS NULL THEN 0 ELSE sign * extract(epoch FROM o.shipped_at - o.created_at)::float8 END,
    CASE WHEN o.customer_id IS NULL THEN 0 ELSE sign END, CASE WHEN o.customer_id IS NULL THEN 0 ELSE sign * o.total END)
  ON CONFLICT (day, status, payment_status, payment_method) DO UPDATE SET
    orders = d.orders + EXCLUDED.orders, total = d.total + EXCLUDED.total, subtotal = d.subtotal + EXCLUDED.subtotal,
    shipped = d.shipped + EXCLUDED.shipped, processing_seconds = d.processing_seconds + EXCLUDED.processing_seconds,
    customer_orders = d.customer_orders + EXCLUDED.customer_orders,
    customer_total = d.customer_total + EXCLUDED.customer_total
$$;
--> statement-breakpoint
-- The same trigger as 0002, plus customer_id among the columns whose change moves an order between day sums.
CREATE OR REPLACE FUNCTION analytics_orders_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
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
  IF (OLD.status, OLD.payment_status, OLD.payment_method, OLD.total, OLD.subtotal, OLD.created_at, OLD.shipped_at,
      OLD.customer_id)
     IS DISTINCT FROM
     (NEW.status, NEW.payment_status, NEW.payment_method, NEW.total, NEW.subtotal, NEW.created_at, NEW.shipped_at,
      NEW.customer_id) THEN
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
-- A customer's latest two revenue orders, read after locking the customer's row: a concurrent order of the same
-- customer commits first and is then seen (each statement reads the latest committed state).
CREATE FUNCTION analytics_customer_refresh(customer char(24)) RETURNS void LANGUAGE plpgsql AS $$
DECLARE latest timestamptz[];
BEGIN
  INSERT INTO analytics_customers (customer_id) VALUES (customer) ON CONFLICT (customer_id) DO NOTHING;
  PERFORM 1 FROM analytics_customers WHERE customer_id = customer FOR UPDATE;
  SELECT array_agg(t.created_at ORDER BY t.created_at DESC) INTO latest FROM (
    SELECT o.created_at FROM orders o WHERE o.customer_id = customer AND analytics_counted(o.status)
    ORDER BY o.created_at DESC LIMIT 2) t;
  UPDATE analytics_customers SET last_order_at = latest[1], previous_order_at = latest[2]
  WHERE customer_id = customer;
END
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_customers_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.customer_id IS NOT NULL THEN
    PERFORM analytics_customer_refresh(OLD.customer_id);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.customer_id IS NOT NULL
     AND (TG_OP = 'INSERT' OR NEW.customer_id IS DISTINCT FROM OLD.customer_id) THEN
    PERFORM analytics_customer_refresh(NEW.customer_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER analytics_customers_insert AFTER INSERT ON orders
  FOR EACH ROW WHEN (NEW.customer_id IS NOT NULL) EXECUTE FUNCTION analytics_customers_trigger();
--> statement-breakpoint
CREATE TRIGGER analytics_customers_change AFTER UPDATE OF status, customer_id, created_at ON orders FOR EACH ROW
  WHEN ((OLD.customer_id IS NOT NULL OR NEW.customer_id IS NOT NULL) AND (OLD.customer_id IS DISTINCT FROM NEW.customer_id
    OR OLD.created_at IS DISTINCT FROM NEW.created_at OR analytics_counted(OLD.status) <> analytics_counted(NEW.status)))
  EXECUTE FUNCTION analytics_customers_trigger();
--> statement-breakpoint
CREATE TRIGGER analytics_customers_delete AFTER DELETE ON orders
  FOR EACH ROW WHEN (OLD.customer_id IS NOT NULL) EXECUTE FUNCTION analytics_customers_trigger();
--> statement-breakpoint
-- Product columns of the stock summary follow the product; its units and low combinations follow the inventory by
-- deltas. Reservations change neither quantity nor threshold, so placing an order does not touch the summary.
CREATE FUNCTION analytics_product_stock_product() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_product_stock (product_id, category_id, is_active, price, created_at)
  VALUES (NEW.id, NEW.category_id, NEW.is_active, NEW.price, NEW.created_at)
  ON CONFLICT (product_id) DO UPDATE SET category_id = EXCLUDED.category_id, is_active = EXCLUDED.is_active,
    price = EXCLUDED.price, created_at = EXCLUDED.created_at;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER analytics_product_stock_insert AFTER INSERT ON products
  FOR EACH ROW EXECUTE FUNCTION analytics_product_stock_product();
--> statement-breakpoint
CREATE TRIGGER analytics_product_stock_change AFTER UPDATE OF category_id, is_active, price, created_at ON products
  FOR EACH ROW WHEN ((OLD.category_id, OLD.is_active, OLD.price, OLD.created_at)
    IS DISTINCT FROM (NEW.category_id, NEW.is_active, NEW.price, NEW.created_at))
  EXECUTE FUNCTION analytics_product_stock_product();
--> statement-breakpoint
CREATE FUNCTION analytics_product_stock_inventory() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.product_id = NEW.product_id THEN
    UPDATE analytics_product_stock SET units = units + NEW.quantity - OLD.quantity,
      low_variants = low_variants + (NEW.quantity <= NEW.low_stock_threshold)::int
        - (OLD.quantity <= OLD.low_stock_threshold)::int
    WHERE product_id = NEW.product_id;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    -- After a product's own deletion the summary row is already gone: nothing to update.
    UPDATE analytics_product_stock SET units = units - OLD.quantity,
      low_variants = low_variants - (OLD.quantity <= OLD.low_stock_threshold)::int
    WHERE product_id = OLD.product_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    UPDATE analytics_product_stock SET units = units + NEW.quantity,
      low_variants = low_variants + (NEW.quantity <= NEW.low_stock_threshold)::int
    WHERE product_id = NEW.product_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER analytics_product_stock_rows AFTER INSERT OR DELETE ON inventory
  FOR EACH ROW EXECUTE FUNCTION analytics_product_stock_inventory();
--> statement-breakpoint
CREATE TRIGGER analytics_product_stock_levels AFTER UPDATE OF quantity, low_stock_threshold, product_id ON inventory
  FOR EACH ROW WHEN ((OLD.quantity, OLD.low_stock_threshold, OLD.product_id)
    IS DISTINCT FROM (NEW.quantity, NEW.low_stock_threshold, NEW.product_id))
  EXECUTE FUNCTION analytics_product_stock_inventory();
--> statement-breakpoint
-- Redemptions count while not given back (released_at null), with the subtotal of the order they belong to.
CREATE FUNCTION analytics_coupon_day_add(r coupon_redemptions, sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO analytics_coupon_days AS d (day, coupon_id, redemptions, discount, subtotal)
  SELECT (r.created_at AT TIME ZONE 'UTC')::date, r.coupon_id, sign, sign * r.discount_amount,
    sign * coalesce((SELECT o.subtotal FROM orders o WHERE o.id = r.order_id), 0)
  ON CONFLICT (day, coupon_id) DO UPDATE SET redemptions = d.redemptions + EXCLUDED.redemptions,
    discount = d.discount + EXCLUDED.discount, subtotal = d.subtotal + EXCLUDED.subtotal
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_coupon_days_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.released_at IS NULL THEN
    PERFORM analytics_coupon_day_add(OLD, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.released_at IS NULL THEN
    PERFORM analytics_coupon_day_add(NEW, 1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER analytics_coupon_days_write AFTER INSERT OR DELETE OR UPDATE ON coupon_redemptions
  FOR EACH ROW EXECUTE FUNCTION analytics_coupon_days_trigger();
--> statement-breakpoint
CREATE FUNCTION analytics_activity_day_add(a activity_logs, sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO analytics_activity_days AS d (day, user_key, status, action, resource, entries)
  VALUES ((a.created_at AT TIME ZONE 'UTC')::date, coalesce(a.user_id, ''), a.status, a.action, a.resource, sign)
  ON CONFLICT (day, user_key, status, action, resource) DO UPDATE SET entries = d.entries + EXCLUDED.entries
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_activity_days_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM analytics_activity_day_add(OLD, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM analytics_activity_day_add(NEW, 1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER analytics_activity_days_write AFTER INSERT OR DELETE ON activity_logs
  FOR EACH ROW EXECUTE FUNCTION analytics_activity_days_trigger();
--> statement-breakpoint
CREATE TRIGGER analytics_activity_days_change AFTER UPDATE OF user_id, status, action, resource, created_at
  ON activity_logs FOR EACH ROW WHEN ((OLD.user_id, OLD.status, OLD.action, OLD.resource, OLD.created_at)
    IS DISTINCT FROM (NEW.user_id, NEW.status, NEW.action, NEW.resource, NEW.created_at))
  EXECUTE FUNCTION analytics_activity_days_trigger();
--> statement-breakpoint
-- Recomputes every rollup from the base tables (after bulk loads, and to fill them for existing data).
CREATE OR REPLACE FUNCTION analytics_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM analytics_order_days;
  DELETE FROM analytics_product_days;
  DELETE FROM analytics_customers;
  DELETE FROM analytics_product_stock;
  DELETE FROM analytics_coupon_days;
  DELETE FROM analytics_activity_days;
  INSERT INTO analytics_order_days
    (day, status, payment_status, payment_method, orders, total, subtotal, shipped, processing_seconds,
     customer_orders, customer_total)
  SELECT (created_at AT TIME ZONE 'UTC')::date, status, payment_status, payment_method, count(*), sum(total),
    sum(subtotal), count(shipped_at), coalesce(sum(extract(epoch FROM shipped_at - created_at)::float8), 0),
    count(customer_id), coalesce(sum(total) FILTER (WHERE customer_id IS NOT NULL), 0)
  FROM orders GROUP BY 1, 2, 3, 4;
  INSERT INTO analytics_product_days (day, product_key, units, revenue, orders)
  SELECT (o.created_at AT TIME ZONE 'UTC')::date, coalesce(i.product_id, ''), sum(i.quantity), sum(i.total),
    count(DISTINCT i.order_id)
  FROM order_items i JOIN orders o ON o.id = i.order_id
  WHERE analytics_counted(o.status) GROUP BY 1, 2;
  INSERT INTO analytics_customers (customer_id, last_order_at, previous_order_at)
  SELECT customer_id, (array_agg(created_at ORDER BY created_at DESC))[1],
    (array_agg(created_at ORDER BY created_at DESC))[2]
  FROM orders WHERE customer_id IS NOT NULL AND analytics_counted(status) GROUP BY 1;
  INSERT INTO analytics_product_stock (product_id, category_id, is_active, price, created_at, units, low_variants)
  SELECT p.id, p.category_id, p.is_active, p.price, p.created_at, coalesce(sum(i.quantity), 0),
    count(i.id) FILTER (WHERE i.quantity <= i.low_stock_threshold)
  FROM products p LEFT JOIN inventory i ON i.product_id = p.id GROUP BY p.id;
  INSERT INTO analytics_coupon_days (day, coupon_id, redemptions, discount, subtotal)
  SELECT (r.created_at AT TIME ZONE 'UTC')::date, r.coupon_id, count(*), sum(r.discount_amount),
    coalesce(sum(o.subtotal), 0)
  FROM coupon_redemptions r LEFT JOIN orders o ON o.id = r.order_id WHERE r.released_at IS NULL GROUP BY 1, 2;
  INSERT INTO analytics_activity_days (day, user_key, status, action, resource, entries)
  SELECT (created_at AT TIME ZONE 'UTC')::date, coalesce(user_id, ''), status, action, resource, count(*)
  FROM activity_logs GROUP BY 1, 2, 3, 4, 5;
$$;
--> statement-breakpoint
-- Inventory analytics: the worst alerts first (out of stock, then the lowest stock).
CREATE INDEX "inventory_alerts_idx" ON "inventory" ("quantity") WHERE quantity <= low_stock_threshold;
--> statement-breakpoint
SELECT analytics_rebuild();
