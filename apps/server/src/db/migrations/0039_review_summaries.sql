CREATE TABLE "review_summaries" (
	"product_id" char(24) PRIMARY KEY NOT NULL,
	"stars_1" integer DEFAULT 0 NOT NULL,
	"stars_2" integer DEFAULT 0 NOT NULL,
	"stars_3" integer DEFAULT 0 NOT NULL,
	"stars_4" integer DEFAULT 0 NOT NULL,
	"stars_5" integer DEFAULT 0 NOT NULL,
	"runs_small" integer DEFAULT 0 NOT NULL,
	"true_to_size" integer DEFAULT 0 NOT NULL,
	"runs_large" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_summaries" ADD CONSTRAINT "review_summaries_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviews_product_status_rating_idx" ON "reviews" USING btree ("product_id","status","rating","created_at");--> statement-breakpoint
CREATE INDEX "reviews_product_status_size_idx" ON "reviews" USING btree ("product_id","status",lower("size"),"created_at");
--> statement-breakpoint
-- The figures of 0038 now also count the published reviews by stars and by fit into review_summaries, in the same
-- statement that reads the rating (same lock: the product rows first, in id order, then their summary rows).
CREATE OR REPLACE FUNCTION product_review_figures_refresh(ids bpchar[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM products WHERE id = ANY(ids) ORDER BY id FOR NO KEY UPDATE;
  WITH f AS (
    SELECT q.id, coalesce(round(avg(r.rating), 2), 0) AS rating, count(r.id)::int AS n,
      count(*) FILTER (WHERE r.rating = 1)::int AS s1, count(*) FILTER (WHERE r.rating = 2)::int AS s2,
      count(*) FILTER (WHERE r.rating = 3)::int AS s3, count(*) FILTER (WHERE r.rating = 4)::int AS s4,
      count(*) FILTER (WHERE r.rating = 5)::int AS s5, count(*) FILTER (WHERE r.fit = 'runs_small')::int AS small,
      count(*) FILTER (WHERE r.fit = 'true_to_size')::int AS tts, count(*) FILTER (WHERE r.fit = 'runs_large')::int AS large
    FROM products q LEFT JOIN reviews r ON r.product_id = q.id AND r.status = 'published'
    WHERE q.id = ANY(ids) GROUP BY q.id
  ), figures AS (
    UPDATE products p SET rating = f.rating, review_count = f.n FROM f
    WHERE p.id = f.id AND (p.rating, p.review_count) IS DISTINCT FROM (f.rating, f.n)
  )
  INSERT INTO review_summaries AS s
    (product_id, stars_1, stars_2, stars_3, stars_4, stars_5, runs_small, true_to_size, runs_large)
  SELECT id, s1, s2, s3, s4, s5, small, tts, large FROM f
  ON CONFLICT (product_id) DO UPDATE SET stars_1 = excluded.stars_1, stars_2 = excluded.stars_2,
    stars_3 = excluded.stars_3, stars_4 = excluded.stars_4, stars_5 = excluded.stars_5,
    runs_small = excluded.runs_small, true_to_size = excluded.true_to_size, runs_large = excluded.runs_large
  WHERE (s.stars_1, s.stars_2, s.stars_3, s.stars_4, s.stars_5, s.runs_small, s.true_to_size, s.runs_large)
    IS DISTINCT FROM (excluded.stars_1, excluded.stars_2, excluded.stars_3, excluded.stars_4, excluded.stars_5,
      excluded.runs_small, excluded.true_to_size, excluded.runs_large);
END
$$;
--> statement-breakpoint
-- Every product at once (after a bulk load with the triggers off): products without published reviews get zeros and
-- no summary row (read as zeros); the others are refreshed together.
CREATE OR REPLACE FUNCTION product_review_figures_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p SET rating = 0, review_count = 0
  WHERE (p.rating <> 0 OR p.review_count <> 0)
    AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.product_id = p.id AND r.status = 'published');
  DELETE FROM review_summaries s
  WHERE NOT EXISTS (SELECT 1 FROM reviews r WHERE r.product_id = s.product_id AND r.status = 'published');
  PERFORM product_review_figures_refresh(ARRAY(SELECT DISTINCT product_id FROM reviews WHERE status = 'published'));
END
$$;
--> statement-breakpoint
SELECT product_review_figures_rebuild();
