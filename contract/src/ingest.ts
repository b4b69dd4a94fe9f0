import { z } from 'zod';

/** Presence values of every source; online, dnd, meeting and busy count as active. */
export const presenceStatuses = ['online', 'away', 'offline', 'dnd', 'meeting', 'busy'] as const;
export const presenceStatus = z.enum(presenceStatuses, {
  message: `must be one of ${presenceStatuses.join(', ')}`,
});
export type PresenceStatus = z.infer<typeof presenceStatus>;

/** Most users (presence) or events (events) one push may carry. */
export const MAX_PUSH_ITEMS = 1000;
/** Largest accepted request body in bytes; larger bodies answer 413. */
export const MAX_PUSH_BODY_BYTES = 1024 * 1024;
/** How far a timestamp may lie in the future (clock skew allowance). */
export const MAX_FUTURE_SKEW_MS = 5 * 60_000;
/** The earliest observed time accepted (presence and event timestamps, connector data). */
export const MIN_OBSERVED_TIME = '2000-01-01T00:00:00Z';
const MIN_OBSERVED_MS = Date.parse(MIN_OBSERVED_TIME);

/** Whether an observed time lies in the accepted range: from 2000-01-01 to 5 minutes from now. */
export function observedTimeProblem(ms: number, now = Date.now()): string | undefined {
  if (Number.isNaN(ms)) return 'must be an ISO 8601 date-time with a timezone, e.g. 2025-03-14T09:30:00Z';
  if (ms < MIN_OBSERVED_MS) return 'must not be before 2000-01-01';
  if (ms > now + MAX_FUTURE_SKEW_MS) return 'must not be more than 5 minutes in the future';
  return undefined;
}

/** Requests per minute one API key may make; more answer 429 with Retry-After. */
export const DEFAULT_PUSH_RATE_LIMIT_PER_MINUTE = 120;

/** Zones already found valid (a bounded set: building a formatter costs ~0.3 ms, per pushed user). */
const knownTimeZones = new Set<string>();

export function isIanaTimeZone(value: string): boolean {
  if (knownTimeZones.has(value)) return true;
  if (!value.includes('/') && value !== 'UTC') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    knownTimeZones.add(value);
    return true;
  } catch {
    return false;
  }
}

