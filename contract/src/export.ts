import { z } from 'zod';
import { personIdsParam } from './activity.ts';
import { isoDate } from './common.ts';

/** The longest range one export may cover. */
export const MAX_EXPORT_DAYS = 366;

export const exportDaysQuery = z.object({
  from: isoDate.describe('First day, YYYY-MM-DD (each person’s local day)'),
  to: isoDate.describe(`Last day, YYYY-MM-DD, inclusive; at most ${MAX_EXPORT_DAYS} days after from`),
  people: personIdsParam.describe(
    'Repeated (or comma-separated) person ids; every active person when absent. Ids that are not active people of the account are left out',
  ),
});
export type ExportDaysQuery = z.input<typeof exportDaysQuery>;

/** One person's local day. The CSV has the same columns in this order. */
export const exportDay = z
  .object({
    person: z.string().describe('Name, else email, else identifier'),
    date: z.string().describe("YYYY-MM-DD in the person's timezone"),
    timezone: z.string(),
    firstActivity: z.string().nullable().describe("ISO 8601 with the person's offset; null on a day without activity"),
    lastActivity: z.string().nullable(),
    onlineMinutes: z.number().int().describe('Overlapping blocks of several integrations counted once'),
    blocks: z.number().int().describe('Blocks that start that day'),
    events: z.number().int(),
    personId: z.uuid(),
  })
  .meta({ id: 'ExportDay' });
export type ExportDay = z.infer<typeof exportDay>;

export const exportDaysJson = z.object({ from: z.string(), to: z.string(), days: z.array(exportDay) });
export type ExportDaysJson = z.infer<typeof exportDaysJson>;

/** CSV header, in column order. */
export const EXPORT_CSV_COLUMNS = [
  'person',
  'date',
  'timezone',
  'first activity',
  'last activity',
  'online minutes',
  'blocks',
  'events',
  'person id',
] as const;

export { exportPaths as paths } from './paths.ts';
