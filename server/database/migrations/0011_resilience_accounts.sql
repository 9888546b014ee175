CREATE TABLE "email_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"new_email" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "email_changes_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "signup_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"platform" text DEFAULT 'tiendanube' NOT NULL,
	"store_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "signup_requests_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "signup_requests_platform_check" CHECK ("signup_requests"."platform" in ('shopify', 'bigcommerce', 'tiendanube'))
);
--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_changes_user_idx" ON "email_changes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "signup_requests_email_idx" ON "signup_requests" USING btree ("email");--> statement-breakpoint
CREATE INDEX "reviews_video_key_idx" ON "reviews" USING btree ("video_key") WHERE "reviews"."video_key" is not null;--> statement-breakpoint
CREATE INDEX "reviews_photo_key_idx" ON "reviews" USING btree ("photo_key") WHERE "reviews"."photo_key" is not null;--> statement-breakpoint
CREATE INDEX "reviews_thumbnail_key_idx" ON "reviews" USING btree ("thumbnail_key") WHERE "reviews"."thumbnail_key" is not null;