import { z } from 'zod';

export const DEFAULT_MIN_DURATION_HOURS = 8;

/** POST /api/v1/account/maintenance/detect-gaps query: a calendar month (UTC) and the long-block threshold. */
export const detectGapsQuery = z.object({
  year: z.coerce
    .number({ message: 'must be a year such as 2025' })
    .int({ message: 'must be a year such as 2025' })
    .min(2000, { message: 'must be a year such as 2025' })
    .max(2100, { message: 'must be a year such as 2025' }),
  month: z.coerce
    .number({ message: 'must be a month from 1 to 12' })
    .int({ message: 'must be a month from 1 to 12' })
    .min(1, { message: 'must be a month from 1 to 12' })
    .max(12, { message: 'must be a month from 1 to 12' }),
  minDurationHours: z.coerce
    .number({ message: 'must be a number of hours of at least 0.5' })
    .min(0.5, { message: 'must be a number of hours of at least 0.5' })
    .max(24 * 31, { message: 'must be at most 744 hours' })
    .default(DEFAULT_MIN_DURATION_HOURS),
});
export type DetectGapsQuery = z.input<typeof detectGapsQuery>;

export const longActivityBlock = z.object({
  id: z.uuid(),
  personId: z.uuid(),
  personName: z.string().nullable(),
  integrationName: z.string(),
  startTime: z.string(),
  endTime: z.string().nullable(),
  durationHours: z.number(),
  isOngoing: z.boolean(),
  date: z.string().describe('Local date (YYYY-MM-DD) of the start, in the timezone recorded on the block'),
});
export type LongActivityBlock = z.infer<typeof longActivityBlock>;

export const integrationGap = z.object({
  integrationId: z.uuid(),
  integrationName: z.string(),
  gapStart: z.string().describe('Start of the last successful run before the gap'),
  gapEnd: z.string().describe('Start of the first successful run after the gap'),
  durationMinutes: z.number().int(),
  affectedBlocksCount: z.number().int(),
  affectedDates: z.array(z.string()),
});
export type IntegrationGap = z.infer<typeof integrationGap>;

export const gapReport = z
  .object({
    totalLongBlocks: z.number().int(),
    totalGaps: z.number().int(),
    totalAffectedBlocks: z.number().int(),
    summary: z.object({ averageBlockHours: z.number(), averageGapMinutes: z.number() }),
    longActivityBlocks: z.array(longActivityBlock),
    gaps: z.array(integrationGap),
  })
  .meta({ id: 'GapReport' });
export type GapReport = z.infer<typeof gapReport>;

export const fixBlocksResult = z.object({
  totalBlocksFixed: z.number().int(),
  gapsProcessed: z.number().int(),
  summary: z.object({
    totalDurationReduced: z.number().describe('Minutes'),
    averageDurationReduction: z.number().describe('Minutes per fixed block'),
  }),
});
export type FixBlocksResult = z.infer<typeof fixBlocksResult>;

export { maintenancePaths as paths } from './paths.ts';
