CREATE TABLE "review_daily" (
	"merchant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"deleted" boolean NOT NULL,
	"reviews" integer DEFAULT 0 NOT NULL,
	"rating_sum" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "review_daily_merchant_id_day_status_deleted_pk" PRIMARY KEY("merchant_id","day","status","deleted")
);
--> statement-breakpoint
CREATE TABLE "review_product_daily" (
	"merchant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"product_id" uuid NOT NULL,
	"reviews" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "review_product_daily_merchant_id_day_product_id_pk" PRIMARY KEY("merchant_id","day","product_id")
);
--> statement-breakpoint
CREATE TABLE "review_product_monthly" (
	"merchant_id" uuid NOT NULL,
	"month" date NOT NULL,
	"product_id" uuid NOT NULL,
	"reviews" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "review_product_monthly_merchant_id_month_product_id_pk" PRIMARY KEY("merchant_id","month","product_id")
);
--> statement-breakpoint
ALTER TABLE "review_daily" ADD CONSTRAINT "review_daily_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_product_daily" ADD CONSTRAINT "review_product_daily_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_product_daily" ADD CONSTRAINT "review_product_daily_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_product_monthly" ADD CONSTRAINT "review_product_monthly_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_product_monthly" ADD CONSTRAINT "review_product_monthly_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
UPDATE "merchants" SET "timezone" = NULL
  WHERE "timezone" IS NOT NULL AND "timezone" NOT IN (SELECT name FROM pg_timezone_names);--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_timezone_check" CHECK ("merchants"."timezone" is null or (timestamptz '2000-01-01 00:00Z' at time zone "merchants"."timezone") is not null);--> statement-breakpoint
CREATE OR REPLACE FUNCTION review_rollups_zone(m uuid) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT timezone FROM merchants WHERE id = m), 'UTC')
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION review_rollups_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d date;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    d := (OLD.created_at AT TIME ZONE review_rollups_zone(OLD.merchant_id))::date;
    UPDATE review_daily SET reviews = reviews - 1, rating_sum = rating_sum - OLD.rating
      WHERE merchant_id = OLD.merchant_id AND day = d AND status = OLD.status AND deleted = (OLD.deleted_at IS NOT NULL);
    IF OLD.deleted_at IS NULL THEN
      UPDATE review_product_daily SET reviews = reviews - 1
        WHERE merchant_id = OLD.merchant_id AND day = d AND product_id = OLD.product_id;
      UPDATE review_product_monthly SET reviews = reviews - 1
        WHERE merchant_id = OLD.merchant_id AND month = date_trunc('month', d)::date AND product_id = OLD.product_id;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    d := (NEW.created_at AT TIME ZONE review_rollups_zone(NEW.merchant_id))::date;
    INSERT INTO review_daily (merchant_id, day, status, deleted, reviews, rating_sum)
      VALUES (NEW.merchant_id, d, NEW.status, NEW.deleted_at IS NOT NULL, 1, NEW.rating)
      ON CONFLICT (merchant_id, day, status, deleted)
      DO UPDATE SET reviews = review_daily.reviews + 1, rating_sum = review_daily.rating_sum + EXCLUDED.rating_sum;
    IF NEW.deleted_at IS NULL THEN
      INSERT INTO review_product_daily (merchant_id, day, product_id, reviews)
        VALUES (NEW.merchant_id, d, NEW.product_id, 1)
        ON CONFLICT (merchant_id, day, product_id) DO UPDATE SET reviews = review_product_daily.reviews + 1;
      INSERT INTO review_product_monthly (merchant_id, month, product_id, reviews)
        VALUES (NEW.merchant_id, date_trunc('month', d)::date, NEW.product_id, 1)
        ON CONFLICT (merchant_id, month, product_id) DO UPDATE SET reviews = review_product_monthly.reviews + 1;
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER reviews_rollups AFTER INSERT OR DELETE OR UPDATE OF merchant_id, product_id, status, deleted_at, rating, created_at
  ON reviews FOR EACH ROW EXECUTE FUNCTION review_rollups_apply();--> statement-breakpoint
-- Everything derived from one store's reviews, recomputed: on a time zone change, and after bulk loads made with
-- the triggers off.
CREATE OR REPLACE FUNCTION review_rollups_rebuild(m uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  tz text := review_rollups_zone(m);
BEGIN
  DELETE FROM review_counters WHERE merchant_id = m;
  DELETE FROM review_daily WHERE merchant_id = m;
  DELETE FROM review_product_daily WHERE merchant_id = m;
  DELETE FROM review_product_monthly WHERE merchant_id = m;
  INSERT INTO review_counters (merchant_id, status, deleted, reviews, rating_sum)
    SELECT m, status, deleted_at IS NOT NULL, count(*), sum(rating) FROM reviews WHERE merchant_id = m GROUP BY 2, 3;
  INSERT INTO review_daily (merchant_id, day, status, deleted, reviews, rating_sum)
    SELECT m, (created_at AT TIME ZONE tz)::date, status, deleted_at IS NOT NULL, count(*), sum(rating)
    FROM reviews WHERE merchant_id = m GROUP BY 2, 3, 4;
  INSERT INTO review_product_daily (merchant_id, day, product_id, reviews)
    SELECT m, (created_at AT TIME ZONE tz)::date, product_id, count(*)
    FROM reviews WHERE merchant_id = m AND deleted_at IS NULL GROUP BY 2, 3;
  INSERT INTO review_product_monthly (merchant_id, month, product_id, reviews)
    SELECT m, date_trunc('month', created_at AT TIME ZONE tz)::date, product_id, count(*)
    FROM reviews WHERE merchant_id = m AND deleted_at IS NULL GROUP BY 2, 3;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION merchants_timezone_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM review_rollups_rebuild(NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER merchants_timezone AFTER UPDATE OF timezone ON merchants
  FOR EACH ROW WHEN (OLD.timezone IS DISTINCT FROM NEW.timezone) EXECUTE FUNCTION merchants_timezone_changed();--> statement-breakpoint
SELECT review_rollups_rebuild(id) FROM merchants;
