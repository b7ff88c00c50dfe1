-- The stock location events (location.created, location.updated). The outbox can be large: the new check is added
-- NOT VALID (no scan under the exclusive lock) and validated by a second statement that lets writes go on.
ALTER TABLE "events" DROP CONSTRAINT "events_type_check";--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_type_check" CHECK ("events"."type" IN ('order.created', 'order.paid', 'order.status_changed', 'order.cancelled', 'order.refunded', 'return.requested', 'return.decided', 'review.moderated', 'product.created', 'product.updated', 'product.deleted', 'inventory.low_stock', 'inventory.changed', 'customer.created', 'customer.updated', 'coupon.redeemed', 'location.created', 'location.updated')) NOT VALID;--> statement-breakpoint
ALTER TABLE "events" VALIDATE CONSTRAINT "events_type_check";
