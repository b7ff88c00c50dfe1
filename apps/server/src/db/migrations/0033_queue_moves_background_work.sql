CREATE TABLE "queue_workers" (
	"worker_id" text PRIMARY KEY NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP COLUMN "next_attempt_at";--> statement-breakpoint
-- Work waiting at the upgrade gets its queue jobs (the pollers that took it are gone): unsent mail, unfinished jobs.
-- Only where the queue's schema is installed (the server's migrations install it first; a legacy embedded store
-- being moved is migrated without it).
DO $$ BEGIN
  IF to_regnamespace('graphile_worker') IS NOT NULL THEN
    PERFORM graphile_worker.add_job('mail.send', json_build_object('mailId', id), max_attempts => 25)
      FROM "mail_outbox" WHERE "sent_at" IS NULL;
    PERFORM graphile_worker.add_job('jobs.run', json_build_object('jobId', id), job_key => 'jobs:' || id)
      FROM "jobs" WHERE "status" IN ('queued', 'running');
  END IF;
END $$;
