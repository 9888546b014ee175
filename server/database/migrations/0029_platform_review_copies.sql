CREATE TABLE "platform_review_copies" (
	"review_id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"external_product_id" text NOT NULL,
	"external_review_id" text NOT NULL,
	"digest" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "native_reviews" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_review_copies" ADD CONSTRAINT "platform_review_copies_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_review_copies" ADD CONSTRAINT "platform_review_copies_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "platform_review_copies_product_idx" ON "platform_review_copies" USING btree ("merchant_id","product_id");