const pushTimestamp = z
  .string()
  .pipe(
    z.iso.datetime({
      offset: true,
      message: 'must be an ISO 8601 date-time with a timezone, e.g. 2025-03-14T09:30:00Z',
    }),
  )
  .superRefine((v, ctx) => {
    const problem = observedTimeProblem(Date.parse(v));
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const personIdentifier = z
  .string({ message: 'is required' })
  .trim()
  .min(1, 'must not be empty')
  .max(256, 'must be at most 256 characters')
  .describe("The source's stable id of the person (user id, username or e-mail). Same value = same person.");

const source = z
  .string({ message: 'is required' })
  .trim()
  .min(1, 'must not be empty')
  .max(100, 'must be at most 100 characters')
  .describe('Free text naming the system that sends the data, e.g. "my-chat-bridge"');

export const presenceUser = z.object({
  personIdentifier,
  status: presenceStatus.describe('online, dnd, meeting and busy count as active; away and offline end activity'),
  firstname: z.string().trim().max(200).nullish().describe('Used as the name of a new person when name is missing'),
  name: z.string().trim().max(200).nullish().describe('Full name, used when the person is seen for the first time'),
  email: z.email({ message: 'must be an e-mail address' }).nullish(),
  timezone: z
    .string()
    .refine(isIanaTimeZone, { message: 'must be an IANA timezone such as Europe/Berlin' })
    .nullish()
    .describe("IANA timezone; kept as the person's automatic timezone (a timezone set in Overlap wins)"),
  details: z.record(z.string(), z.unknown()).nullish().describe('Free-form extra data kept with the person'),
});
export type PresenceUser = z.infer<typeof presenceUser>;

export const presencePushBody = z
  .object({
    timestamp: pushTimestamp.describe('When the statuses were observed (ISO 8601 with timezone)'),
    source,
    users: z
      .array(presenceUser)
      .max(MAX_PUSH_ITEMS, `must contain at most ${MAX_PUSH_ITEMS} users`)
      .superRefine((users, ctx) => {
        const seen = new Map<string, number>();
        users.forEach((u, i) => {
          const key = typeof u.personIdentifier === 'string' ? u.personIdentifier : '';
          const first = seen.get(key);
          if (first !== undefined) {
            ctx.addIssue({
              code: 'custom',
              path: [i, 'personIdentifier'],
              message: `appears twice in one push (also users.${first})`,
            });
          } else seen.set(key, i);
        });
      })
      .describe(`One entry per person, at most ${MAX_PUSH_ITEMS}`),
  })
  .meta({
    id: 'PresencePush',
    example: {
      timestamp: '2025-03-14T09:30:00Z',
      source: 'my-chat-bridge',
      users: [
        { personIdentifier: 'u-1042', status: 'online', name: 'Ada Lovelace', timezone: 'Europe/London' },
        { personIdentifier: 'u-1043', status: 'away', firstname: 'Grace', timezone: 'America/New_York' },
      ],
    },
  });
export type PresencePushBody = z.infer<typeof presencePushBody>;

export const presencePushResult = z
  .object({
    success: z.literal(true),
    accepted: z.number().int().describe('Samples stored (ignored people are acknowledged but not stored)'),
    skipped: z.number().int().describe('Users acknowledged and discarded because they are ignored in Overlap'),
    peopleCreated: z.number().int().describe('Identifiers seen for the first time (new unassigned people)'),
    runId: z.uuid().describe('The integration run that recorded this push'),
  })
  .meta({
    id: 'PresencePushResult',
    example: {
      success: true,
      accepted: 2,
      skipped: 0,
      peopleCreated: 1,
      runId: '0b6f6a2e-6c1d-4a43-9b7e-0e8b1d1f2a10',
    },
  });
export type PresencePushResult = z.infer<typeof presencePushResult>;

export const activityEventInput = z.object({
  externalId: z
    .string({ message: 'is required' })
    .trim()
    .min(1, 'must not be empty')
    .max(256, 'must be at most 256 characters')
    .describe('Your unique id of the event; sending the same externalId again stores nothing new'),
  kind: z
    .string({ message: 'is required' })
    .trim()
    .min(1, 'must not be empty')
    .max(100, 'must be at most 100 characters')
    .describe('e.g. git_commit, deployment, google_drive_file_edit'),
  timestamp: pushTimestamp.describe('When the event happened (ISO 8601 with timezone)'),
  title: z.string().max(500, 'must be at most 500 characters').nullish(),
  url: z
    .url({ protocol: /^https?$/, message: 'must be an http or https URL' })
    .max(2000, 'must be at most 2000 characters')
    .nullish(),
  personIdentifier,
  metadata: z.record(z.string(), z.unknown()).nullish().describe('Free-form data shown with the event'),
});
export type ActivityEventInput = z.infer<typeof activityEventInput>;

export const eventsPushBody = z
  .object({
    timestamp: pushTimestamp.describe('When the batch was sent (ISO 8601 with timezone)'),
    source,
    events: z
      .array(activityEventInput)
      .max(MAX_PUSH_ITEMS, `must contain at most ${MAX_PUSH_ITEMS} events`)
      .describe(`At most ${MAX_PUSH_ITEMS} events`),
  })
  .meta({
    id: 'EventsPush',
    example: {
      timestamp: '2025-03-14T09:31:00Z',
      source: 'ci',
      events: [
        {
          externalId: 'commit-9f2c1e7',
          kind: 'git_commit',
          timestamp: '2025-03-14T09:12:44Z',
          title: 'Fix timezone of weekly report',
          url: 'https://git.example.com/acme/app/commit/9f2c1e7',
          personIdentifier: 'u-1042',
          metadata: { authorName: 'Ada Lovelace' },
        },
      ],
    },
  });
export type EventsPushBody = z.infer<typeof eventsPushBody>;

export const eventsPushResult = z
  .object({
    success: z.literal(true),
    created: z.number().int().describe('Events stored now'),
    duplicates: z.number().int().describe('Events already stored before (same externalId)'),
    skipped: z.number().int().describe('Events of people ignored in Overlap, acknowledged and discarded'),
    runId: z.uuid(),
  })
  .meta({
    id: 'EventsPushResult',
    example: { success: true, created: 1, duplicates: 0, skipped: 0, runId: '0b6f6a2e-6c1d-4a43-9b7e-0e8b1d1f2a11' },
  });
export type EventsPushResult = z.infer<typeof eventsPushResult>;

export const activateResult = z
  .object({
    success: z.literal(true),
    integrationId: z.uuid(),
    isActivated: z.literal(true),
    lastConnectedAt: z.string(),
  })
  .meta({ id: 'ActivateResult' });
export type ActivateResult = z.infer<typeof activateResult>;
