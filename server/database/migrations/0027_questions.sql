CREATE TABLE "questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"asker_name" text DEFAULT '' NOT NULL,
	"asker_email" text DEFAULT '' NOT NULL,
	"question" text NOT NULL,
	"answer_text" text,
	"answered_at" timestamp with time zone,
	"answer_mailed_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"moderation_flags" text[] DEFAULT '{}'::text[] NOT NULL,
	"session_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questions_status_check" CHECK ("questions"."status" in ('pending', 'answered', 'published'))
);
--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questions_merchant_status_created_idx" ON "questions" USING btree ("merchant_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "questions_merchant_product_published_idx" ON "questions" USING btree ("merchant_id","product_id","published_at" DESC NULLS LAST) WHERE "questions"."status" = 'published';--> statement-breakpoint
CREATE INDEX "questions_merchant_email_idx" ON "questions" USING btree ("merchant_id","asker_email") WHERE "questions"."asker_email" <> '';