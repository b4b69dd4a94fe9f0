ALTER TABLE "presence_inbox" ADD COLUMN "person_integration_ids" uuid[];--> statement-breakpoint
ALTER TABLE "presence_inbox" ADD COLUMN "statuses" text[];--> statement-breakpoint
ALTER TABLE "presence_inbox" ADD COLUMN "timezones" text[];--> statement-breakpoint
ALTER TABLE "presence_inbox" ADD COLUMN "details_list" jsonb[];--> statement-breakpoint
-- Samples still waiting from before this version stay, each as a row of one sample.
UPDATE "presence_inbox"
   SET "person_integration_ids" = ARRAY["person_integration_id"], "statuses" = ARRAY["status"],
       "timezones" = ARRAY["timezone"], "details_list" = ARRAY["details"];--> statement-breakpoint
ALTER TABLE "presence_inbox" ALTER COLUMN "person_integration_ids" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "presence_inbox" ALTER COLUMN "statuses" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "presence_inbox" ALTER COLUMN "timezones" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "presence_inbox" ALTER COLUMN "details_list" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "presence_inbox" DROP COLUMN "person_integration_id";--> statement-breakpoint
ALTER TABLE "presence_inbox" DROP COLUMN "status";--> statement-breakpoint
ALTER TABLE "presence_inbox" DROP COLUMN "timezone";--> statement-breakpoint
ALTER TABLE "presence_inbox" DROP COLUMN "details";
