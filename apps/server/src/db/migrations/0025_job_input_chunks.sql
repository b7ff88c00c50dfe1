CREATE TABLE "job_input_chunks" (
	"job_id" char(24) NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_input_chunks_job_id_seq_pk" PRIMARY KEY("job_id","seq")
);
--> statement-breakpoint
-- A job queued or running at upgrade time keeps its file: one chunk holding all of it (read once, as before).
INSERT INTO "job_input_chunks" ("job_id", "seq", "data")
SELECT "id", 0, convert_to("input", 'UTF8') FROM "jobs" WHERE "input" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "jobs" DROP COLUMN "input";
