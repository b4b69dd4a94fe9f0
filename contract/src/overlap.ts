import { z } from 'zod';
import { personIdsParam, timezoneName } from './activity.ts';
import { isoDate } from './common.ts';

/** Length of one planner slot. */
export const SLOT_MINUTES = 30;
/** How many days one planner request may cover. */
export const MAX_OVERLAP_DAYS = 14;
/** At most this many best windows are returned, longest first. */
export const MAX_BEST_WINDOWS = 5;

const isoTime = z.string().describe('ISO 8601 date-time (UTC)');
const confidence = z.number().min(0).max(1);

export const overlapQuery = z.object({
  from: isoDate.optional().describe('The first day, YYYY-MM-DD in `tz`; today there when absent'),
  days: z.coerce
    .number({ message: `must be a whole number from 1 to ${MAX_OVERLAP_DAYS}` })
    .int(`must be a whole number from 1 to ${MAX_OVERLAP_DAYS}`)
    .min(1, `must be a whole number from 1 to ${MAX_OVERLAP_DAYS}`)
    .max(MAX_OVERLAP_DAYS, `must be a whole number from 1 to ${MAX_OVERLAP_DAYS}`)
    .default(1)
    .describe(`How many days from \`from\` (1 to ${MAX_OVERLAP_DAYS}, default 1)`),
  tz: timezoneName.optional().describe("The viewer's IANA timezone: days and slots are cut there. Default UTC"),
  people: personIdsParam.describe(
    'Repeated (or comma-separated) person ids; every active person when absent. Ids that are not active people of the account are left out',
  ),
});
export type OverlapQuery = z.input<typeof overlapQuery>;

/** A position in the answer's `people` list. */
const personIndex = z.number().int().min(0);

export const overlapSlot = z
  .object({
    start: isoTime,
    end: isoTime,
    online: z
      .array(personIndex)
      .describe(
        'Who is online: indexes into `people` of those whose activity blocks cover at least half of the slot (past and current slots), ascending',
      ),
    likely: z
      .array(personIndex)
      .describe(
        'Who is likely online: indexes into `people` of those predicted online for at least half of the slot (current and future slots), not already online, ascending',
      ),
    likelyConfidence: z
      .array(confidence)
      .describe('How sure each prediction in `likely` is, 0 to 1, in the same order as `likely`'),
  })
  .meta({ id: 'OverlapSlot' });
export type OverlapSlot = z.infer<typeof overlapSlot>;

export const overlapWindow = z
  .object({
    start: isoTime,
    end: isoTime,
    people: z.array(z.uuid()).describe('Who is online or likely online throughout the window'),
    confidence: confidence.describe('Mean confidence of those people over the window (1 for someone online now)'),
  })
  .meta({ id: 'OverlapWindow' });
export type OverlapWindow = z.infer<typeof overlapWindow>;

export const overlapResponse = z
  .object({
    timezone: z.string().describe('The timezone the days were cut in'),
    slotMinutes: z.literal(SLOT_MINUTES),
    people: z
      .array(z.uuid())
      .describe(
        "The people of the answer (the asked active people, by name): slots' `online` and `likely` are positions in this list",
      ),
    slots: z.array(overlapSlot),
    best: z
      .array(overlapWindow)
      .describe(
        `The longest windows (at least one slot) from now on where the most people are online or likely together, longest first, at most ${MAX_BEST_WINDOWS}`,
      ),
  })
  .meta({ id: 'Overlap' });
export type OverlapResponse = z.infer<typeof overlapResponse>;

/** A stretch of wall-clock time, 'HH:MM' to 'HH:MM' ('00:00' as an end is midnight; end < start crosses midnight). */
export const clockRange = z.object({ start: z.string(), end: z.string() });
export type ClockRange = z.infer<typeof clockRange>;

export const availabilityQuery = z.object({
  tz: timezoneName.optional().describe("The viewer's IANA timezone. Default UTC"),
});

export const availabilityResponse = z
  .object({
    personId: z.uuid(),
    timezone: z.string().describe("The person's effective timezone"),
    viewerTimezone: z.string(),
    isOnline: z.boolean(),
    usuallyOnline: z.object({
      personTime: z.array(clockRange).describe("In the person's timezone"),
      viewerTime: z.array(clockRange).describe("The same hours in the viewer's timezone (today's offsets)"),
      basedOnDays: z.number().int().describe('Days with activity in the last 28 days the hours were learnt from'),
    }),
    nextLikelyOnline: z
      .object({ start: isoTime, end: isoTime, confidence })
      .nullable()
      .describe('The next predicted online span that has not ended; null when online now or nothing is predicted'),
  })
  .meta({ id: 'Availability' });
export type AvailabilityResponse = z.infer<typeof availabilityResponse>;

export { overlapPaths as paths } from './paths.ts';
