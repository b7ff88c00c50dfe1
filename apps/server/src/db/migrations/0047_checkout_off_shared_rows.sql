CREATE TABLE "analytics_pending_product_days" (
	"day" date NOT NULL,
	"product_key" text NOT NULL,
	"units" integer NOT NULL,
	"revenue" numeric(14, 2) NOT NULL,
	"orders" integer NOT NULL
);
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
-- Adds the pending product sales to analytics_product_days (whose trigger carries them on to the product, category
-- and brand rollups) in one transaction: one folder at a time (an advisory lock), the rows taken whole by a DELETE
-- (rows of transactions not yet committed stay for the next fold), then the products locked FOR SHARE in id order
-- before any rollup row, the order every writer of these rows follows (docs/domain.md § Lock order).
CREATE FUNCTION analytics_fold_product_sales() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  days date[]; keys text[]; units bigint[]; revenue numeric[]; counted bigint[];
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('analytics_fold_product_sales'));
  WITH taken AS (DELETE FROM analytics_pending_product_days RETURNING *),
  summed AS (
    SELECT day, product_key, sum(taken.units) AS units, sum(taken.revenue) AS revenue, sum(orders) AS orders
    FROM taken GROUP BY 1, 2 ORDER BY 1, 2)
  SELECT array_agg(day), array_agg(product_key), array_agg(summed.units), array_agg(summed.revenue), array_agg(orders)
  INTO days, keys, units, revenue, counted FROM summed;
  IF days IS NULL THEN
    RETURN 0;
  END IF;
  PERFORM 1 FROM products p WHERE p.id = ANY(keys::bpchar[]) ORDER BY p.id FOR SHARE;
  INSERT INTO analytics_product_days AS d (day, product_key, units, revenue, orders)
  SELECT * FROM unnest(days, keys, units, revenue, counted) ORDER BY 1, 2
  ON CONFLICT (day, product_key) DO UPDATE SET
    units = d.units + EXCLUDED.units, revenue = d.revenue + EXCLUDED.revenue, orders = d.orders + EXCLUDED.orders;
  RETURN cardinality(days);
END
$$;
--> statement-breakpoint
-- A rebuild recomputes the sales from the orders: what was pending is in them.
CREATE OR REPLACE FUNCTION analytics_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('analytics_fold_product_sales'));
  DELETE FROM analytics_pending_product_days;
  PERFORM analytics_rebuild_orders();
  PERFORM analytics_rebuild_payments();
END
$$;
--> statement-breakpoint
-- An order's search document is written once: by its lines' trigger. The order's own trigger writes one only for an
-- order inserted without lines yet (the checkout inserts both in one statement, so only the lines' trigger runs it).
CREATE OR REPLACE FUNCTION order_search_new_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.order_search_refresh(ARRAY(
    SELECT n.id FROM new_rows n WHERE NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = n.id)));
  RETURN NULL;
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
