CREATE TABLE "review_import_counters" (
	"merchant_id" uuid NOT NULL,
	"status" text NOT NULL,
	"deleted" boolean NOT NULL,
	"reviews" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "review_import_counters_merchant_id_status_deleted_pk" PRIMARY KEY("merchant_id","status","deleted")
);
--> statement-breakpoint
CREATE TABLE "review_import_skips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"import_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"row" integer NOT NULL,
	"reason" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	CONSTRAINT "review_import_skips_row_url" UNIQUE("import_id","row","url")
);
--> statement-breakpoint
CREATE TABLE "review_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"format" text NOT NULL,
	"filename" text DEFAULT '' NOT NULL,
	"file_key" text,
	"status" text DEFAULT 'previewed' NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"media_fetched" integer DEFAULT 0 NOT NULL,
	"media_skipped" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "review_imports_status_check" CHECK ("review_imports"."status" in ('previewed', 'running', 'cancelled', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "import_key" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "review_import_counters" ADD CONSTRAINT "review_import_counters_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_import_skips" ADD CONSTRAINT "review_import_skips_import_id_review_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."review_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_import_skips" ADD CONSTRAINT "review_import_skips_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_imports" ADD CONSTRAINT "review_imports_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_imports" ADD CONSTRAINT "review_imports_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_imports_merchant_created_idx" ON "review_imports" USING btree ("merchant_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_import_id_review_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."review_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_merchant_import_key_idx" ON "reviews" USING btree ("merchant_id","import_key") WHERE "reviews"."import_key" is not null;--> statement-breakpoint
CREATE OR REPLACE FUNCTION review_import_counters_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.source = 'import' THEN
    UPDATE review_import_counters SET reviews = reviews - 1
      WHERE merchant_id = OLD.merchant_id AND status = OLD.status AND deleted = (OLD.deleted_at IS NOT NULL);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.source = 'import' THEN
    INSERT INTO review_import_counters (merchant_id, status, deleted, reviews)
      VALUES (NEW.merchant_id, NEW.status, NEW.deleted_at IS NOT NULL, 1)
      ON CONFLICT (merchant_id, status, deleted) DO UPDATE SET reviews = review_import_counters.reviews + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER reviews_import_counters AFTER INSERT OR DELETE OR UPDATE OF merchant_id, status, deleted_at, source ON reviews
  FOR EACH ROW EXECUTE FUNCTION review_import_counters_apply();--> statement-breakpoint
INSERT INTO review_import_counters (merchant_id, status, deleted, reviews)
  SELECT merchant_id, status, deleted_at IS NOT NULL, count(*) FROM reviews WHERE source = 'import' GROUP BY 1, 2, 3;
