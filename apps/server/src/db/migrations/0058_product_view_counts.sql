-- A list sorted by views (sortBy=viewCount, open to anonymous callers) read every product to sort them (77-130 ms on
-- 100,000 products). products.view_count has no index on purpose: the batched view writes stay in-place (HOT) updates
-- of the wide product rows. The same figure, kept here beside its own index, lets the sort walk an index instead.
CREATE TABLE "product_view_counts" (
	"product_id" char(24) PRIMARY KEY NOT NULL,
	"views" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_view_counts" ADD CONSTRAINT "product_view_counts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_view_counts_views_idx" ON "product_view_counts" USING btree ("views","product_id");--> statement-breakpoint
INSERT INTO product_view_counts (product_id, views) SELECT id, view_count FROM products ORDER BY id;
--> statement-breakpoint
-- Per statement on insert (an import's thousands of products in one insert), per row on a changed count: the flush
-- updates its products in id order under their row locks, and each product's row here follows in the same statement.
CREATE FUNCTION product_view_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_view_counts (product_id, views) SELECT id, view_count FROM new_products ORDER BY id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_view_counts_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_products
  FOR EACH STATEMENT EXECUTE FUNCTION product_view_counts_insert();
--> statement-breakpoint
CREATE FUNCTION product_view_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_view_counts SET views = NEW.view_count WHERE product_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_view_counts_update AFTER UPDATE OF view_count ON products FOR EACH ROW
  WHEN (OLD.view_count IS DISTINCT FROM NEW.view_count) EXECUTE FUNCTION product_view_counts_update();
