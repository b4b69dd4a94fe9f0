import { z } from 'zod';
import { isoDate } from './common.ts';

// Names found valid (a bounded set: the runtime's zones); checking builds an Intl formatter, which
// costs about as much as the rest of validating a request's query.
const knownTimezones = new Set<string>();

/** True when `name` is an IANA timezone the runtime knows (e.g. 'Europe/Berlin', 'UTC'). */
export function isTimezone(name: string): boolean {
  if (!name || name.length > 64) return false;
  if (knownTimezones.has(name)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
  } catch {
    return false;
  }
  knownTimezones.add(name);
  return true;
}

/** An IANA timezone name such as America/New_York. */
export const timezoneName = z
  .string({ message: 'must be an IANA timezone such as America/New_York' })
  .trim()
  .refine(isTimezone, { message: 'must be an IANA timezone such as America/New_York' });

export const personStatus = z.enum(['active', 'unassigned', 'ignored']);
export type PersonStatus = z.infer<typeof personStatus>;

const isoTime = z.string().describe('ISO 8601 date-time (UTC)');
const metadata = z.record(z.string(), z.unknown());

/** A span of presence in one integration. Blocks of several integrations may overlap: they are returned as they are. */
export const activityBlock = z
  .object({
    id: z.uuid(),
    kind: z.string().describe("Default 'activity'"),
    startTime: isoTime,
    endTime: isoTime.nullable().describe('null while the block is ongoing'),
    isOngoing: z.boolean(),
    durationMinutes: z.number().int().describe('Up to now for an ongoing block'),
    timezoneAtStart: z.string(),
    metadata,
    integrationName: z.string(),
    integrationId: z.uuid(),
    integrationColor: z.string().nullable().describe("The integration's config.color"),
  })
  .meta({ id: 'ActivityBlock' });
export type ActivityBlock = z.infer<typeof activityBlock>;

export const activityEvent = z
  .object({
    id: z.uuid(),
    kind: z.string().describe('e.g. git_commit, deployment, google_drive_file_edit'),
    timestamp: isoTime,
    title: z.string().nullable(),
    url: z.string().nullable(),
    externalId: z.string(),
    metadata,
    integrationName: z.string(),
    integrationKind: z.string().describe('The provider of the integration’s service, e.g. github, google'),
    integrationColor: z.string().nullable(),
  })
  .meta({ id: 'ActivityEvent' });
export type ActivityEvent = z.infer<typeof activityEvent>;

export const activityPrediction = z
  .object({
    id: z.uuid(),
    startTime: isoTime,
    endTime: isoTime,
    durationMinutes: z.number().int(),
    timezoneAtStart: z.string(),
    confidence: z.number().min(0).max(1),
    isOngoing: z.boolean().describe('The prediction window contains the current time'),
  })
  .meta({ id: 'ActivityPrediction' });
export type ActivityPrediction = z.infer<typeof activityPrediction>;

/** One column of the dashboard: an active person and that day's activity. */
export const dashboardPerson = z
  .object({
    id: z.uuid(),
    name: z.string().nullable(),
    email: z.string().nullable(),
    status: personStatus,
    color: z.string().nullable().describe('Own colour; when null the client derives one from the id'),
    timezone: z.string().describe('Effective IANA timezone: manual, else automatic, else UTC'),
    isOnline: z.boolean(),
    lastSeenAt: isoTime.nullable(),
    personIdentifier: z.string().nullable(),
    isDemo: z.boolean().describe('Made by Demo Data'),
    activityBlocks: z.array(activityBlock),
    activityEvents: z.array(activityEvent),
    activityPredictions: z.array(activityPrediction).describe("Empty unless the account has the 'predictions' feature"),
  })
  .meta({ id: 'DashboardPerson' });
export type DashboardPerson = z.infer<typeof dashboardPerson>;

/** A repeated (or comma-separated) query parameter of person ids. */
export const personIdsParam = z.preprocess(
  (v) => {
    if (v === undefined || v === '') return undefined;
    const list = Array.isArray(v) ? v : [v];
    return list.flatMap((item) => (typeof item === 'string' ? item.split(',').filter(Boolean) : [item]));
  },
  z
    .array(z.uuid({ message: 'must be a list of person ids' }))
    .max(500, 'must list at most 500 people')
    .optional(),
);

export const activitiesQuery = z.object({
  date: isoDate.optional().describe('The viewed day, YYYY-MM-DD; today in `tz` when absent'),
  tz: timezoneName.optional().describe("The viewer's IANA timezone; the day window is 00:00-24:00 there. Default UTC"),
  visiblePeople: personIdsParam.describe('Repeated (or comma-separated) person ids; all active people when absent'),
});
export type ActivitiesQuery = z.input<typeof activitiesQuery>;

export const activitiesResponse = z.object({
  date: z.string().describe('The day shown, YYYY-MM-DD'),
  timezone: z.string().describe('The timezone of the day window'),
  windowStart: isoTime,
  windowEnd: isoTime,
  people: z.array(dashboardPerson),
});
export type ActivitiesResponse = z.infer<typeof activitiesResponse>;
