CREATE TABLE "mail_suppressions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"email_hash" text NOT NULL,
	"email" text,
	"reason" text NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_suppressions_merchant_email" UNIQUE("merchant_id","email_hash")
);
--> statement-breakpoint
CREATE TABLE "review_request_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"product_external_id" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"url" text,
	"image_url" text,
	"position" smallint DEFAULT 0 NOT NULL,
	"review_id" uuid,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "review_request_products_request_product" UNIQUE("request_id","product_external_id")
);
--> statement-breakpoint
CREATE TABLE "review_request_settings" (
	"merchant_id" uuid PRIMARY KEY NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"order_id" uuid,
	"order_external_id" text NOT NULL,
	"order_name" text DEFAULT '' NOT NULL,
	"dedupe_key" text NOT NULL,
	"customer_email" text DEFAULT '' NOT NULL,
	"customer_name" text DEFAULT '' NOT NULL,
	"locale" text NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"skip_reason" text,
	"token_hash" text NOT NULL,
	"token_sealed" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"send_at" timestamp with time zone,
	"steps_sent" smallint DEFAULT 0 NOT NULL,
	"reminders_planned" smallint DEFAULT 0 NOT NULL,
	"sending_step" smallint,
	"sending_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"last_sent_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"last_error" text,
	"incentive_code_sealed" text,
	"incentive_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_requests_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "review_requests_merchant_dedupe" UNIQUE("merchant_id","dedupe_key")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_locale" text;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "max_monthly_requests" integer;--> statement-breakpoint
ALTER TABLE "mail_suppressions" ADD CONSTRAINT "mail_suppressions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_request_products" ADD CONSTRAINT "review_request_products_request_id_review_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."review_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_request_products" ADD CONSTRAINT "review_request_products_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_request_products" ADD CONSTRAINT "review_request_products_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_request_settings" ADD CONSTRAINT "review_request_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_request_products_merchant_product_idx" ON "review_request_products" USING btree ("merchant_id","product_external_id");--> statement-breakpoint
CREATE INDEX "review_requests_due_idx" ON "review_requests" USING btree ("send_at") WHERE "review_requests"."send_at" is not null;--> statement-breakpoint
CREATE INDEX "review_requests_merchant_created_idx" ON "review_requests" USING btree ("merchant_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "review_requests_merchant_email_idx" ON "review_requests" USING btree ("merchant_id","customer_email");--> statement-breakpoint
CREATE INDEX "review_requests_merchant_order_idx" ON "review_requests" USING btree ("merchant_id","order_external_id");--> statement-breakpoint
CREATE INDEX "review_requests_merchant_sent_idx" ON "review_requests" USING btree ("merchant_id","last_sent_at");