-- Enum columns hold one of their packages/shared list's values (the drizzle schema imports the lists; oneOf() in
-- schema/common.ts writes these constraints). The application has only ever written these values, so existing rows
-- pass; a row that does not makes this migration fail loudly instead of being rewritten silently.
ALTER TABLE "activity_logs" ADD CONSTRAINT "activity_logs_status_check" CHECK ("activity_logs"."status" IN ('success', 'failure'));--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_operation_check" CHECK ("inventory_movements"."operation" IN ('add', 'subtract', 'set', 'create', 'reserve', 'release', 'commit', 'return'));--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_type_check" CHECK ("coupons"."type" IN ('percentage', 'fixed', 'free_shipping'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" IN ('pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_check" CHECK ("orders"."payment_status" IN ('pending', 'paid', 'failed', 'refunded', 'partially_refunded'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_check" CHECK ("orders"."payment_method" IN ('stripe', 'paypal', 'cash', 'bank_transfer'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_stock_state_check" CHECK ("orders"."stock_state" IN ('reserved', 'committed', 'released'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipping_method_check" CHECK ("orders"."shipping_method" IN ('standard', 'express', 'overnight'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_kind_check" CHECK ("payments"."kind" IN ('charge', 'refund'));--> statement-breakpoint
ALTER TABLE "mail_tokens" ADD CONSTRAINT "mail_tokens_kind_check" CHECK ("mail_tokens"."kind" IN ('password_reset', 'email_verification'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" IN ('admin', 'moderator', 'support', 'customer'));