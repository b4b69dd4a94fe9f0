-- Statistics on block length: without them the planner guesses a third of all blocks are ongoing
-- or longer than a day (the partial index activity_blocks_long_idx), and plans the day and week
-- reads as parallel scans of the account's blocks (about 10x slower on a year of 500 people).
CREATE STATISTICS IF NOT EXISTS "activity_blocks_length_stats" ON (end_time - start_time) FROM "activity_blocks";--> statement-breakpoint
ANALYZE "activity_blocks";
