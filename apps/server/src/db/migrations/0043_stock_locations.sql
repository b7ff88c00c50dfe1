-- Stock locations (docs/domain.md § Stock locations). Every size/colour gets a level per location; the variant's
-- inventory.quantity and reserved become the sums of its levels, kept by the triggers below, so every reader of the
-- variant's figures (storefront, analytics, alerts, exports) reads what it read before. The store's stock moves to
-- one default location, and every existing order line and movement names it: with one location nothing changes.
CREATE TABLE "stock_locations" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"ships_online" boolean DEFAULT true NOT NULL,
	"pickup" boolean DEFAULT false NOT NULL,
	"priority" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_locations_kind_check" CHECK ("stock_locations"."kind" IN ('warehouse', 'shop'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "stock_locations_name_idx" ON "stock_locations" USING btree (lower("name"));--> statement-breakpoint
INSERT INTO "stock_locations" ("id", "name", "kind", "ships_online", "pickup", "priority")
VALUES ('000000000000000000000001', 'Warehouse', 'warehouse', true, false, 1);--> statement-breakpoint
CREATE TABLE "inventory_levels" (
	"inventory_id" char(24) NOT NULL,
	"location_id" char(24) NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"low_stock_threshold" integer DEFAULT 5 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_levels_quantity_nonneg" CHECK ("inventory_levels"."quantity" >= 0),
	CONSTRAINT "inventory_levels_reserved_range" CHECK ("inventory_levels"."reserved" >= 0 AND "inventory_levels"."reserved" <= "inventory_levels"."quantity"),
	CONSTRAINT "inventory_levels_threshold_nonneg" CHECK ("inventory_levels"."low_stock_threshold" >= 0)
);
--> statement-breakpoint
-- Filled before its keys and indexes exist: one sorted build each instead of a lookup per row (a large store).
INSERT INTO "inventory_levels" ("inventory_id", "location_id", "quantity", "reserved", "low_stock_threshold", "updated_at")
SELECT "id", '000000000000000000000001', "quantity", "reserved", "low_stock_threshold", "updated_at" FROM "inventory";--> statement-breakpoint
ALTER TABLE "inventory_levels" ADD CONSTRAINT "inventory_levels_pkey" PRIMARY KEY ("inventory_id", "location_id");--> statement-breakpoint
CREATE INDEX "inventory_levels_location_idx" ON "inventory_levels" USING btree ("location_id","inventory_id");--> statement-breakpoint
ALTER TABLE "inventory_levels" ADD CONSTRAINT "inventory_levels_inventory_id_inventory_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventory"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_levels" ADD CONSTRAINT "inventory_levels_location_id_stock_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory" ADD COLUMN "held_offline" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A constant default fills a new column without rewriting the table (millions of movements and order lines).
ALTER TABLE "inventory_movements" ADD COLUMN "location_id" char(24) DEFAULT '000000000000000000000001' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "location_id" char(24) DEFAULT '000000000000000000000001' NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_movements" DROP CONSTRAINT "inventory_movements_operation_check";--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_operation_check" CHECK ("inventory_movements"."operation" IN ('add', 'subtract', 'set', 'create', 'reserve', 'release', 'commit', 'return', 'transfer_out', 'transfer_in')) NOT VALID;--> statement-breakpoint
ALTER TABLE "inventory_movements" VALIDATE CONSTRAINT "inventory_movements_operation_check";--> statement-breakpoint
-- The variant's figures are the sums of its levels: a statement's level changes, summed per variant, are added to
-- the variant at the end of the statement (the variant row is already locked by the stock function, lock step 4).
-- held_offline follows the available units of levels at locations that do not ship online orders.
CREATE FUNCTION inventory_levels_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE inventory AS i
  SET quantity = i.quantity + d.dq, reserved = i.reserved + d.dr, held_offline = i.held_offline + d.doff,
    updated_at = now()
  FROM (
    SELECT c.inventory_id, sum(c.dq)::int AS dq, sum(c.dr)::int AS dr,
      sum(CASE WHEN l.ships_online THEN 0 ELSE c.dq - c.dr END)::int AS doff
    FROM (
      SELECT n.inventory_id, n.location_id, n.quantity - o.quantity AS dq, n.reserved - o.reserved AS dr
      FROM new_levels n JOIN old_levels o USING (inventory_id, location_id)
    ) AS c
    JOIN stock_locations l ON l.id = c.location_id
    WHERE c.dq <> 0 OR c.dr <> 0
    GROUP BY c.inventory_id
  ) AS d
  WHERE i.id = d.inventory_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER inventory_levels_changed AFTER UPDATE ON inventory_levels
  REFERENCING OLD TABLE AS old_levels NEW TABLE AS new_levels
  FOR EACH STATEMENT EXECUTE FUNCTION inventory_levels_changed();--> statement-breakpoint
-- A level removed on its own (never by the code today; a variant's delete cascades to its levels and finds no row).
CREATE FUNCTION inventory_levels_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE inventory AS i
  SET quantity = i.quantity - d.q, reserved = i.reserved - d.r, held_offline = i.held_offline - d.off,
    updated_at = now()
  FROM (
    SELECT o.inventory_id, sum(o.quantity)::int AS q, sum(o.reserved)::int AS r,
      sum(CASE WHEN l.ships_online THEN 0 ELSE o.quantity - o.reserved END)::int AS off
    FROM old_levels o JOIN stock_locations l ON l.id = o.location_id
    GROUP BY o.inventory_id
  ) AS d
  WHERE i.id = d.inventory_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER inventory_levels_removed AFTER DELETE ON inventory_levels
  REFERENCING OLD TABLE AS old_levels
  FOR EACH STATEMENT EXECUTE FUNCTION inventory_levels_removed();--> statement-breakpoint
-- A new variant's starting stock (every insert path: forms, imports, demo data) is its first level, at the first
-- active location by priority that ships online orders. Inserted levels add nothing to the variant: they are born
-- empty (a level at another location) or as the variant's own figures (here).
CREATE FUNCTION inventory_first_level() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO inventory_levels (inventory_id, location_id, quantity, reserved, low_stock_threshold)
  SELECT c.id, first.id, c.quantity, c.reserved, c.low_stock_threshold
  FROM new_variants c
  CROSS JOIN (SELECT l.id FROM stock_locations l WHERE l.active ORDER BY l.ships_online DESC, l.priority, l.id LIMIT 1)
    AS first;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER inventory_first_level AFTER INSERT ON inventory
  REFERENCING NEW TABLE AS new_variants
  FOR EACH STATEMENT EXECUTE FUNCTION inventory_first_level();
--> statement-breakpoint
ALTER TABLE "events" DROP CONSTRAINT "events_type_check";--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_type_check" CHECK ("events"."type" IN ('order.created', 'order.paid', 'order.status_changed', 'order.cancelled', 'order.refunded', 'order.line_reassigned', 'return.requested', 'return.decided', 'review.moderated', 'product.created', 'product.updated', 'product.deleted', 'inventory.low_stock', 'inventory.changed', 'customer.created', 'customer.updated', 'coupon.redeemed', 'location.created', 'location.updated')) NOT VALID;--> statement-breakpoint
ALTER TABLE "events" VALIDATE CONSTRAINT "events_type_check";
