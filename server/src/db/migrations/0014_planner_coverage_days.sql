CREATE TABLE "planner_coverage_days" (
	"person_id" uuid NOT NULL,
	"day" date NOT NULL,
	"account_id" uuid NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"online_mask" bigint,
	"mask_version" integer,
	CONSTRAINT "planner_coverage_days_person_id_day_pk" PRIMARY KEY("person_id","day")
);
--> statement-breakpoint
ALTER TABLE "planner_coverage_days" ADD CONSTRAINT "planner_coverage_days_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Raises the version of the planner's past days (UTC, before today, at most 40 days back) that
-- [from, to) reaches for the person (to null: open-ended), so a mask computed before the change no
-- longer counts. An upsert, not an update: it waits for a planner that is inserting the same day's
-- mask and then marks it out of date, and the planner's insert waits for it the same way. Nothing
-- for a person being deleted (their rows go with them).
CREATE FUNCTION "planner_coverage_touch"(p_account uuid, p_person uuid, p_from timestamptz, p_to timestamptz)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  today date := (clock_timestamp() AT TIME ZONE 'UTC')::date;
  first_day date := greatest((p_from AT TIME ZONE 'UTC')::date, today - 40);
  last_day date := today - 1;
BEGIN
  IF p_to IS NOT NULL AND p_to <> 'infinity'::timestamptz THEN
    last_day := least(last_day, ((p_to - interval '1 microsecond') AT TIME ZONE 'UTC')::date);
  END IF;
  IF first_day > last_day THEN
    RETURN;
  END IF;
  INSERT INTO planner_coverage_days (person_id, day, account_id, version)
  SELECT p_person, d::date, p_account, 1
    FROM generate_series(first_day, last_day, interval '1 day') d
   WHERE EXISTS (SELECT 1 FROM people WHERE id = p_person)
  ON CONFLICT (person_id, day) DO UPDATE SET version = planner_coverage_days.version + 1;
END
$$;
--> statement-breakpoint
-- What a block change reaches: an inserted or deleted block its whole span; an update its old and
-- new spans when its person or start moved, else the stretch between its old and new end.
CREATE FUNCTION "activity_blocks_planner_coverage"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM planner_coverage_touch(NEW.account_id, NEW.person_id, NEW.start_time, NEW.end_time);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM planner_coverage_touch(OLD.account_id, OLD.person_id, OLD.start_time, OLD.end_time);
  ELSIF OLD.person_id IS DISTINCT FROM NEW.person_id OR OLD.start_time IS DISTINCT FROM NEW.start_time THEN
    PERFORM planner_coverage_touch(OLD.account_id, OLD.person_id, OLD.start_time, OLD.end_time);
    PERFORM planner_coverage_touch(NEW.account_id, NEW.person_id, NEW.start_time, NEW.end_time);
  ELSE
    PERFORM planner_coverage_touch(NEW.account_id, NEW.person_id,
      least(coalesce(OLD.end_time, 'infinity'), coalesce(NEW.end_time, 'infinity')),
      CASE WHEN OLD.end_time IS NULL OR NEW.end_time IS NULL THEN NULL ELSE greatest(OLD.end_time, NEW.end_time) END);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Only changes reaching before today (UTC) call the function: the ingest's steady writes (an
-- ongoing block's end moving on today) pass the WHEN test alone.
CREATE TRIGGER "activity_blocks_planner_coverage_insert" AFTER INSERT ON "activity_blocks" FOR EACH ROW
  WHEN (NEW.start_time < date_trunc('day', clock_timestamp(), 'UTC'))
  EXECUTE FUNCTION activity_blocks_planner_coverage();
--> statement-breakpoint
CREATE TRIGGER "activity_blocks_planner_coverage_delete" AFTER DELETE ON "activity_blocks" FOR EACH ROW
  WHEN (OLD.start_time < date_trunc('day', clock_timestamp(), 'UTC'))
  EXECUTE FUNCTION activity_blocks_planner_coverage();
--> statement-breakpoint
CREATE TRIGGER "activity_blocks_planner_coverage_update" AFTER UPDATE ON "activity_blocks" FOR EACH ROW
  WHEN (((OLD.person_id IS DISTINCT FROM NEW.person_id OR OLD.start_time IS DISTINCT FROM NEW.start_time)
          AND least(OLD.start_time, NEW.start_time) < date_trunc('day', clock_timestamp(), 'UTC'))
     OR (OLD.end_time IS DISTINCT FROM NEW.end_time
          AND least(coalesce(OLD.end_time, 'infinity'), coalesce(NEW.end_time, 'infinity')) < date_trunc('day', clock_timestamp(), 'UTC')))
  EXECUTE FUNCTION activity_blocks_planner_coverage();
