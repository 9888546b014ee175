ALTER TABLE "products" ADD COLUMN "source" text DEFAULT 'storefront' NOT NULL;--> statement-breakpoint
-- Hand-written backfill: only a platform's catalogue ever set a sku, a price or an archive date, so those rows came
-- from a sync; every other product was created by a review submission and stays unverified until a sync or the
-- merchant replaces its data.
UPDATE "products" SET "source" = 'platform' WHERE "sku" IS NOT NULL OR "price_amount" IS NOT NULL OR "currency" IS NOT NULL OR "archived_at" IS NOT NULL;
