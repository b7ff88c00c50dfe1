-- One location's low-stock alerts, worst first (the alerts' order after the location): only the levels at or below
-- their own threshold, so a page of one location's alerts reads just its rows.
CREATE INDEX "inventory_levels_low_stock_idx" ON "inventory_levels" USING btree ("location_id",(CASE WHEN "quantity" <= 0 THEN 0 WHEN "quantity" <= "low_stock_threshold" * 0.5 THEN 1 ELSE 2 END),"quantity","inventory_id") WHERE "inventory_levels"."quantity" <= "inventory_levels"."low_stock_threshold";
