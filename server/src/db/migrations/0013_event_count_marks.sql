CREATE TABLE "event_count_marks" (
	"person_id" uuid NOT NULL,
	"day" date NOT NULL,
	"row_xmin" text NOT NULL,
	CONSTRAINT "event_count_marks_person_id_day_pk" PRIMARY KEY("person_id","day")
);
--> statement-breakpoint
-- A mark only saves the event rounds a count: lost in a database crash, the day is counted again.
ALTER TABLE "event_count_marks" SET UNLOGGED;
