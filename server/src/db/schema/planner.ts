import { bigint, date, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { people } from './activity.ts';

/**
 * The overlap planner's past days, one row per person and UTC day: which of the day's 48 half hours
 * the person's blocks covered for at least half (bit k = the half hour starting k × 30 min after
 * UTC midnight). Written by the planner itself the first time it reads a finished day (computed from
 * the blocks by the same code that places live blocks); `version` is raised by a trigger on
 * activity_blocks whenever a block change reaches that day (migration 0014), and a mask counts only
 * while `mask_version` equals `version`, so a mask never outlives the blocks it was computed from.
 */
export const plannerCoverageDays = pgTable(
  'planner_coverage_days',
  {
    personId: uuid('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    accountId: uuid('account_id').notNull(),
    /** Raised by every block change reaching the day. */
    version: integer('version').notNull().default(0),
    /** Null until computed. */
    onlineMask: bigint('online_mask', { mode: 'number' }),
    /** The `version` the mask was computed at. */
    maskVersion: integer('mask_version'),
  },
  (t) => [primaryKey({ columns: [t.personId, t.day] })],
);
