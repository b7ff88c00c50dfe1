-- A product's sales count is its all-time total (analytics_product_totals) plus its rows still pending a fold: read
-- by product, so the staff product views cost the same however many orders the store holds.
CREATE INDEX "analytics_pending_product_days_product_idx" ON "analytics_pending_product_days" USING btree ("product_key");
