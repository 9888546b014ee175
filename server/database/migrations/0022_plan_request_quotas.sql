-- The monthly review request quotas of the seeded plans, for databases seeded before plans had one (a fresh
-- database gets them from the seed). Scale stays unlimited (null).
UPDATE "plans" SET "max_monthly_requests" = CASE "code" WHEN 'free' THEN 50 WHEN 'starter' THEN 500 WHEN 'growth' THEN 2000 END
WHERE "code" IN ('free', 'starter', 'growth') AND "max_monthly_requests" IS NULL;
