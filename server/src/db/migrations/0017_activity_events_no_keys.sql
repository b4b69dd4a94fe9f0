ALTER TABLE "activity_events" DROP CONSTRAINT "activity_events_person_integration_id_person_integrations_id_fk";
--> statement-breakpoint
CREATE FUNCTION "delete_events_of_deleted_person_integrations"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "activity_events" e USING "deleted_person_integrations" d WHERE e."person_integration_id" = d."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "person_integrations_delete_events" AFTER DELETE ON "person_integrations"
  REFERENCING OLD TABLE AS "deleted_person_integrations"
  FOR EACH STATEMENT EXECUTE FUNCTION "delete_events_of_deleted_person_integrations"();
