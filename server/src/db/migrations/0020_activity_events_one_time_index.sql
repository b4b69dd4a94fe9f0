ALTER TABLE "integration_run_events" DROP CONSTRAINT "integration_run_events_run_id_integration_runs_id_fk";
--> statement-breakpoint
DROP INDEX "activity_events_pi_time_idx";--> statement-breakpoint
DROP INDEX "activity_events_person_time_idx";--> statement-breakpoint
CREATE INDEX "activity_events_person_time_idx" ON "activity_events" USING btree ("person_id","timestamp","person_integration_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "delete_events_of_deleted_person_integrations"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Through the person's time index: an event's person is always its person-integration's.
  DELETE FROM "activity_events" e USING "deleted_person_integrations" d
   WHERE e."person_id" = d."person_id" AND e."person_integration_id" = d."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "delete_debug_events_of_deleted_runs"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "integration_run_events" e USING "deleted_runs" d WHERE e."run_id" = d."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "integration_runs_delete_debug_events" AFTER DELETE ON "integration_runs"
  REFERENCING OLD TABLE AS "deleted_runs"
  FOR EACH STATEMENT EXECUTE FUNCTION "delete_debug_events_of_deleted_runs"();
