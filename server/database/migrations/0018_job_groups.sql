ALTER TABLE "jobs" ADD COLUMN "group_key" text;--> statement-breakpoint
CREATE INDEX "jobs_group_idx" ON "jobs" USING btree ("queue","group_key","finished_at") WHERE "jobs"."group_key" is not null;