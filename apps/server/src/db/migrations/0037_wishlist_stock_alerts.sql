CREATE TABLE "stock_alerts" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"product_id" char(24) NOT NULL,
	"inventory_id" char(24) NOT NULL,
	"email" text NOT NULL,
	"customer_id" char(24),
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wishlist_items" (
	"user_id" char(24) NOT NULL,
	"product_id" char(24) NOT NULL,
	"price_at_add" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wishlist_items_user_id_product_id_pk" PRIMARY KEY("user_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_inventory_id_inventory_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventory"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_token_idx" ON "stock_alerts" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_waiting_email_idx" ON "stock_alerts" USING btree ("inventory_id",lower("email")) WHERE "stock_alerts"."notified_at" IS NULL;--> statement-breakpoint
CREATE INDEX "stock_alerts_waiting_idx" ON "stock_alerts" USING btree ("inventory_id","created_at","id") WHERE "stock_alerts"."notified_at" IS NULL;--> statement-breakpoint
CREATE INDEX "stock_alerts_product_idx" ON "stock_alerts" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "stock_alerts_customer_idx" ON "stock_alerts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "wishlist_items_user_created_idx" ON "wishlist_items" USING btree ("user_id","created_at" DESC,"product_id");--> statement-breakpoint
CREATE INDEX "wishlist_items_product_idx" ON "wishlist_items" USING btree ("product_id");--> statement-breakpoint
-- Back-in-stock alerts: whatever path raises a combination's available units (restock, import, return, a released
-- reservation), a `stock-alerts.notify` job is added in the same transaction for the units that came back, only
-- when someone waits. The job runs after the commit and mails the waiting line (modules/stock-alerts).
CREATE FUNCTION stock_alerts_units_returned() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM stock_alerts WHERE inventory_id = NEW.id AND notified_at IS NULL) THEN
    PERFORM graphile_worker.add_job('stock-alerts.notify',
      json_build_object('inventoryId', NEW.id,
        'units', (NEW.quantity - NEW.reserved) - GREATEST(OLD.quantity - OLD.reserved, 0)),
      max_attempts => 25);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER inventory_units_returned AFTER UPDATE OF quantity, reserved ON inventory
  FOR EACH ROW WHEN ((NEW.quantity - NEW.reserved) > GREATEST(OLD.quantity - OLD.reserved, 0))
  EXECUTE FUNCTION stock_alerts_units_returned();
