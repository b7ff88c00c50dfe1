CREATE TABLE "saved_views" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"user_id" char(24) NOT NULL,
	"list" text NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_views_list_check" CHECK ("saved_views"."list" IN ('orders', 'products', 'customers', 'activity-logs'))
);
--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_user_list_name_idx" ON "saved_views" USING btree ("user_id","list",lower("name"));--> statement-breakpoint
CREATE INDEX "orders_payment_status_idx" ON "orders" USING btree ("payment_status","created_at");--> statement-breakpoint
CREATE INDEX "orders_guest_created_idx" ON "orders" USING btree ("created_at") WHERE "orders"."customer_id" IS NULL;--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("total");