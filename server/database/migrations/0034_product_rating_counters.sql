CREATE TABLE "product_rating_counters" (
	"merchant_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"reviews" integer DEFAULT 0 NOT NULL,
	"rating_sum" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_rating_counters_merchant_id_product_id_pk" PRIMARY KEY("merchant_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "product_rating_counters" ADD CONSTRAINT "product_rating_counters_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_rating_counters" ADD CONSTRAINT "product_rating_counters_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- product_rating_counters joins the rollups the reviews trigger keeps (0006, 0032): the same functions, one table more.
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
    IF OLD.deleted_at IS NULL AND OLD.status = 'approved' THEN
      UPDATE product_rating_counters SET reviews = reviews - 1, rating_sum = rating_sum - OLD.rating
        WHERE merchant_id = OLD.merchant_id AND product_id = OLD.product_id;
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
    IF NEW.deleted_at IS NULL AND NEW.status = 'approved' THEN
      INSERT INTO product_rating_counters (merchant_id, product_id, reviews, rating_sum)
        VALUES (NEW.merchant_id, NEW.product_id, 1, NEW.rating)
        ON CONFLICT (merchant_id, product_id) DO UPDATE SET reviews = product_rating_counters.reviews + 1,
          rating_sum = product_rating_counters.rating_sum + EXCLUDED.rating_sum;
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION review_rollups_rebuild(m uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  tz text := review_rollups_zone(m);
BEGIN
  DELETE FROM review_counters WHERE merchant_id = m;
  DELETE FROM review_daily WHERE merchant_id = m;
  DELETE FROM review_product_daily WHERE merchant_id = m;
  DELETE FROM review_product_monthly WHERE merchant_id = m;
  DELETE FROM review_rating_daily WHERE merchant_id = m;
  DELETE FROM product_rating_counters WHERE merchant_id = m;
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
  INSERT INTO product_rating_counters (merchant_id, product_id, reviews, rating_sum)
    SELECT m, product_id, count(*), sum(rating)
    FROM reviews WHERE merchant_id = m AND deleted_at IS NULL AND status = 'approved' GROUP BY 2;
END $$;--> statement-breakpoint
INSERT INTO product_rating_counters (merchant_id, product_id, reviews, rating_sum)
  SELECT merchant_id, product_id, count(*), sum(rating) FROM reviews
  WHERE deleted_at IS NULL AND status = 'approved' GROUP BY 1, 2;
