CREATE TABLE "review_photos" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"review_id" char(24) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"original" text NOT NULL,
	"webp" text NOT NULL,
	"thumbnail" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "has_photos" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "review_photos" ADD CONSTRAINT "review_photos_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_photos_review_idx" ON "review_photos" USING btree ("review_id","position");--> statement-breakpoint
CREATE INDEX "reviews_product_status_rating_low_idx" ON "reviews" USING btree ("product_id","status","rating","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_product_status_photos_idx" ON "reviews" USING btree ("product_id","status","has_photos","created_at","id");