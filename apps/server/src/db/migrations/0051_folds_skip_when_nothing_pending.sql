-- Every order search folds the pending search documents first, and every reader of the locations' totals folds their
-- pending differences: each fold took its advisory lock and emptied its table even with nothing pending, so ten
-- searches at once queued on the lock one after another for nothing. A fold now returns at once when no committed row
-- is pending (the rows it would have taken: a row of a transaction not yet committed stays for the next fold, as
-- before); a row being taken by a fold not yet committed is still seen, and the lock waits for that fold as before.
CREATE OR REPLACE FUNCTION order_search_fold() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  ids char(24)[];
BEGIN
  IF NOT EXISTS (SELECT 1 FROM order_search_pending) THEN
    RETURN 0;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('order_search_fold'));
  WITH taken AS (DELETE FROM order_search_pending RETURNING order_id)
  SELECT array_agg(DISTINCT order_id ORDER BY order_id) INTO ids FROM taken;
  IF ids IS NULL THEN
    RETURN 0;
  END IF;
  PERFORM public.order_search_refresh(ids);
  RETURN cardinality(ids);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION location_stock_fold() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  folded integer;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM location_stock_pending) THEN
    RETURN 0;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('location_stock_fold'));
  WITH taken AS (DELETE FROM location_stock_pending RETURNING *),
  written AS (
    INSERT INTO location_stock_totals AS t (location_id, units, reserved, low_levels)
    SELECT location_id, sum(units), sum(reserved), sum(low_levels) FROM taken GROUP BY 1 ORDER BY 1
    ON CONFLICT (location_id) DO UPDATE SET units = t.units + EXCLUDED.units,
      reserved = t.reserved + EXCLUDED.reserved, low_levels = t.low_levels + EXCLUDED.low_levels
    RETURNING 1)
  SELECT count(*) INTO folded FROM written;
  RETURN folded;
END $$;
