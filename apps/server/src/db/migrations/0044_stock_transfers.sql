-- Stock transfers between locations: a transfer row with its status and a line per size/colour. The stock itself
-- moves by transfer_out / transfer_in movements (migration 0043); the lines keep product, size and colour as written
-- so they still read once a variant is deleted.
CREATE SEQUENCE "public"."stock_transfer_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "stock_transfer_lines" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"transfer_id" char(24) NOT NULL,
	"inventory_id" char(24),
	"product_id" char(24),
	"product_name" text NOT NULL,
	"size" text NOT NULL,
	"color" text NOT NULL,
	"quantity" integer NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stock_transfer_lines_quantity_positive" CHECK ("stock_transfer_lines"."quantity" >= 1),
	CONSTRAINT "stock_transfer_lines_received_range" CHECK ("stock_transfer_lines"."received" >= 0 AND "stock_transfer_lines"."received" <= "stock_transfer_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "stock_transfers" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"number" text DEFAULT ('TR-' || lpad(nextval('stock_transfer_number_seq')::text, 6, '0')) NOT NULL,
	"from_location_id" char(24) NOT NULL,
	"to_location_id" char(24) NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" char(24),
	"shipped_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_transfers_number_key" UNIQUE("number"),
	CONSTRAINT "stock_transfers_status_check" CHECK ("stock_transfers"."status" IN ('draft', 'in_transit', 'received', 'cancelled')),
	CONSTRAINT "stock_transfers_locations_differ" CHECK ("stock_transfers"."from_location_id" <> "stock_transfers"."to_location_id")
);
--> statement-breakpoint
ALTER TABLE "events" DROP CONSTRAINT "events_type_check";--> statement-breakpoint
ALTER TABLE "stock_transfer_lines" ADD CONSTRAINT "stock_transfer_lines_transfer_id_stock_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."stock_transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_lines" ADD CONSTRAINT "stock_transfer_lines_inventory_id_inventory_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventory"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_lines" ADD CONSTRAINT "stock_transfer_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_from_location_id_stock_locations_id_fk" FOREIGN KEY ("from_location_id") REFERENCES "public"."stock_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_to_location_id_stock_locations_id_fk" FOREIGN KEY ("to_location_id") REFERENCES "public"."stock_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_transfer_lines_transfer_idx" ON "stock_transfer_lines" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "stock_transfer_lines_inventory_idx" ON "stock_transfer_lines" USING btree ("inventory_id");--> statement-breakpoint
CREATE INDEX "stock_transfers_created_idx" ON "stock_transfers" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_transfers_from_idx" ON "stock_transfers" USING btree ("from_location_id");--> statement-breakpoint
CREATE INDEX "stock_transfers_to_idx" ON "stock_transfers" USING btree ("to_location_id");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_type_check" CHECK ("events"."type" IN ('order.created', 'order.paid', 'order.status_changed', 'order.cancelled', 'order.refunded', 'order.line_reassigned', 'return.requested', 'return.decided', 'review.moderated', 'product.created', 'product.updated', 'product.deleted', 'inventory.low_stock', 'inventory.changed', 'customer.created', 'customer.updated', 'coupon.redeemed', 'location.created', 'location.updated', 'transfer.created', 'transfer.updated', 'transfer.shipped', 'transfer.received', 'transfer.cancelled')) NOT VALID;--> statement-breakpoint
-- Every existing event already passes: validated without blocking the outbox's writers.
ALTER TABLE "events" VALIDATE CONSTRAINT "events_type_check";