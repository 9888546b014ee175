CREATE TABLE "review_votes" (
	"review_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"session_id" text NOT NULL,
	"address_hash" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_votes_review_id_session_id_pk" PRIMARY KEY("review_id","session_id")
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "helpful_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "review_votes" ADD CONSTRAINT "review_votes_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_votes" ADD CONSTRAINT "review_votes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_votes_address_idx" ON "review_votes" USING btree ("review_id","address_hash");--> statement-breakpoint
CREATE INDEX "review_votes_session_idx" ON "review_votes" USING btree ("merchant_id","session_id");