import { z } from 'zod';
import { activityBlock, activityEvent, personStatus, timezoneName } from './activity.ts';
import { offsetQuery, pageQuery, pagination } from './common.ts';

export { type PersonStatus, personStatus } from './activity.ts';

const isoTime = z.string().describe('ISO 8601 date-time (UTC)');

export const PEOPLE_PAGE_SIZE = 20;
export const UNASSIGNED_PAGE_SIZE = 10;
export const IGNORED_PAGE_SIZE = 20;
export const PERSON_INTEGRATION_PAGE_SIZE = 20;
export const PERSON_NAME_MAX = 100;
export const PERSON_IDENTIFIER_MAX = 200;

/** A 3- or 6-digit hex colour with a leading # (spec 001 §5). */
export const colorField = z
  .string({ message: 'must be a hex colour such as #3b82f6' })
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'must be a hex colour such as #3b82f6 or #38f');

export const timezoneSettings = z.object({
  automatic: z.string().nullable().describe('Reported by an integration'),
  manual: z.string().nullable().describe('Set by a manager; wins over the automatic one'),
});

export const person = z
  .object({
    id: z.uuid(),
    name: z.string().nullable(),
    email: z.string().nullable(),
    status: personStatus,
    color: z.string().nullable(),
    timezone: z.string().describe('Effective IANA timezone: manual, else automatic, else UTC'),
    timezoneSettings,
    isOnline: z.boolean(),
    personIdentifier: z.string().nullable(),
    isDemo: z.boolean().describe('Made by Demo Data: outside the plan’s people limit'),
    archivedAt: isoTime.nullable(),
    createdAt: isoTime,
    details: z.object({ lastSeenAt: isoTime.nullable() }),
    lastSeenAt: isoTime.nullable(),
    _count: z.object({ activityBlocks: z.number().int(), activityEvents: z.number().int() }),
  })
  .meta({ id: 'Person' });
export type Person = z.infer<typeof person>;

export const integrationRef = z.object({
  id: z.uuid(),
  name: z.string(),
  provider: z.string().describe("The service's provider, e.g. slack, github"),
  serviceName: z.string(),
  color: z.string().nullable().describe("The integration's config.color"),
});
export type IntegrationRef = z.infer<typeof integrationRef>;

/** A person's identity in one integration. */
export const personIntegration = z
  .object({
    id: z.uuid(),
    externalId: z.string(),
    personIdentifier: z.string().describe('Same as externalId: the identifier the source uses'),
    metadata: z.record(z.string(), z.unknown()),
    lastStatus: z.string().nullable(),
    lastSeenAt: isoTime.nullable(),
    createdAt: isoTime,
    updatedAt: isoTime,
    integration: integrationRef,
    _count: z.object({ activityBlocks: z.number().int(), activityEvents: z.number().int() }),
  })
  .meta({ id: 'PersonIntegration' });
export type PersonIntegration = z.infer<typeof personIntegration>;

export const personStats = z.object({
  periodDays: z.number().int().describe('The stats cover the last N local days, today included (30)'),
  totalMinutes: z.number().int().describe('Online minutes, overlap across integrations counted once'),
  activeDays: z.number().int(),
  totalBlocks: z.number().int(),
  totalEvents: z.number().int(),
  averageMinutesPerActiveDay: z.number().int(),
  firstActivityAt: isoTime.nullable(),
  lastActivityAt: isoTime.nullable(),
});
export type PersonStats = z.infer<typeof personStats>;

export const personDetail = person
  .extend({
    personIntegrations: z.array(personIntegration),
    stats: personStats,
  })
  .meta({ id: 'PersonDetail' });
export type PersonDetail = z.infer<typeof personDetail>;

export const PEOPLE_SEARCH_MAX = 100;
export const peopleSort = z.enum(['name', 'lastSeen', 'created'], {
  message: "must be 'name', 'lastSeen' or 'created'",
});
export type PeopleSort = z.infer<typeof peopleSort>;

/** Search and order of the people lists: `q` matches name, e-mail or identifier (any part, any case). */
const listFilters = z.object({
  q: z
    .string()
    .trim()
    .max(PEOPLE_SEARCH_MAX, `must be at most ${PEOPLE_SEARCH_MAX} characters`)
    .optional()
    .describe('Matches any part of the name, e-mail or identifier, ignoring case'),
  sort: peopleSort
    .optional()
    .describe('name (A-Z; the default), lastSeen (most recent first) or created (newest first)'),
});

export const peopleQuery = pageQuery(PEOPLE_PAGE_SIZE)
  .extend({ status: personStatus.optional() })
  .extend(listFilters.shape);
export type PeopleQuery = z.input<typeof peopleQuery>;

export const peopleList = z.object({
  people: z.array(person),
  pagination,
  demoCount: z.number().int().describe('How many of the matching people are demo people (outside the people limit)'),
});
export type PeopleList = z.infer<typeof peopleList>;

/** A person waiting to be activated, merged or ignored (or an ignored one). */
export const unassignedUser = z
  .object({
    id: z.uuid(),
    name: z.string().nullable(),
    email: z.string().nullable(),
    personIdentifier: z.string().nullable(),
    timezone: z.string(),
    lastSeenAt: isoTime.nullable(),
    createdAt: isoTime,
    activityCount: z.number().int().describe('Blocks plus events'),
    personIntegrations: z.array(personIntegration),
    mergeSuggestion: z
      .object({ personId: z.uuid(), name: z.string().nullable() })
      .nullable()
      .describe('An active person with the same e-mail (unassigned only): offered for merge first'),
  })
  .meta({ id: 'UnassignedUser' });
