-- A payment intent is bound to who created it ("fail well" issue): the signed-in user, or for a guest checkout the
-- guest's e-mail. Only its creator may place an order with it or confirm it (staff may confirm an order's own).
ALTER TABLE "payments" ADD COLUMN "created_by" char(24);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "guest_email" text;--> statement-breakpoint
-- Backfill: an intent already attached to an order and still to be confirmed belongs to that order's buyer. Paid
-- charges cannot be confirmed again and refunds are no intents, so they are left as they are (no rewrite of a large
-- payments table); an intent attached to no order had no owner to find and can no longer be used.
UPDATE payments p SET created_by = o.customer_id, guest_email = lower(o.guest_email)
  FROM orders o
  WHERE o.id = p.order_id AND p.kind = 'charge' AND p.status <> 'succeeded';--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
