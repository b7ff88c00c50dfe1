-- The storefront's entry reads from small indexes over the active products (see the products table in
-- db/schema/catalogue.ts): counts per category and brand, the home page's listing, the featured and trending lists.
CREATE INDEX "products_active_category_idx" ON "products" USING btree ("category_id") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_active_brand_idx" ON "products" USING btree ("brand_id") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_home_idx" ON "products" USING btree ("is_featured","rating","created_at") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_trending_idx" ON "products" USING btree ("rating","created_at") WHERE "products"."is_active" AND "products"."is_tiktok_trending";