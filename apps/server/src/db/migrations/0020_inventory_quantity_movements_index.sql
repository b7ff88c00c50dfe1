-- Inventory analytics' 30-days-ago figures read only the movements that change a quantity or create a combination
-- (reservations and releases change none), from this index alone (the columns they need are included).
-- Written here because the schema builder has no INCLUDE; the Drizzle schema does not track it.
CREATE INDEX IF NOT EXISTS "inventory_movements_quantity_changes_idx" ON "inventory_movements" ("created_at")
  INCLUDE ("inventory_id", "new_quantity", "previous_quantity", "operation")
  WHERE "new_quantity" <> "previous_quantity" OR "operation" = 'create';
