import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { integrations } from './integrations.ts';

export type PersonStatus = 'active' | 'unassigned' | 'ignored';
export type PresenceStatus = 'online' | 'away' | 'offline' | 'dnd' | 'meeting' | 'busy';

export const people = pgTable(
  'people',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name'),
    email: text('email'),
    status: text('status').$type<PersonStatus>().notNull().default('unassigned'),
    color: text('color'),
    personIdentifier: text('person_identifier'),
    /** Timezone reported by a source; a manual one, when set, wins. Effective fallback is UTC. */
    timezoneAutomatic: text('timezone_automatic'),
    timezoneManual: text('timezone_manual'),
    isOnline: boolean('is_online').notNull().default(false),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** Made by Demo Data: active from the start, outside the plan's people limit, removable in one step. */
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('people_account_status_idx').on(t.accountId, t.status)],
);

export const personIntegrations = pgTable(
  'person_integrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    personId: uuid('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    integrationId: uuid('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    /** The source's identifier of this person (personIdentifier in the push API). */
    externalId: text('external_id').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    lastStatus: text('last_status').$type<PresenceStatus>(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('person_integrations_identity_unique').on(t.integrationId, t.externalId),
    index('person_integrations_person_idx').on(t.personId),
  ],
);

/**
 * Raw presence samples: blocks are a pure function of these, so order of arrival never matters.
 * No foreign key: its per-row check was a third of the engine's insert cost. The engine only writes
 * samples of person-integrations it has just locked, and a statement-level trigger on
 * person_integrations deletes their samples (migration 0005), as the cascade did.
 */
export const presenceSamples = pgTable(
  'presence_samples',
  {
    personIntegrationId: uuid('person_integration_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    status: text('status').$type<PresenceStatus>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.personIntegrationId, t.at] })],
);

/**
 * Presence accepted by the push API and not yet applied by the block engine: one row per push (per
 * account, integration and instant), its samples as parallel arrays, so a 100-user push appends one
 * row instead of a hundred. A push only appends here (a bare heap: no index, no foreign key, so it
 * costs about a plain insert); the presence pump deletes what it applies in the same transaction
 * that writes samples, blocks and rollups.
 */
export const presenceInbox = pgTable('presence_inbox', {
  accountId: uuid('account_id').notNull(),
  integrationId: uuid('integration_id').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  /** The samples, element by element: person-integration, status, reported timezone, details. */
  personIntegrationIds: uuid('person_integration_ids').array().notNull(),
  statuses: text('statuses').array().$type<PresenceStatus[]>().notNull(),
  /** The timezone each source reported, if any (refreshes the automatic timezone). */
  timezones: text('timezones').array().$type<(string | null)[]>().notNull(),
  detailsList: jsonb('details_list').array().$type<(Record<string, unknown> | null)[]>().notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Events stored by the push API whose blocks, rollups and identities the pump has not refreshed
 * yet (a bare heap like the presence inbox): the pump takes them out in the transaction that
 * applies them. Each row carries what the pump needs of its event, so the pump does not read the
 * events again; statement triggers on activity_events (migration 0018) keep the rows in step: a
 * deleted event's row goes, a moved event's row follows it.
 */
export const eventInbox = pgTable('event_inbox', {
  eventId: uuid('event_id').notNull(),
  accountId: uuid('account_id').notNull(),
  integrationId: uuid('integration_id').notNull(),
  personId: uuid('person_id').notNull(),
  personIntegrationId: uuid('person_integration_id').notNull(),
  kind: text('kind').notNull(),
  timestamp: timestamp('timestamp', { withTimezone: true }).notNull(),
});

/**
 * For each (person, local day), the version (xmin, as text) of its person_daily_rollups row that the
 * event rounds wrote last: while the row is still that version, a round adds its new events to the
 * count instead of counting the day again (pipeline/event-inbox.ts). Unlogged (a database crash
 * empties it: the days are counted again) and without a foreign key (a mark whose row is gone no
 * longer matches).
 */
export const eventCountMarks = pgTable(
  'event_count_marks',
  {
    personId: uuid('person_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    rowXmin: text('row_xmin').notNull(),
  },
  (t) => [primaryKey({ columns: [t.personId, t.day] })],
);

export const activityBlocks = pgTable(
  'activity_blocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    personId: uuid('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    personIntegrationId: uuid('person_integration_id')
      .notNull()
      .references(() => personIntegrations.id, { onDelete: 'cascade' }),
    integrationId: uuid('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().default('activity'),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    /** Null while the block is ongoing. */
    endTime: timestamp('end_time', { withTimezone: true }),
    lastSampleAt: timestamp('last_sample_at', { withTimezone: true }).notNull(),
    timezoneAtStart: text('timezone_at_start').notNull().default('UTC'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    /** Set when a manager edited the block by hand; the engine then leaves it alone. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activity_blocks_person_time_idx').on(t.personId, t.startTime),
    index('activity_blocks_pi_time_idx').on(t.personIntegrationId, t.startTime),
    index('activity_blocks_integration_idx').on(t.integrationId, t.startTime),
    index('activity_blocks_account_time_idx').on(t.accountId, t.startTime),
    /** Ongoing blocks and blocks longer than a day: day and week reads find them without scanning history. */
    index('activity_blocks_long_idx')
      .on(t.personId, t.startTime)
      .where(sql`${t.endTime} is null or ${t.endTime} - ${t.startTime} > interval '1 day'`),
    /** Manually edited blocks (rare): the ingest fast path checks for one in its way without a scan. */
    index('activity_blocks_edited_idx').on(t.personIntegrationId, t.startTime).where(sql`${t.editedAt} is not null`),
  ],
);

/**
 * Events of a source, once per (integration, externalId). No foreign keys: each one cost every event
 * row a check and a share lock of the row it names (the same rows for all events of concurrent
 * pushes, turned into multixacts). Statement-level triggers on integrations, people and
 * person_integrations (migrations 0015 and 0017) delete the events that name deleted rows, as their
 * cascades did, and the events push statement locks its pushes' person-integrations once (key share)
 * and stores only the events of those that still exist (pipeline/events-push-commit.ts).
 *
 * One time index, by person. An event's person is always its person-integration's (the writers take
 * it from the person-integration they lock, a merge moves both together), so a read by
 * person-integration names the person too and uses the same index (`eventsOfIdentity`); a second
 * index by person-integration cost every event an entry (migration 0020 dropped it).
 */
export const activityEvents = pgTable(
  'activity_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    /** No foreign key (see above): a trigger on integrations deletes the events of deleted ones. */
    integrationId: uuid('integration_id').notNull(),
    /** No foreign key (see above): a trigger on people deletes the events of deleted ones. */
    personId: uuid('person_id').notNull(),
    /** No foreign key (see above): a trigger on person_integrations deletes the events of deleted ones. */
    personIntegrationId: uuid('person_integration_id').notNull(),
    externalId: text('external_id').notNull(),
    kind: text('kind').notNull(),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull(),
    title: text('title'),
    url: text('url'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('activity_events_external_unique').on(t.integrationId, t.externalId),
    // The person-integration is the third key column so that reads by person-integration (which name
    // its person too) filter in the index alone, without visiting the table.
    index('activity_events_person_time_idx').on(t.personId, t.timestamp, t.personIntegrationId),
  ],
);

export const activityPredictions = pgTable(
  'activity_predictions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    personId: uuid('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    confidence: real('confidence').notNull().default(0.5),
    timezoneAtStart: text('timezone_at_start').notNull().default('UTC'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('activity_predictions_person_time_idx').on(t.personId, t.startTime)],
);

/** Per person and local day (in the person's timezone): merged online minutes, blocks and events. */
export const personDailyRollups = pgTable(
  'person_daily_rollups',
  {
    personId: uuid('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    accountId: uuid('account_id').notNull(),
    minutesOnline: integer('minutes_online').notNull().default(0),
    blocks: integer('blocks').notNull().default(0),
    events: integer('events').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.personId, t.day] })],
);
