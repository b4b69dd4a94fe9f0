CREATE TABLE "presence_inbox" (
	"account_id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"person_integration_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"timezone" text,
	"details" jsonb,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "presence_samples" DROP CONSTRAINT "presence_samples_person_integration_id_person_integrations_id_fk";
--> statement-breakpoint
CREATE FUNCTION "delete_samples_of_deleted_person_integrations"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "presence_samples" s USING "deleted_person_integrations" d WHERE s."person_integration_id" = d."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "person_integrations_delete_samples" AFTER DELETE ON "person_integrations"
  REFERENCING OLD TABLE AS "deleted_person_integrations"
  FOR EACH STATEMENT EXECUTE FUNCTION "delete_samples_of_deleted_person_integrations"();
