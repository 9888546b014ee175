CREATE TABLE "oauth_states" (
	"nonce_hash" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"shop" text NOT NULL,
	"workspace_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"product_external_id" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"sku" text,
	"quantity" integer DEFAULT 1 NOT NULL,
	"price_amount" bigint
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"customer_email" text DEFAULT '' NOT NULL,
	"customer_external_id" text,
	"session_id" text,
	"currency" text,
	"total_amount" bigint,
	"ordered_at" timestamp with time zone NOT NULL,
	"fulfilled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_merchant_external" UNIQUE("merchant_id","external_id")
);
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "external_store_id" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "access_scopes" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "connected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "disconnected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "catalog_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "install_claim_hash" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "install_claim_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "session_id" text;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "shop" text;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "triggered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oauth_states_expires_idx" ON "oauth_states" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_items_merchant_product_idx" ON "order_items" USING btree ("merchant_id","product_external_id");--> statement-breakpoint
CREATE INDEX "orders_merchant_email_idx" ON "orders" USING btree ("merchant_id","customer_email");--> statement-breakpoint
CREATE INDEX "orders_merchant_customer_idx" ON "orders" USING btree ("merchant_id","customer_external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "merchants_platform_store_unique" ON "merchants" USING btree ("platform","external_store_id") WHERE "merchants"."external_store_id" is not null;--> statement-breakpoint
CREATE INDEX "reviews_merchant_email_idx" ON "reviews" USING btree ("merchant_id","customer_email") WHERE "reviews"."customer_email" <> '';--> statement-breakpoint
CREATE INDEX "webhook_events_due_idx" ON "webhook_events" USING btree ("next_attempt_at") WHERE "webhook_events"."processed_at" is null;