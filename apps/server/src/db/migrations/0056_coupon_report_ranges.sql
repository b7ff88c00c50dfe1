-- The coupon report (GET /api/admin/coupons/analytics) reads a date range's orders with a coupon and its coupon uses:
-- by these, it reads only those rows instead of every order and every use the store holds.
CREATE INDEX "coupon_redemptions_created_idx" ON "coupon_redemptions" USING btree ("created_at") WHERE "coupon_redemptions"."released_at" IS NULL;--> statement-breakpoint
CREATE INDEX "orders_coupon_created_idx" ON "orders" USING btree ("created_at") WHERE "orders"."coupon_id" IS NOT NULL;
