ALTER TABLE "reviews" ADD COLUMN "media_state" text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "media_error" text;--> statement-breakpoint
CREATE INDEX "reviews_media_processing_idx" ON "reviews" USING btree ("created_at") WHERE "reviews"."media_state" = 'processing';--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_media_state_check" CHECK ("reviews"."media_state" in ('processing', 'ready', 'failed'));