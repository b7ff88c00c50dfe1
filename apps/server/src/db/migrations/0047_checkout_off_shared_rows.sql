CREATE TABLE "analytics_pending_product_days" (
	"day" date NOT NULL,
	"product_key" text NOT NULL,
	"units" integer NOT NULL,
	"revenue" numeric(14, 2) NOT NULL,
	"orders" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_search_pending" (
	"order_id" char(24) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_pending_order_days" (
	"day" date NOT NULL,
	"status" text NOT NULL,
	"payment_status" text NOT NULL,
	"payment_method" text NOT NULL,
	"shard" smallint NOT NULL,
	"orders" integer NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"subtotal" numeric(14, 2) NOT NULL,
	"shipped" integer NOT NULL,
	"processing_seconds" double precision NOT NULL,
	"customer_orders" integer NOT NULL,
	"customer_total" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
-- An order's figures reach analytics_order_days through analytics_pending_order_days: every order placed, paid or
-- moved appends its change there instead of updating one of the day's shared rows, which the next order of the same
-- day and kind waited for until this one committed.
CREATE OR REPLACE FUNCTION analytics_order_day_add(o orders, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_pending_order_days (day, status, payment_status, payment_method, shard, orders, total, subtotal,
    shipped, processing_seconds, customer_orders, customer_total)
  VALUES ((o.created_at AT TIME ZONE 'UTC')::date, o.status, o.payment_status, o.payment_method,
    (hashtext(o.id) & 15)::smallint, sign, sign * o.total,
    sign * o.subtotal, CASE WHEN o.shipped_at IS NULL THEN 0 ELSE sign END,
    CASE WHEN o.shipped_at IS NULL THEN 0 ELSE sign * extract(epoch FROM o.shipped_at - o.created_at)::float8 END,
    CASE WHEN o.customer_id IS NULL THEN 0 ELSE sign END, CASE WHEN o.customer_id IS NULL THEN 0 ELSE sign * o.total END);
END
$$;
--> statement-breakpoint
-- Product sales reach analytics_product_days through analytics_pending_product_days: the order-line triggers (and a
-- status change's lines) append their change instead of updating the shared day rows and, by their trigger, the
-- product, category and brand rollups. An order's statement then holds no rollup row that another order's waits for.
CREATE OR REPLACE FUNCTION analytics_order_lines_add(order_id character, created timestamp with time zone, sign integer)
 RETURNS void LANGUAGE sql AS $$
  INSERT INTO analytics_pending_product_days (day, product_key, units, revenue, orders)
  SELECT (created AT TIME ZONE 'UTC')::date, coalesce(i.product_id, ''), sign * sum(i.quantity), sign * sum(i.total), sign
  FROM order_items i WHERE i.order_id = analytics_order_lines_add.order_id GROUP BY coalesce(i.product_id, '')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_order_items_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    -- Lines gone (or changed): take their sums out; the order stops counting for a product with no line left.
    WITH per_order AS (
      SELECT (o.created_at AT TIME ZONE 'UTC')::date AS day, l.order_id, coalesce(l.product_id, '') AS key,
        sum(l.quantity) AS units, sum(l.total) AS revenue
      FROM old_rows l JOIN orders o ON o.id = l.order_id
      WHERE analytics_counted(o.status) GROUP BY 1, 2, 3)
    INSERT INTO analytics_pending_product_days (day, product_key, units, revenue, orders)
    SELECT day, key, -units, -revenue,
      CASE WHEN EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = p.order_id AND coalesce(i.product_id, '') = p.key) THEN 0 ELSE -1 END
    FROM per_order p;
  END IF;
  IF TG_OP = 'INSERT' THEN
    -- New lines: add their sums; the order starts counting for a product none of its older lines held.
    WITH per_order AS (
      SELECT (o.created_at AT TIME ZONE 'UTC')::date AS day, l.order_id, coalesce(l.product_id, '') AS key,
        sum(l.quantity) AS units, sum(l.total) AS revenue
      FROM new_rows l JOIN orders o ON o.id = l.order_id
      WHERE analytics_counted(o.status) GROUP BY 1, 2, 3)
    INSERT INTO analytics_pending_product_days (day, product_key, units, revenue, orders)
    SELECT day, key, units, revenue,
      CASE WHEN EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = p.order_id AND coalesce(i.product_id, '') = p.key AND i.id NOT IN (SELECT n.id FROM new_rows n)) THEN 0 ELSE 1 END
    FROM per_order p;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    -- Changed lines: add their new sums; the order starts counting for a product it held in no line before.
    WITH per_order AS (
      SELECT (o.created_at AT TIME ZONE 'UTC')::date AS day, l.order_id, coalesce(l.product_id, '') AS key,
        sum(l.quantity) AS units, sum(l.total) AS revenue
      FROM new_rows l JOIN orders o ON o.id = l.order_id
      WHERE analytics_counted(o.status) GROUP BY 1, 2, 3)
    INSERT INTO analytics_pending_product_days (day, product_key, units, revenue, orders)
    SELECT day, key, units, revenue,
      CASE WHEN EXISTS (SELECT 1 FROM old_rows i WHERE i.order_id = p.order_id AND coalesce(i.product_id, '') = p.key) OR EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = p.order_id AND coalesce(i.product_id, '') = p.key AND i.id NOT IN (SELECT n.id FROM new_rows n)) THEN 0 ELSE 1 END
    FROM per_order p;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Adds the pending order figures and product sales to their rollups (the product days' trigger carries the sales on
-- to the product, category and brand rollups) in one transaction: one folder at a time (an advisory lock), the rows
-- taken whole by a DELETE (rows of transactions not yet committed stay for the next fold), the products locked FOR
-- SHARE in id order before any sales rollup row, the order every writer of these rows follows (docs/domain.md § Lock
-- order). Returns how many rollup rows it added to.
CREATE FUNCTION analytics_fold_pending() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  days date[]; keys text[]; units bigint[]; revenue numeric[]; counted bigint[]; order_rows integer;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('analytics_fold_pending'));
  WITH taken AS (DELETE FROM analytics_pending_order_days RETURNING *),
  folded AS (
    INSERT INTO analytics_order_days AS d (day, status, payment_status, payment_method, shard, orders, total, subtotal,
      shipped, processing_seconds, customer_orders, customer_total)
    SELECT day, status, payment_status, payment_method, shard, sum(orders), sum(total), sum(subtotal), sum(shipped),
      sum(processing_seconds), sum(customer_orders), sum(customer_total)
    FROM taken GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (day, status, payment_status, payment_method, shard) DO UPDATE SET
      orders = d.orders + EXCLUDED.orders, total = d.total + EXCLUDED.total, subtotal = d.subtotal + EXCLUDED.subtotal,
      shipped = d.shipped + EXCLUDED.shipped, processing_seconds = d.processing_seconds + EXCLUDED.processing_seconds,
      customer_orders = d.customer_orders + EXCLUDED.customer_orders,
      customer_total = d.customer_total + EXCLUDED.customer_total
    RETURNING 1)
  SELECT count(*) INTO order_rows FROM folded;
  WITH taken AS (DELETE FROM analytics_pending_product_days RETURNING *),
  summed AS (
    SELECT day, product_key, sum(taken.units) AS units, sum(taken.revenue) AS revenue, sum(orders) AS orders
    FROM taken GROUP BY 1, 2 ORDER BY 1, 2)
  SELECT array_agg(day), array_agg(product_key), array_agg(summed.units), array_agg(summed.revenue), array_agg(orders)
  INTO days, keys, units, revenue, counted FROM summed;
  IF days IS NULL THEN
    RETURN order_rows;
  END IF;
  PERFORM 1 FROM products p WHERE p.id = ANY(keys::bpchar[]) ORDER BY p.id FOR SHARE;
  INSERT INTO analytics_product_days AS d (day, product_key, units, revenue, orders)
  SELECT * FROM unnest(days, keys, units, revenue, counted) ORDER BY 1, 2
  ON CONFLICT (day, product_key) DO UPDATE SET
    units = d.units + EXCLUDED.units, revenue = d.revenue + EXCLUDED.revenue, orders = d.orders + EXCLUDED.orders;
  RETURN order_rows + cardinality(days);
