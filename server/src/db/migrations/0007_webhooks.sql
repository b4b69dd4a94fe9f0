CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"webhook_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now(),
	"locked_until" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"response_status" integer,
	"error" text,
	"attempt_log" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"secret_encrypted" text NOT NULL,
	"secret_hint" text NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_event_unique" ON "webhook_deliveries" USING btree ("webhook_id","event_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_webhook_idx" ON "webhook_deliveries" USING btree ("webhook_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhooks_account_idx" ON "webhooks" USING btree ("account_id");--> statement-breakpoint
CREATE FUNCTION "queue_person_presence_webhooks"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_type text := CASE WHEN NEW."is_online" THEN 'person.online' ELSE 'person.offline' END;
  utc_iso text := 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';
  v_event uuid := gen_random_uuid();
BEGIN
  INSERT INTO "webhook_deliveries" ("account_id", "webhook_id", "event_id", "event_type", "payload")
  SELECT w."account_id", w."id", v_event, v_type, jsonb_build_object(
           'id', v_event,
           'type', v_type,
           'createdAt', to_char(now() AT TIME ZONE 'UTC', utc_iso),
           'data', jsonb_build_object(
             'person', jsonb_build_object(
               'id', NEW."id",
               'name', coalesce(NEW."name", NEW."email", NEW."person_identifier"),
               'timezone', coalesce(NEW."timezone_manual", NEW."timezone_automatic", 'UTC')),
             'online', NEW."is_online",
             'lastSeenAt', to_char(NEW."last_seen_at" AT TIME ZONE 'UTC', utc_iso)))
    FROM "webhooks" w
   WHERE w."account_id" = NEW."account_id" AND w."active" AND v_type = ANY (w."events");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "people_presence_webhooks" AFTER UPDATE OF "is_online" ON "people"
  FOR EACH ROW
  WHEN (OLD."is_online" IS DISTINCT FROM NEW."is_online" AND NEW."status" = 'active')
  EXECUTE FUNCTION "queue_person_presence_webhooks"();
