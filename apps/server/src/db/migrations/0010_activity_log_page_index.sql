DROP INDEX "activity_logs_created_at_idx";--> statement-breakpoint
CREATE INDEX "activity_logs_created_at_id_idx" ON "activity_logs" USING btree ("created_at","id");