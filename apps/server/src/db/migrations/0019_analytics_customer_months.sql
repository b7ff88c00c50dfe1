CREATE TABLE "analytics_customer_months" (
	"month" date NOT NULL,
	"customer_id" char(24) NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"spent" numeric(14, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_customer_months_month_customer_id_pk" PRIMARY KEY("month","customer_id")
);
--> statement-breakpoint
CREATE INDEX "analytics_customer_months_spent_idx" ON "analytics_customer_months" USING btree ("month","spent");--> statement-breakpoint
-- Adds (sign 1) or takes out (sign -1) one order in its customer's month, when it is a customer's revenue order.
CREATE FUNCTION analytics_customer_month_add(o orders, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF o.customer_id IS NULL OR NOT analytics_counted(o.status) THEN
    RETURN;
  END IF;
  INSERT INTO analytics_customer_months AS m (month, customer_id, orders, spent)
  VALUES (date_trunc('month', o.created_at AT TIME ZONE 'UTC')::date, o.customer_id, sign, sign * o.total)
  ON CONFLICT (month, customer_id) DO UPDATE SET orders = m.orders + EXCLUDED.orders, spent = m.spent + EXCLUDED.spent;
END
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_customer_months_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM analytics_customer_month_add(NEW, 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM analytics_customer_month_add(OLD, -1);
  -- Rows are locked in key order, so two orders moving between two customers in opposite directions cannot deadlock.
  ELSIF (date_trunc('month', OLD.created_at AT TIME ZONE 'UTC'), OLD.customer_id)
      <= (date_trunc('month', NEW.created_at AT TIME ZONE 'UTC'), NEW.customer_id) THEN
    PERFORM analytics_customer_month_add(OLD, -1);
    PERFORM analytics_customer_month_add(NEW, 1);
  ELSE
    PERFORM analytics_customer_month_add(NEW, 1);
    PERFORM analytics_customer_month_add(OLD, -1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER analytics_customer_months_insert AFTER INSERT ON orders
  FOR EACH ROW WHEN (NEW.customer_id IS NOT NULL) EXECUTE FUNCTION analytics_customer_months_trigger();
--> statement-breakpoint
CREATE TRIGGER analytics_customer_months_change AFTER UPDATE OF status, total, customer_id, created_at ON orders
  FOR EACH ROW WHEN ((OLD.customer_id IS NOT NULL OR NEW.customer_id IS NOT NULL)
    AND (OLD.customer_id, OLD.total, OLD.created_at, analytics_counted(OLD.status))
      IS DISTINCT FROM (NEW.customer_id, NEW.total, NEW.created_at, analytics_counted(NEW.status)))
  EXECUTE FUNCTION analytics_customer_months_trigger();
--> statement-breakpoint
CREATE TRIGGER analytics_customer_months_delete AFTER DELETE ON orders
  FOR EACH ROW WHEN (OLD.customer_id IS NOT NULL) EXECUTE FUNCTION analytics_customer_months_trigger();
--> statement-breakpoint
-- The rebuild of migration 0012 (renamed), then the customer months.
ALTER FUNCTION analytics_rebuild() RENAME TO analytics_rebuild_sales;
--> statement-breakpoint
CREATE FUNCTION analytics_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_rebuild_sales();
  DELETE FROM analytics_customer_months;
  INSERT INTO analytics_customer_months (month, customer_id, orders, spent)
  SELECT date_trunc('month', created_at AT TIME ZONE 'UTC')::date, customer_id, count(*), sum(total)
  FROM orders WHERE customer_id IS NOT NULL AND analytics_counted(status) GROUP BY 1, 2;
END
$$;
--> statement-breakpoint
SELECT analytics_rebuild();