END
$$;
--> statement-breakpoint
-- A rebuild recomputes the rollups from the orders: what was pending is in them.
CREATE OR REPLACE FUNCTION analytics_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('analytics_fold_pending'));
  DELETE FROM analytics_pending_order_days;
  DELETE FROM analytics_pending_product_days;
  PERFORM analytics_rebuild_orders();
  PERFORM analytics_rebuild_payments();
END
$$;
--> statement-breakpoint
-- A new order's search document is written by the next search, not by the order's statement: the orders' and the
-- lines' insert triggers append the order's id to order_search_pending, and order_search_fold() (called by every
-- search first) writes the documents of all pending orders at once. Other changes (an address, a customer's name, a
-- line's product name) still rewrite their documents at once, as before.
CREATE OR REPLACE FUNCTION order_search_new_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The checkout inserts an order and its lines in one statement: the lines' trigger appends it.
  INSERT INTO order_search_pending (order_id)
  SELECT n.id FROM new_rows n WHERE NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = n.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_search_new_lines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_search_pending (order_id) SELECT DISTINCT order_id FROM new_rows;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- One folder at a time; ids of transactions not yet committed stay for the next fold. An order deleted meanwhile has
-- nothing to write (the refresh reads the orders). Returns how many orders it wrote documents for.
CREATE FUNCTION order_search_fold() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  ids char(24)[];
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('order_search_fold'));
  WITH taken AS (DELETE FROM order_search_pending RETURNING order_id)
  SELECT array_agg(DISTINCT order_id ORDER BY order_id) INTO ids FROM taken;
  IF ids IS NULL THEN
    RETURN 0;
  END IF;
  PERFORM public.order_search_refresh(ids);
  RETURN cardinality(ids);
