-- The product search's text (name, SKU, subcategory, tags), lower-cased, as a stored column kept by PostgreSQL, with
-- the trigram index on it instead of on the expression. A search re-checks every candidate the index gives (and a
-- small catalogue is scanned): building the text there and matching it with ILIKE cost ≈ 3.3 µs a row, a LIKE on the
-- stored lower-cased text ≈ 0.16 µs. Rewrites the products table (≈ 4 s for 100,000 products).
DROP INDEX "products_search_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(products_search_text("name", "sku", "subcategory", "tags"))) STORED;--> statement-breakpoint
CREATE INDEX "products_search_text_idx" ON "products" USING gin ("search_text" gin_trgm_ops);
