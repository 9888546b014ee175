CREATE TABLE "review_engagement_monthly" (
	"merchant_id" uuid NOT NULL,
	"month" date NOT NULL,
	"review_id" uuid NOT NULL,
	"type" text NOT NULL,
	"events" integer DEFAULT 0 NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "review_engagement_monthly_merchant_id_month_review_id_type_pk" PRIMARY KEY("merchant_id","month","review_id","type")
);
--> statement-breakpoint
CREATE TABLE "review_engagement_store_daily" (
	"merchant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"type" text NOT NULL,
	"events" integer DEFAULT 0 NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "review_engagement_store_daily_merchant_id_day_type_pk" PRIMARY KEY("merchant_id","day","type")
);
--> statement-breakpoint
CREATE TABLE "widget_event_product_monthly" (
	"merchant_id" uuid NOT NULL,
	"month" date NOT NULL,
	"product_id" uuid NOT NULL,
	"type" text NOT NULL,
	"events" integer DEFAULT 0 NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "widget_event_product_monthly_merchant_id_month_product_id_type_pk" PRIMARY KEY("merchant_id","month","product_id","type")
);
--> statement-breakpoint
ALTER TABLE "review_engagement_monthly" ADD CONSTRAINT "review_engagement_monthly_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_engagement_monthly" ADD CONSTRAINT "review_engagement_monthly_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_engagement_store_daily" ADD CONSTRAINT "review_engagement_store_daily_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_event_product_monthly" ADD CONSTRAINT "widget_event_product_monthly_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_event_product_monthly" ADD CONSTRAINT "widget_event_product_monthly_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_engagement_monthly_review_idx" ON "review_engagement_monthly" USING btree ("review_id");--> statement-breakpoint
CREATE INDEX "review_engagement_daily_type_idx" ON "review_engagement_daily" USING btree ("merchant_id","type","day","review_id","sessions");--> statement-breakpoint
-- The store's engagement per day and type, and each review's plays and completions per month, from
-- review_engagement_daily (0032), as widget_event_store_daily is kept from widget_event_daily (0007).
CREATE OR REPLACE FUNCTION review_engagement_rollups_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE review_engagement_store_daily SET events = events - OLD.events, sessions = sessions - OLD.sessions
      WHERE merchant_id = OLD.merchant_id AND day = OLD.day AND type = OLD.type;
    IF OLD.type IN ('play', 'watched_100') THEN
      UPDATE review_engagement_monthly SET events = events - OLD.events, sessions = sessions - OLD.sessions
        WHERE merchant_id = OLD.merchant_id AND month = date_trunc('month', OLD.day)::date
          AND review_id = OLD.review_id AND type = OLD.type;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO review_engagement_store_daily (merchant_id, day, type, events, sessions)
      VALUES (NEW.merchant_id, NEW.day, NEW.type, NEW.events, NEW.sessions)
      ON CONFLICT (merchant_id, day, type) DO UPDATE SET
        events = review_engagement_store_daily.events + EXCLUDED.events,
        sessions = review_engagement_store_daily.sessions + EXCLUDED.sessions;
    IF NEW.type IN ('play', 'watched_100') THEN
      INSERT INTO review_engagement_monthly (merchant_id, month, review_id, type, events, sessions)
        VALUES (NEW.merchant_id, date_trunc('month', NEW.day)::date, NEW.review_id, NEW.type, NEW.events, NEW.sessions)
        ON CONFLICT (merchant_id, month, review_id, type) DO UPDATE SET
          events = review_engagement_monthly.events + EXCLUDED.events,
          sessions = review_engagement_monthly.sessions + EXCLUDED.sessions;
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER review_engagement_daily_rollups AFTER INSERT OR DELETE OR UPDATE OF merchant_id, day, review_id, type, events, sessions
  ON review_engagement_daily FOR EACH ROW EXECUTE FUNCTION review_engagement_rollups_apply();--> statement-breakpoint
-- Each product's widget figures per month, from widget_event_daily.
CREATE OR REPLACE FUNCTION widget_event_product_monthly_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.product_id IS NOT NULL THEN
    UPDATE widget_event_product_monthly SET events = events - OLD.events, sessions = sessions - OLD.sessions
      WHERE merchant_id = OLD.merchant_id AND month = date_trunc('month', OLD.day)::date
        AND product_id = OLD.product_id AND type = OLD.type;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.product_id IS NOT NULL THEN
    INSERT INTO widget_event_product_monthly (merchant_id, month, product_id, type, events, sessions)
      VALUES (NEW.merchant_id, date_trunc('month', NEW.day)::date, NEW.product_id, NEW.type, NEW.events, NEW.sessions)
      ON CONFLICT (merchant_id, month, product_id, type) DO UPDATE SET
        events = widget_event_product_monthly.events + EXCLUDED.events,
        sessions = widget_event_product_monthly.sessions + EXCLUDED.sessions;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER widget_event_daily_product_monthly AFTER INSERT OR DELETE OR UPDATE OF merchant_id, day, product_id, type, events, sessions
  ON widget_event_daily FOR EACH ROW EXECUTE FUNCTION widget_event_product_monthly_apply();--> statement-breakpoint
-- One store's derived engagement and product rollups recomputed: after bulk loads made with the triggers off.
CREATE OR REPLACE FUNCTION insights_rollups_rebuild(m uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM review_engagement_store_daily WHERE merchant_id = m;
  DELETE FROM review_engagement_monthly WHERE merchant_id = m;
  DELETE FROM widget_event_product_monthly WHERE merchant_id = m;
  INSERT INTO review_engagement_store_daily (merchant_id, day, type, events, sessions)
    SELECT m, day, type, sum(events), sum(sessions) FROM review_engagement_daily WHERE merchant_id = m GROUP BY 2, 3;
  INSERT INTO review_engagement_monthly (merchant_id, month, review_id, type, events, sessions)
    SELECT m, date_trunc('month', day)::date, review_id, type, sum(events), sum(sessions) FROM review_engagement_daily
    WHERE merchant_id = m AND type IN ('play', 'watched_100') GROUP BY 2, 3, 4;
  INSERT INTO widget_event_product_monthly (merchant_id, month, product_id, type, events, sessions)
    SELECT m, date_trunc('month', day)::date, product_id, type, sum(events), sum(sessions) FROM widget_event_daily
    WHERE merchant_id = m AND product_id IS NOT NULL GROUP BY 2, 3, 4;
$$;--> statement-breakpoint
SELECT insights_rollups_rebuild(id) FROM merchants;
