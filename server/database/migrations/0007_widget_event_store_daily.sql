CREATE TABLE "widget_event_store_daily" (
	"merchant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"type" text NOT NULL,
	"events" integer DEFAULT 0 NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "widget_event_store_daily_merchant_id_day_type_pk" PRIMARY KEY("merchant_id","day","type")
);
--> statement-breakpoint
ALTER TABLE "widget_event_store_daily" ADD CONSTRAINT "widget_event_store_daily_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE OR REPLACE FUNCTION widget_event_store_daily_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE widget_event_store_daily SET events = events - OLD.events, sessions = sessions - OLD.sessions
      WHERE merchant_id = OLD.merchant_id AND day = OLD.day AND type = OLD.type;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO widget_event_store_daily (merchant_id, day, type, events, sessions)
      VALUES (NEW.merchant_id, NEW.day, NEW.type, NEW.events, NEW.sessions)
      ON CONFLICT (merchant_id, day, type) DO UPDATE SET events = widget_event_store_daily.events + EXCLUDED.events,
        sessions = widget_event_store_daily.sessions + EXCLUDED.sessions;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER widget_event_daily_store AFTER INSERT OR DELETE OR UPDATE OF merchant_id, day, type, events, sessions
  ON widget_event_daily FOR EACH ROW EXECUTE FUNCTION widget_event_store_daily_apply();--> statement-breakpoint
-- One store's totals recomputed from its per-product rollup: after bulk loads made with the trigger off.
CREATE OR REPLACE FUNCTION widget_event_store_daily_rebuild(m uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM widget_event_store_daily WHERE merchant_id = m;
  INSERT INTO widget_event_store_daily (merchant_id, day, type, events, sessions)
    SELECT m, day, type, sum(events), sum(sessions) FROM widget_event_daily WHERE merchant_id = m GROUP BY 2, 3;
$$;--> statement-breakpoint
INSERT INTO widget_event_store_daily (merchant_id, day, type, events, sessions)
  SELECT merchant_id, day, type, sum(events), sum(sessions) FROM widget_event_daily GROUP BY 1, 2, 3;
