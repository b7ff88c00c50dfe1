ALTER TABLE "analytics_order_days" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_order_days" DROP CONSTRAINT "analytics_order_days_day_status_payment_status_payment_method_pk";--> statement-breakpoint
ALTER TABLE "analytics_order_days" ADD CONSTRAINT "analytics_order_days_day_status_payment_status_payment_method_shard_pk" PRIMARY KEY("day","status","payment_status","payment_method","shard");--> statement-breakpoint
-- Every order used to add itself to ONE row per day and kind (e.g. today × pending × pending × cash), so concurrent
-- checkouts queued on that row's lock until each other's commit. An order now goes to one of 16 shard rows of its
-- group, chosen by its id (the same shard for its whole life, so a change takes out exactly what it put in); readers
-- sum the shards. Existing rows stay in shard 0, and analytics_rebuild() keeps writing shard 0.
-- PL/pgSQL rather than SQL: a SQL function called from the trigger is parsed and planned again on every call, a
-- PL/pgSQL one keeps its plan for the session (this runs once per order insert and twice per order change).
CREATE OR REPLACE FUNCTION analytics_order_day_add(o orders, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_order_days AS d (day, status, payment_status, payment_method, shard, orders, total, subtotal,
    shipped, processing_seconds, customer_orders, customer_total)
  VALUES ((o.created_at AT TIME ZONE 'UTC')::date, o.status, o.payment_status, o.payment_method,
    (hashtext(o.id) & 15)::smallint, sign, sign * o.total,
    sign * o.subtotal, CASE WHEN o.shipped_at IS NULL THEN 0 ELSE sign END,
    CASE WHEN o.shipped_at IS NULL THEN 0 ELSE sign * extract(epoch FROM o.shipped_at - o.created_at)::float8 END,
    CASE WHEN o.customer_id IS NULL THEN 0 ELSE sign END, CASE WHEN o.customer_id IS NULL THEN 0 ELSE sign * o.total END)
  ON CONFLICT (day, status, payment_status, payment_method, shard) DO UPDATE SET
    orders = d.orders + EXCLUDED.orders, total = d.total + EXCLUDED.total, subtotal = d.subtotal + EXCLUDED.subtotal,
    shipped = d.shipped + EXCLUDED.shipped, processing_seconds = d.processing_seconds + EXCLUDED.processing_seconds,
    customer_orders = d.customer_orders + EXCLUDED.customer_orders,
    customer_total = d.customer_total + EXCLUDED.customer_total;
END
$$;
