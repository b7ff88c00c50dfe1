CREATE TABLE "review_votes" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"review_id" char(24) NOT NULL,
	"customer_id" char(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"product_id" char(24) NOT NULL,
	"customer_id" char(24) NOT NULL,
	"rating" smallint NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"size" text,
	"fit" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reject_reason" text,
	"store_reply" text,
	"verified_purchase" boolean DEFAULT false NOT NULL,
	"helpful_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" BETWEEN 1 AND 5),
	CONSTRAINT "reviews_helpful_count_check" CHECK ("reviews"."helpful_count" >= 0),
	CONSTRAINT "reviews_status_check" CHECK ("reviews"."status" IN ('pending', 'published', 'rejected', 'hidden')),
	CONSTRAINT "reviews_fit_check" CHECK ("reviews"."fit" IN ('runs_small', 'true_to_size', 'runs_large'))
);
--> statement-breakpoint
ALTER TABLE "events" DROP CONSTRAINT "events_type_check";--> statement-breakpoint
ALTER TABLE "review_votes" ADD CONSTRAINT "review_votes_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_votes" ADD CONSTRAINT "review_votes_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_votes_review_customer_idx" ON "review_votes" USING btree ("review_id","customer_id");--> statement-breakpoint
CREATE INDEX "review_votes_customer_idx" ON "review_votes" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_product_customer_idx" ON "reviews" USING btree ("product_id","customer_id");--> statement-breakpoint
CREATE INDEX "reviews_product_status_created_idx" ON "reviews" USING btree ("product_id","status","created_at","rating");--> statement-breakpoint
CREATE INDEX "reviews_status_created_idx" ON "reviews" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "reviews_customer_created_idx" ON "reviews" USING btree ("customer_id","created_at");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_type_check" CHECK ("events"."type" IN ('order.created', 'order.paid', 'order.status_changed', 'order.cancelled', 'order.refunded', 'return.requested', 'return.decided', 'review.moderated', 'product.created', 'product.updated', 'product.deleted', 'inventory.low_stock', 'inventory.changed', 'customer.created', 'customer.updated', 'coupon.redeemed'));--> statement-breakpoint
-- A product's rating (average of its published stars, 2 decimals) and review_count (its published reviews), from its
-- reviews. The product rows are locked first, in id order, by a statement of their own; the figures are then read by
-- the next statement, whose snapshot sees every review committed by a transaction that held the lock before: two
-- parallel review changes of one product queue on the row and the second counts the first.
CREATE FUNCTION product_review_figures_refresh(ids bpchar[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM products WHERE id = ANY(ids) ORDER BY id FOR NO KEY UPDATE;
  UPDATE products p SET rating = f.rating, review_count = f.n
  FROM (
    SELECT q.id, coalesce(round(avg(r.rating), 2), 0) AS rating, count(r.id)::int AS n
    FROM products q LEFT JOIN reviews r ON r.product_id = q.id AND r.status = 'published'
    WHERE q.id = ANY(ids) GROUP BY q.id
  ) f
  WHERE p.id = f.id AND (p.rating, p.review_count) IS DISTINCT FROM (f.rating, f.n);
END
$$;
--> statement-breakpoint
CREATE FUNCTION reviews_figures_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_review_figures_refresh(ARRAY(
    SELECT DISTINCT product_id FROM new_rows WHERE status = 'published'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Only a change of status or stars of a review published before or after moves the figures: a helpful vote, a reply
-- or a pending review's edit locks no product.
CREATE FUNCTION reviews_figures_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_review_figures_refresh(ARRAY(
    SELECT DISTINCT o.product_id FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.status = 'published' OR n.status = 'published') AND (o.status <> n.status OR o.rating <> n.rating)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION reviews_figures_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_review_figures_refresh(ARRAY(
    SELECT DISTINCT product_id FROM old_rows WHERE status = 'published'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Statement triggers: a bulk step or a seeding INSERT of many reviews refreshes each product once.
CREATE TRIGGER reviews_figures_insert AFTER INSERT ON reviews REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION reviews_figures_inserted();
--> statement-breakpoint
CREATE TRIGGER reviews_figures_update AFTER UPDATE ON reviews REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION reviews_figures_updated();
--> statement-breakpoint
CREATE TRIGGER reviews_figures_delete AFTER DELETE ON reviews REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION reviews_figures_deleted();
--> statement-breakpoint
-- Until now the figures were invented by the demo data; from here on they are the published reviews' (none yet).
UPDATE products SET rating = 0, review_count = 0 WHERE rating <> 0 OR review_count <> 0;
--> statement-breakpoint
-- Every product's figures from its published reviews in one statement: after a bulk load that ran with the triggers
-- off (the large-store generator).
CREATE FUNCTION product_review_figures_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p SET rating = coalesce(f.rating, 0), review_count = coalesce(f.n, 0)
  FROM products q LEFT JOIN (
    SELECT product_id, round(avg(rating), 2) AS rating, count(*)::int AS n FROM reviews WHERE status = 'published'
    GROUP BY product_id
  ) f ON f.product_id = q.id
  WHERE p.id = q.id AND (p.rating, p.review_count) IS DISTINCT FROM (coalesce(f.rating, 0), coalesce(f.n, 0));
END
$$;