export type UnassignedUser = z.infer<typeof unassignedUser>;

export const unassignedQuery = pageQuery(UNASSIGNED_PAGE_SIZE).extend(listFilters.shape);
export const ignoredQuery = pageQuery(IGNORED_PAGE_SIZE).extend(listFilters.shape);
export const usersList = z.object({ users: z.array(unassignedUser), pagination });
export type UsersList = z.infer<typeof usersList>;

/** An optional text field where '' (an empty form input) means "not given". */
const optionalText = <T extends z.ZodType<string>>(schema: T) =>
  z
    .union([z.literal(''), schema])
    .optional()
    .transform((v) => (v === '' ? undefined : (v as z.output<T> | undefined)));
/** A clearable text field where '' or null clears the value. */
const clearableText = <T extends z.ZodType<string>>(schema: T) =>
  z
    .union([z.literal(''), schema])
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : (v as z.output<T> | null | undefined)));

const nameField = z
  .string({ message: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(PERSON_NAME_MAX, `must be at most ${PERSON_NAME_MAX} characters`);
const identifierField = z
  .string({ message: 'must be text' })
  .trim()
  .max(PERSON_IDENTIFIER_MAX, `must be at most ${PERSON_IDENTIFIER_MAX} characters`);

export const reviveBody = z.object({
  name: nameField,
  personIdentifier: optionalText(identifierField),
  timezone: optionalText(timezoneName),
});
export type ReviveBody = z.input<typeof reviveBody>;
export type ReviveInput = z.output<typeof reviveBody>;

export const mergeBody = z.object({
  targetPersonId: z.uuid({ message: 'must be a valid person id' }),
});
export type MergeBody = z.input<typeof mergeBody>;

/** Ignore and resurrect take an empty object. */
export const emptyBody = z.object({}).optional();

export const patchPersonBody = z
  .object({
    status: personStatus.optional(),
    color: clearableText(colorField).describe("'' or null clears the colour"),
    name: nameField.optional(),
    email: clearableText(
      z
        .string()
        .trim()
        .max(254, 'must be at most 254 characters')
        .pipe(z.email({ message: 'must be a valid email address' })),
    ),
    timezone: clearableText(timezoneName).describe('Manual timezone; null clears it'),
    personIdentifier: clearableText(identifierField),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'must change at least one field' });
export type PatchPersonBody = z.input<typeof patchPersonBody>;
export type PatchPersonInput = z.output<typeof patchPersonBody>;

/** The answer of revive, merge, ignore, resurrect and PATCH: the person as it is now. */
export const personActionResult = z.object({
  success: z.boolean(),
  message: z.string(),
  person: person.nullable().describe('The resulting person (the merge target for merge)'),
});
export type PersonActionResult = z.infer<typeof personActionResult>;

export const offsetPagination = z.object({
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});
export type OffsetPagination = z.infer<typeof offsetPagination>;

export const personIntegrationListQuery = offsetQuery(PERSON_INTEGRATION_PAGE_SIZE);
export type PersonIntegrationListQuery = z.input<typeof personIntegrationListQuery>;

export const personIntegrationDetail = personIntegration
  .extend({
    person: z.object({
      id: z.uuid(),
      name: z.string().nullable(),
      email: z.string().nullable(),
      status: personStatus,
      color: z.string().nullable(),
    }),
  })
  .meta({ id: 'PersonIntegrationDetail' });
export type PersonIntegrationDetail = z.infer<typeof personIntegrationDetail>;

export const personIntegrationEvents = z.object({ events: z.array(activityEvent), pagination: offsetPagination });
export type PersonIntegrationEvents = z.infer<typeof personIntegrationEvents>;

export const personIntegrationBlocks = z.object({
  activityBlocks: z.array(activityBlock),
  pagination: offsetPagination,
});
export type PersonIntegrationBlocks = z.infer<typeof personIntegrationBlocks>;

export const BULK_MAX = 500;

/** 'Activate all' / 'Ignore selected' on the unassigned tab: the listed ids, or every unassigned person. */
export const bulkUnassignedBody = z
  .object({
    action: z.enum(['activate', 'ignore'], { message: "must be 'activate' or 'ignore'" }),
    ids: z
      .array(z.uuid({ message: 'must be person ids' }))
      .min(1, 'must name at least one person')
      .max(BULK_MAX, `must name at most ${BULK_MAX} people`)
      .optional(),
    all: z.literal(true, { message: 'must be true when given' }).optional(),
  })
  .refine((b) => (b.ids === undefined) !== (b.all === undefined), {
    message: 'give either ids or all: true',
    path: ['ids'],
  });
export type BulkUnassignedBody = z.input<typeof bulkUnassignedBody>;

export const bulkUnassignedResult = z.object({
  success: z.literal(true),
  action: z.enum(['activate', 'ignore']),
  count: z.number().int().describe('How many people were activated or ignored'),
});
export type BulkUnassignedResult = z.infer<typeof bulkUnassignedResult>;
