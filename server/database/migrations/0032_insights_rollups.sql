CREATE TABLE "review_engagement_daily" (
	"merchant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"review_id" uuid NOT NULL,
	"type" text NOT NULL,
	"events" integer DEFAULT 0 NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "review_engagement_daily_merchant_id_day_review_id_type_pk" PRIMARY KEY("merchant_id","day","review_id","type")
);
--> statement-breakpoint
CREATE TABLE "review_rating_daily" (
	"merchant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"rating" smallint NOT NULL,
	"source" text NOT NULL,
	"reviews" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "review_rating_daily_merchant_id_day_status_rating_source_pk" PRIMARY KEY("merchant_id","day","status","rating","source")
);
--> statement-breakpoint
CREATE TABLE "widget_session_outcome_daily" (
	"merchant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"played" boolean NOT NULL,
	"carted" boolean NOT NULL,
	"purchased" boolean NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "widget_session_outcome_daily_merchant_id_day_played_carted_purchased_pk" PRIMARY KEY("merchant_id","day","played","carted","purchased")
);
--> statement-breakpoint
ALTER TABLE "widget_events" ADD COLUMN "review_id" uuid;--> statement-breakpoint
ALTER TABLE "review_engagement_daily" ADD CONSTRAINT "review_engagement_daily_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_engagement_daily" ADD CONSTRAINT "review_engagement_daily_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_rating_daily" ADD CONSTRAINT "review_rating_daily_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_session_outcome_daily" ADD CONSTRAINT "widget_session_outcome_daily_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_engagement_daily_review_idx" ON "review_engagement_daily" USING btree ("review_id");--> statement-breakpoint
-- review_rating_daily joins the rollups the reviews trigger keeps (0006): the same function, one table more.
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
      UPDATE review_rating_daily SET reviews = reviews - 1
        WHERE merchant_id = OLD.merchant_id AND day = d AND status = OLD.status AND rating = OLD.rating
          AND source = OLD.source;
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
      INSERT INTO review_rating_daily (merchant_id, day, status, rating, source, reviews)
        VALUES (NEW.merchant_id, d, NEW.status, NEW.rating, NEW.source, 1)
        ON CONFLICT (merchant_id, day, status, rating, source) DO UPDATE SET reviews = review_rating_daily.reviews + 1;
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER reviews_rollups ON reviews;--> statement-breakpoint
CREATE TRIGGER reviews_rollups
  AFTER INSERT OR DELETE OR UPDATE OF merchant_id, product_id, status, deleted_at, rating, created_at, source
  ON reviews FOR EACH ROW EXECUTE FUNCTION review_rollups_apply();--> statement-breakpoint
CREATE OR REPLACE FUNCTION review_rollups_rebuild(m uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  tz text := review_rollups_zone(m);
BEGIN
  DELETE FROM review_counters WHERE merchant_id = m;
  DELETE FROM review_daily WHERE merchant_id = m;
  DELETE FROM review_product_daily WHERE merchant_id = m;
  DELETE FROM review_product_monthly WHERE merchant_id = m;
  DELETE FROM review_rating_daily WHERE merchant_id = m;
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
  INSERT INTO review_rating_daily (merchant_id, day, status, rating, source, reviews)
    SELECT m, (created_at AT TIME ZONE tz)::date, status, rating, source, count(*)
    FROM reviews WHERE merchant_id = m AND deleted_at IS NULL GROUP BY 2, 3, 4, 5;
END $$;--> statement-breakpoint
INSERT INTO review_rating_daily (merchant_id, day, status, rating, source, reviews)
  SELECT r.merchant_id, (r.created_at AT TIME ZONE coalesce(m.timezone, 'UTC'))::date, r.status, r.rating, r.source,
    count(*)
  FROM reviews r JOIN merchants m ON m.id = r.merchant_id WHERE r.deleted_at IS NULL GROUP BY 1, 2, 3, 4, 5;
