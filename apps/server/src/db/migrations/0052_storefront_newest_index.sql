-- The storefront's first view (newest first, ties newest id first) over active products only. Read backwards, it
-- gives the page's rows in order (no sort of a tie group) and its bounded count reads it alone. search_text is
-- included so that a search walks or reads the active products in this order from the index alone, testing each
-- one's text without visiting its row; only the page's rows are then read from the table.
-- Written here because the schema builder has no INCLUDE; the Drizzle schema does not track it.
CREATE INDEX IF NOT EXISTS "products_storefront_newest_idx" ON "products" ("created_at", "id")
  INCLUDE ("search_text")
  WHERE "is_active";
