-- Per-customer coupon limits count a person by e-mail, as a guest or signed in alike ("fail well" issue): every
-- redemption carries the buyer's normalised e-mail. The normalisation is ONE SQL function, used by the writes, the
-- counts, this backfill and the index on guest orders: trimmed and lower-cased; for gmail.com and googlemail.com
-- (one mailbox whatever the dots and +tag) the dots and the +tag of the local part are dropped and the domain is
-- gmail.com. Other domains keep their local part as it is (their dots and tags may name different mailboxes).
CREATE OR REPLACE FUNCTION coupon_email_key(email text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT CASE
      WHEN n.domain IN ('gmail.com', 'googlemail.com')
        THEN replace(split_part(n.local, '+', 1), '.', '') || '@gmail.com'
      ELSE n.address
    END
    FROM (SELECT a.address,
        substring(a.address FROM '^(.*)@[^@]*$') AS local,
        substring(a.address FROM '@([^@]*)$') AS domain
      FROM (SELECT lower(btrim(email, E' \t\r\n')) AS address) a) n
  $$;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD COLUMN "email_key" text;--> statement-breakpoint
-- Backfill: the guest's e-mail, or the customer's account e-mail, of each redemption's order.
UPDATE coupon_redemptions r SET email_key = coupon_email_key(coalesce(o.guest_email, u.email))
  FROM orders o LEFT JOIN users u ON u.id = o.customer_id
  WHERE o.id = r.order_id;--> statement-breakpoint
CREATE INDEX "coupon_redemptions_email_idx" ON "coupon_redemptions" USING btree ("coupon_id","email_key") WHERE "coupon_redemptions"."released_at" IS NULL;--> statement-breakpoint
CREATE INDEX "orders_guest_email_key_idx" ON "orders" USING btree (public.coupon_email_key("guest_email")) WHERE "orders"."guest_email" IS NOT NULL;
