-- Product search: one IMMUTABLE SQL function over the searchable columns of the row, used by the trigram index and
-- by the queries (productSearchText), so they match. array_to_string is only STABLE (it is polymorphic), so the tags
-- go through a tiny IMMUTABLE plpgsql helper: that keeps products_search_text itself inlinable SQL (a non-inlined SQL
-- function costs ~20 µs a row when the index rechecks its matches; inlined with the helper it is ~3 µs). The helper
-- is schema-qualified: index builds and PostgreSQL 17 (the embedded database) resolve names with a safe search_path.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_tags_text(tags text[]) RETURNS text
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$ BEGIN RETURN array_to_string(tags, ' '); END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_search_text(name text, sku text, subcategory text, tags text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT name || ' ' || sku || ' ' || subcategory || ' ' || coalesce(public.products_tags_text(tags), '') $$;--> statement-breakpoint
CREATE INDEX "inventory_low_stock_idx" ON "inventory" USING btree ((CASE WHEN "quantity" <= 0 THEN 0 WHEN "quantity" <= "low_stock_threshold" * 0.5 THEN 1 ELSE 2 END),"quantity","product_id","id") WHERE "inventory"."quantity" <= "inventory"."low_stock_threshold";--> statement-breakpoint
CREATE INDEX "products_updated_at_idx" ON "products" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price","id");--> statement-breakpoint
CREATE INDEX "products_sku_idx" ON "products" USING btree ("sku","id");--> statement-breakpoint
CREATE INDEX "products_rating_idx" ON "products" USING btree ("rating","id");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin (products_search_text("name", "sku", "subcategory", "tags") gin_trgm_ops);