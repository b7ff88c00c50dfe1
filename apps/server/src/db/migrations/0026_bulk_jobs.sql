ALTER TABLE "jobs" DROP CONSTRAINT "jobs_kind_check";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "params" jsonb;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "cursor" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "result" jsonb;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_kind_check" CHECK ("jobs"."kind" IN ('product_import', 'product_bulk', 'order_bulk_status', 'customer_bulk_status'));