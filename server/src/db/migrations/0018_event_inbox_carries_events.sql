ALTER TABLE "event_inbox" ADD COLUMN "account_id" uuid;--> statement-breakpoint
ALTER TABLE "event_inbox" ADD COLUMN "integration_id" uuid;--> statement-breakpoint
ALTER TABLE "event_inbox" ADD COLUMN "person_id" uuid;--> statement-breakpoint
ALTER TABLE "event_inbox" ADD COLUMN "person_integration_id" uuid;--> statement-breakpoint
ALTER TABLE "event_inbox" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "event_inbox" ADD COLUMN "timestamp" timestamp with time zone;--> statement-breakpoint
UPDATE "event_inbox" i
   SET "account_id" = e."account_id", "integration_id" = e."integration_id", "person_id" = e."person_id",
       "person_integration_id" = e."person_integration_id", "kind" = e."kind", "timestamp" = e."timestamp"
  FROM "activity_events" e
 WHERE e."id" = i."event_id";--> statement-breakpoint
DELETE FROM "event_inbox" WHERE "account_id" IS NULL;--> statement-breakpoint
ALTER TABLE "event_inbox" ALTER COLUMN "account_id" SET NOT NULL, ALTER COLUMN "integration_id" SET NOT NULL,
  ALTER COLUMN "person_id" SET NOT NULL, ALTER COLUMN "person_integration_id" SET NOT NULL,
  ALTER COLUMN "kind" SET NOT NULL, ALTER COLUMN "timestamp" SET NOT NULL;--> statement-breakpoint
CREATE FUNCTION "drop_inbox_rows_of_deleted_events"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "event_inbox") THEN
    DELETE FROM "event_inbox" i USING "deleted_events" d WHERE i."event_id" = d."id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "activity_events_delete_inbox" AFTER DELETE ON "activity_events"
  REFERENCING OLD TABLE AS "deleted_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "drop_inbox_rows_of_deleted_events"();
--> statement-breakpoint
CREATE FUNCTION "move_inbox_rows_of_updated_events"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "event_inbox") THEN
    UPDATE "event_inbox" i
       SET "account_id" = n."account_id", "integration_id" = n."integration_id", "person_id" = n."person_id",
           "person_integration_id" = n."person_integration_id", "kind" = n."kind", "timestamp" = n."timestamp"
      FROM "updated_events" n
     WHERE i."event_id" = n."id"
       AND (i."account_id", i."integration_id", i."person_id", i."person_integration_id", i."kind", i."timestamp")
           IS DISTINCT FROM (n."account_id", n."integration_id", n."person_id", n."person_integration_id", n."kind",
                             n."timestamp");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "activity_events_update_inbox" AFTER UPDATE ON "activity_events"
  REFERENCING NEW TABLE AS "updated_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "move_inbox_rows_of_updated_events"();
