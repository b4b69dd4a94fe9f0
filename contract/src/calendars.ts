import { z } from 'zod';
import { activityBlock, activityEvent, activityPrediction } from './activity.ts';
import { isoDate } from './common.ts';

export const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
/** Minutes of online time that give a full activityScore of 1 (10 hours, the top heat-map band). */
export const FULL_SCORE_MINUTES = 600;
export const MIN_YEAR = 2000;
export const MAX_YEAR = 2100;

export const weekQuery = z.object({
  date: isoDate
    .optional()
    .describe("Any day of the wanted week, YYYY-MM-DD; today in the person's timezone when absent"),
});
export type WeekQuery = z.input<typeof weekQuery>;

export const dailyActivity = z.object({
  date: z.string().describe('YYYY-MM-DD in the person’s timezone'),
  dayOfWeek: z.enum(DAY_NAMES),
  activityBlocks: z
    .array(activityBlock)
    .describe('Blocks overlapping this local day (a block crossing midnight is in both days)'),
  activityEvents: z.array(activityEvent),
  activityPredictions: z.array(activityPrediction).describe("Empty unless the account has the 'predictions' feature"),
});
export type DailyActivity = z.infer<typeof dailyActivity>;

export const weeklyData = z
  .object({
    personId: z.uuid(),
    personName: z.string().nullable(),
    personColor: z.string().nullable(),
    personTimezone: z.string().describe('Effective IANA timezone of the person; days are cut there'),
    weekStart: z.string().describe('The Monday, YYYY-MM-DD'),
    weekEnd: z.string().describe('The Sunday, YYYY-MM-DD'),
    dailyActivities: z.array(dailyActivity).length(7),
  })
  .meta({ id: 'WeeklyData' });
export type WeeklyData = z.infer<typeof weeklyData>;

export const yearQuery = z.object({
  year: z.coerce
    .number({ message: 'must be a year such as 2025' })
    .int('must be a whole year such as 2025')
    .min(MIN_YEAR, `must be ${MIN_YEAR} or later`)
    .max(MAX_YEAR, `must be ${MAX_YEAR} or earlier`)
    .optional()
    .describe("Default: the current year in the person's timezone"),
});
export type YearQuery = z.input<typeof yearQuery>;

export const dailySummary = z.object({
  date: z.string().describe('YYYY-MM-DD in the person’s timezone'),
  activityScore: z.number().min(0).max(1).describe('min(1, totalMinutes / 600), rounded to 2 decimals'),
  totalBlocks: z.number().int(),
  totalEvents: z.number().int(),
  totalMinutes: z.number().int().describe('Online minutes, overlap across integrations counted once'),
});
export type DailySummary = z.infer<typeof dailySummary>;

export const yearlyData = z
  .object({
    personId: z.uuid(),
    personName: z.string().nullable(),
    personColor: z.string().nullable(),
    personTimezone: z.string(),
    year: z.number().int(),
    dailySummaries: z.array(dailySummary).describe('One entry per day of the year, in date order'),
  })
  .meta({ id: 'YearlyData' });
export type YearlyData = z.infer<typeof yearlyData>;
