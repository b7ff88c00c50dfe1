-- Keys are now scoped by caller and bound to a body hash; rows stored under the old scopes can never match again.
DELETE FROM "idempotency_keys";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "request_hash" text NOT NULL;
