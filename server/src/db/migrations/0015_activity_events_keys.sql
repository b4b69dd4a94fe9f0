ALTER TABLE "activity_events" DROP CONSTRAINT "activity_events_integration_id_integrations_id_fk";
--> statement-breakpoint
ALTER TABLE "activity_events" DROP CONSTRAINT "activity_events_person_id_people_id_fk";

--> statement-breakpoint
CREATE FUNCTION "delete_events_of_deleted_integrations"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "activity_events" e USING "deleted_integrations" d WHERE e."integration_id" = d."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "integrations_delete_events" AFTER DELETE ON "integrations"
  REFERENCING OLD TABLE AS "deleted_integrations"
  FOR EACH STATEMENT EXECUTE FUNCTION "delete_events_of_deleted_integrations"();
--> statement-breakpoint
CREATE FUNCTION "delete_events_of_deleted_people"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "activity_events" e USING "deleted_people" d WHERE e."person_id" = d."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "people_delete_events" AFTER DELETE ON "people"
  REFERENCING OLD TABLE AS "deleted_people"
  FOR EACH STATEMENT EXECUTE FUNCTION "delete_events_of_deleted_people"();
