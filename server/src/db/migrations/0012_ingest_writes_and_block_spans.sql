CREATE TABLE "event_inbox" (
	"event_id" uuid NOT NULL
);
--> statement-breakpoint
-- The push API's per-key request counters need no durability: a crash of the database may reset
-- the current minute's count (the limit then restarts for that minute). Unlogged, their write is
-- no WAL and a request's key lookup no longer waits for a WAL flush.
ALTER TABLE "api_rate_limits" SET UNLOGGED;
--> statement-breakpoint
-- The index on (person, start) also carries end_time and account_id, so the overlap planner and
-- the day read take block spans from the index alone (an index-only scan) instead of visiting a
-- heap page for most blocks. Same name and leading columns: one index to maintain, not two.
DROP INDEX IF EXISTS "activity_blocks_person_time_idx";
--> statement-breakpoint
CREATE INDEX "activity_blocks_person_time_idx" ON "activity_blocks" USING btree ("person_id", "start_time") INCLUDE ("end_time", "account_id");
