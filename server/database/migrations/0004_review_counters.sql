CREATE TABLE "review_counters" (
	"merchant_id" uuid NOT NULL,
	"status" text NOT NULL,
	"deleted" boolean NOT NULL,
	"reviews" integer DEFAULT 0 NOT NULL,
	"rating_sum" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "review_counters_merchant_id_status_deleted_pk" PRIMARY KEY("merchant_id","status","deleted")
);
--> statement-breakpoint
ALTER TABLE "review_counters" ADD CONSTRAINT "review_counters_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE OR REPLACE FUNCTION review_counters_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE review_counters SET reviews = reviews - 1, rating_sum = rating_sum - OLD.rating
      WHERE merchant_id = OLD.merchant_id AND status = OLD.status AND deleted = (OLD.deleted_at IS NOT NULL);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO review_counters (merchant_id, status, deleted, reviews, rating_sum)
      VALUES (NEW.merchant_id, NEW.status, NEW.deleted_at IS NOT NULL, 1, NEW.rating)
      ON CONFLICT (merchant_id, status, deleted)
      DO UPDATE SET reviews = review_counters.reviews + 1, rating_sum = review_counters.rating_sum + EXCLUDED.rating_sum;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER reviews_counters AFTER INSERT OR DELETE OR UPDATE OF merchant_id, status, deleted_at, rating ON reviews
  FOR EACH ROW EXECUTE FUNCTION review_counters_apply();--> statement-breakpoint
INSERT INTO review_counters (merchant_id, status, deleted, reviews, rating_sum)
  SELECT merchant_id, status, deleted_at IS NOT NULL, count(*), sum(rating) FROM reviews GROUP BY 1, 2, 3;
