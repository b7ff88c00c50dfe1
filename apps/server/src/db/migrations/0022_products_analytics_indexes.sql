DROP INDEX "products_brand_idx";--> statement-breakpoint
DROP INDEX "products_created_at_idx";--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand_id","rating");--> statement-breakpoint
CREATE INDEX "products_created_at_idx" ON "products" USING btree ("created_at","is_active");