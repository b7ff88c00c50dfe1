CREATE TABLE "analytics_payment_days" (
	"day" date NOT NULL,
	"method" text NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	"received" numeric(14, 2) DEFAULT 0 NOT NULL,
	"refunded" numeric(14, 2) DEFAULT 0 NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_payment_days_day_method_shard_pk" PRIMARY KEY("day","method","shard")
);
--> statement-breakpoint
-- The payment method each existing row's money moved by: PayPal's and Stripe's own; the test provider's and staff's
-- records under their order's method (the demo history pays cash orders through the test provider), cards otherwise.
ALTER TABLE "payments" ADD COLUMN "method" text;--> statement-breakpoint
UPDATE "payments" p SET "method" = CASE
    WHEN p.provider = 'paypal' THEN 'paypal'
    WHEN p.provider = 'stripe' THEN 'stripe'
    ELSE coalesce((SELECT o.payment_method FROM orders o WHERE o.id = p.order_id), 'stripe')
  END;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "method" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_method_check" CHECK ("payments"."method" IN ('stripe', 'paypal', 'cash', 'bank_transfer'));--> statement-breakpoint
-- What one payment row adds to the payment day rollup (sign -1 takes it out): succeeded money in (charges, manual
-- records) and money given back (refunds) on the UTC day the money moved, in the shard of its order (of the row
-- itself while it has none). Disputes and attempts not (yet) succeeded add nothing.
CREATE FUNCTION analytics_payment_day_add(p payments, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p.status <> 'succeeded' OR p.kind NOT IN ('charge', 'manual', 'refund') THEN
    RETURN;
  END IF;
  INSERT INTO analytics_payment_days AS d (day, method, shard, received, refunded, payments)
  VALUES ((coalesce(p.occurred_at, p.created_at) AT TIME ZONE 'UTC')::date, p.method,
    (hashtext(coalesce(p.order_id, p.id)) & 15)::smallint,
    CASE WHEN p.kind = 'refund' THEN 0 ELSE sign * p.amount END,
    CASE WHEN p.kind = 'refund' THEN sign * p.amount ELSE 0 END,
    CASE WHEN p.kind = 'refund' THEN 0 ELSE sign END)
  ON CONFLICT (day, method, shard) DO UPDATE SET
    received = d.received + EXCLUDED.received, refunded = d.refunded + EXCLUDED.refunded,
    payments = d.payments + EXCLUDED.payments;
END
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_payment_days_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM analytics_payment_day_add(OLD, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM analytics_payment_day_add(NEW, 1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Deferred to commit: the rollup rows are then the last locks of the transaction, after every row lock the business
-- code takes in its documented order and after the order rollups (immediate triggers), so no two transactions can
-- hold one another's rollup row while waiting. Each event carries its row as it was then, so a row inserted and
-- updated in one transaction is added and moved exactly once.
CREATE CONSTRAINT TRIGGER analytics_payment_days_write AFTER INSERT OR UPDATE OR DELETE ON payments
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION analytics_payment_days_trigger();
--> statement-breakpoint
CREATE FUNCTION analytics_rebuild_payments() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM analytics_payment_days;
  INSERT INTO analytics_payment_days (day, method, shard, received, refunded, payments)
  SELECT (coalesce(occurred_at, created_at) AT TIME ZONE 'UTC')::date, method, 0,
    coalesce(sum(amount) FILTER (WHERE kind <> 'refund'), 0), coalesce(sum(amount) FILTER (WHERE kind = 'refund'), 0),
    count(*) FILTER (WHERE kind <> 'refund')
  FROM payments WHERE status = 'succeeded' AND kind IN ('charge', 'manual', 'refund') GROUP BY 1, 2;
END
$$;
--> statement-breakpoint
-- The rebuild of migration 0019 (renamed: the order, sales and customer rollups), then the payment days.
ALTER FUNCTION analytics_rebuild() RENAME TO analytics_rebuild_orders;
--> statement-breakpoint
CREATE FUNCTION analytics_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_rebuild_orders();
  PERFORM analytics_rebuild_payments();
END
$$;
--> statement-breakpoint
SELECT analytics_rebuild_payments();
