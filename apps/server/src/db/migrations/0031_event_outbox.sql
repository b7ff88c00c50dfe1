CREATE TABLE "events" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"type" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"object_id" text NOT NULL,
	"data" jsonb NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_seq_unique" UNIQUE("seq"),
	CONSTRAINT "events_type_check" CHECK ("events"."type" IN ('order.created', 'order.paid', 'order.status_changed', 'order.cancelled', 'order.refunded', 'return.requested', 'return.decided', 'product.created', 'product.updated', 'product.deleted', 'inventory.low_stock', 'inventory.changed', 'customer.created', 'customer.updated', 'coupon.redeemed'))
);
--> statement-breakpoint
CREATE INDEX "events_occurred_at_idx" ON "events" USING btree ("occurred_at");