END $$;
--> statement-breakpoint
-- One job added the way graphile-worker's add_job (version 0.16) adds it, without its NOTIFY: a NOTIFY takes a lock
-- held until the transaction has committed and flushed, one transaction at a time across the whole server, so a job
-- added by every order serialised every order's commit. The app wakes the workers after the commit (JobQueue.wake in
-- lib/queue.ts), coalesced, and the workers' polling finds the job anyway. No job key; the queue's defaults (run now,
-- 25 attempts, priority 0). Names its tables only in the body: checked when it runs, not when it is created.
CREATE FUNCTION add_job_quietly(task text, payload json, queue text) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  added bigint;
BEGIN
  -- One statement when the task and the queue are known (always, but for the first job of either).
  INSERT INTO graphile_worker._private_jobs (job_queue_id, task_id, payload)
  SELECT (SELECT q.id FROM graphile_worker._private_job_queues q WHERE q.queue_name = queue), t.id, payload
  FROM graphile_worker._private_tasks t
  WHERE t.identifier = task
    AND (queue IS NULL OR EXISTS (SELECT 1 FROM graphile_worker._private_job_queues q WHERE q.queue_name = queue))
  RETURNING id INTO added;
  IF added IS NOT NULL THEN
    RETURN added;
  END IF;
  INSERT INTO graphile_worker._private_tasks (identifier) VALUES (task) ON CONFLICT DO NOTHING;
  IF queue IS NOT NULL THEN
    INSERT INTO graphile_worker._private_job_queues (queue_name) VALUES (queue) ON CONFLICT DO NOTHING;
  END IF;
  INSERT INTO graphile_worker._private_jobs (job_queue_id, task_id, payload)
  SELECT (SELECT q.id FROM graphile_worker._private_job_queues q WHERE q.queue_name = queue), t.id, payload
  FROM graphile_worker._private_tasks t WHERE t.identifier = task
  RETURNING id INTO added;
  RETURN added;
END
$$;
