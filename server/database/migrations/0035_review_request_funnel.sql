CREATE TABLE "review_request_funnel_daily" (
	"merchant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"opened" integer DEFAULT 0 NOT NULL,
	"reviewed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "review_request_funnel_daily_merchant_id_day_pk" PRIMARY KEY("merchant_id","day")
);
--> statement-breakpoint
ALTER TABLE "review_request_funnel_daily" ADD CONSTRAINT "review_request_funnel_daily_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each request counts on the store's day of its first mail (sent_at): +1 sent, and +1 opened / reviewed once those
-- happen; an erased request takes its counts away.
CREATE OR REPLACE FUNCTION review_request_funnel_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.sent_at IS NOT NULL THEN
    UPDATE review_request_funnel_daily SET sent = sent - 1,
        opened = opened - (OLD.opened_at IS NOT NULL)::int, reviewed = reviewed - (OLD.reviewed_at IS NOT NULL)::int
      WHERE merchant_id = OLD.merchant_id
        AND day = (OLD.sent_at AT TIME ZONE review_rollups_zone(OLD.merchant_id))::date;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.sent_at IS NOT NULL THEN
    INSERT INTO review_request_funnel_daily (merchant_id, day, sent, opened, reviewed)
      VALUES (NEW.merchant_id, (NEW.sent_at AT TIME ZONE review_rollups_zone(NEW.merchant_id))::date, 1,
        (NEW.opened_at IS NOT NULL)::int, (NEW.reviewed_at IS NOT NULL)::int)
      ON CONFLICT (merchant_id, day) DO UPDATE SET sent = review_request_funnel_daily.sent + 1,
        opened = review_request_funnel_daily.opened + EXCLUDED.opened,
        reviewed = review_request_funnel_daily.reviewed + EXCLUDED.reviewed;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER review_requests_funnel_rows AFTER INSERT OR DELETE ON review_requests
  FOR EACH ROW EXECUTE FUNCTION review_request_funnel_apply();--> statement-breakpoint
-- The sender sets sent_at on every mail (coalesce keeps the first): only a real change moves a count.
CREATE TRIGGER review_requests_funnel_steps AFTER UPDATE OF sent_at, opened_at, reviewed_at ON review_requests
  FOR EACH ROW WHEN (OLD.sent_at IS DISTINCT FROM NEW.sent_at OR OLD.opened_at IS DISTINCT FROM NEW.opened_at
    OR OLD.reviewed_at IS DISTINCT FROM NEW.reviewed_at)
  EXECUTE FUNCTION review_request_funnel_apply();--> statement-breakpoint
CREATE OR REPLACE FUNCTION review_request_funnel_rebuild(m uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  tz text := review_rollups_zone(m);
BEGIN
  DELETE FROM review_request_funnel_daily WHERE merchant_id = m;
  INSERT INTO review_request_funnel_daily (merchant_id, day, sent, opened, reviewed)
    SELECT m, (sent_at AT TIME ZONE tz)::date, count(*), count(opened_at), count(reviewed_at)
    FROM review_requests WHERE merchant_id = m AND sent_at IS NOT NULL GROUP BY 2;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION merchants_timezone_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM review_rollups_rebuild(NEW.id);
  PERFORM review_request_funnel_rebuild(NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
INSERT INTO review_request_funnel_daily (merchant_id, day, sent, opened, reviewed)
  SELECT r.merchant_id, (r.sent_at AT TIME ZONE coalesce(m.timezone, 'UTC'))::date, count(*), count(r.opened_at),
    count(r.reviewed_at)
  FROM review_requests r JOIN merchants m ON m.id = r.merchant_id WHERE r.sent_at IS NOT NULL GROUP BY 1, 2;
