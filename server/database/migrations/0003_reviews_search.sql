CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "reviews_merchant_deleted_idx" ON "reviews" USING btree ("merchant_id","deleted_at" DESC NULLS LAST) WHERE "reviews"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "reviews_search_trgm_idx" ON "reviews" USING gin ("search_text" gin_trgm_ops);