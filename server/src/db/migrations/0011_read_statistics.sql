-- Statistics on block length: without them the planner guesses a third of all blocks are ongoing
-- or longer than a day (the partial index activity_blocks_long_idx), and plans the day and week
-- reads as parallel scans of the account's blocks (about 10x slower on a year of 500 people).
CREATE STATISTICS IF NOT EXISTS "activity_blocks_length_stats" ON (end_time - start_time) FROM "activity_blocks";--> statement-breakpoint
ANALYZE "activity_blocks";
--> statement-breakpoint
-- No parallel workers for this database's queries: they are short reads and writes, and starting
-- workers cost more than they saved (36 of 52 ms on a 500-person day read on the 2-core machine).
-- Skipped, with a notice, where the migrating role may not change database settings.
DO $$
BEGIN
  EXECUTE format('ALTER DATABASE %I SET max_parallel_workers_per_gather = 0', current_database());
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'max_parallel_workers_per_gather left as it is: %', SQLERRM;
END
$$;
