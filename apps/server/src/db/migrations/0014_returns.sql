CREATE TABLE "return_request_items" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"return_id" char(24) NOT NULL,
	"order_item_id" char(24) NOT NULL,
	"quantity" integer NOT NULL,
	"restocked" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_requests" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"order_id" char(24) NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"requested_by" char(24),
	"refund_amount" numeric(12, 2),
	"decline_reason" text,
	"decided_by" char(24),
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_requests_status_check" CHECK ("return_requests"."status" IN ('requested', 'approved', 'declined'))
);
--> statement-breakpoint
DROP INDEX "payments_intent_idx";--> statement-breakpoint
ALTER TABLE "return_request_items" ADD CONSTRAINT "return_request_items_return_id_return_requests_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_request_items" ADD CONSTRAINT "return_request_items_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "return_request_items_line_idx" ON "return_request_items" USING btree ("return_id","order_item_id");--> statement-breakpoint
CREATE INDEX "return_request_items_order_item_idx" ON "return_request_items" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "return_requests_order_idx" ON "return_requests" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "return_requests_status_idx" ON "return_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_charge_intent_idx" ON "payments" USING btree ("provider","intent_id") WHERE "payments"."kind" = 'charge';--> statement-breakpoint
CREATE INDEX "payments_refund_intent_idx" ON "payments" USING btree ("provider","intent_id") WHERE "payments"."kind" = 'refund';