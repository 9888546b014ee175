ALTER TABLE "users" ADD COLUMN "upgrade_prompt_hidden_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "widget_settings" ADD COLUMN "layout" text DEFAULT 'grid' NOT NULL;--> statement-breakpoint
ALTER TABLE "widget_settings" ADD CONSTRAINT "widget_settings_layout_check" CHECK ("widget_settings"."layout" in ('grid', 'carousel', 'list'));