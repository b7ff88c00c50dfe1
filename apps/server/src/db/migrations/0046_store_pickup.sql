-- Pick up in store (docs/domain.md § Stock locations): a pickup order names the location it is collected at. The
-- method check is added NOT VALID (no scan of a million orders under the exclusive lock), then validated.
ALTER TABLE "orders" DROP CONSTRAINT "orders_shipping_method_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup_location_id" char(24);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipping_method_check" CHECK ("orders"."shipping_method" IN ('standard', 'express', 'overnight', 'pickup')) NOT VALID;--> statement-breakpoint
ALTER TABLE "orders" VALIDATE CONSTRAINT "orders_shipping_method_check";
