import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

export type ServiceCategory = 'chat' | 'development' | 'management';

export const services = pgTable('services', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  provider: text('provider').notNull().unique(),
  category: text('category').$type<ServiceCategory>().notNull().default('chat'),
  description: text('description').notNull().default(''),
  enabled: boolean('enabled').notNull().default(true),
  tokenAuthentication: boolean('token_authentication').notNull().default(false),
  intervalMinutes: integer('interval_minutes').notNull().default(5),
  configSchema: jsonb('config_schema').$type<Record<string, unknown>>().notNull().default({}),
  docsUrl: text('docs_url'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type IntegrationKind = 'presence' | 'events';
export type IntegrationStatus = 'active' | 'inactive';

export const integrations = pgTable(
  'integrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id),
    name: text('name').notNull(),
    kind: text('kind').$type<IntegrationKind>().notNull(),
    status: text('status').$type<IntegrationStatus>().notNull().default('active'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** Non-secret settings shown to the owner: color, service_type, team_name, server URL... */
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    /** Encrypted JSON (APP_SECRET) of OAuth tokens and other credentials; never sent to a client. */
    secretsEncrypted: text('secrets_encrypted'),
    /** Encrypted (APP_SECRET) secret of the incoming webhook (GitHub, GitLab); shown only to managers. */
    webhookSecretEncrypted: text('webhook_secret_encrypted'),
    apiKeyHash: text('api_key_hash').unique(),
    apiKeyEncrypted: text('api_key_encrypted'),
    /** What a polling connector carries from one poll to the next (member list, sweep position). */
    connectorState: jsonb('connector_state').$type<Record<string, unknown>>(),
    /** The OAuth grant was revoked or expired: not polled until the owner authorizes again. */
    needsReauthorization: boolean('needs_reauthorization').notNull().default(false),
    /** Why the provider connection is down (e.g. Discord's presence intent), shown on the integration. */
    connectionError: text('connection_error'),
    lastConnectedAt: timestamp('last_connected_at', { withTimezone: true }),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('integrations_account_idx').on(t.accountId), index('integrations_due_idx').on(t.status, t.nextRunAt)],
);

export type RunStatus = 'running' | 'success' | 'failed';

export const integrationRuns = pgTable(
  'integration_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    integrationId: uuid('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').notNull(),
    trigger: text('trigger').$type<'push' | 'poll' | 'backfill' | 'webhook'>().notNull(),
    status: text('status').$type<RunStatus>().notNull().default('running'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    durationMs: integer('duration_ms'),
    peopleFound: integer('people_found').notNull().default(0),
    eventsCreated: integer('events_created').notNull().default(0),
    errorMessage: text('error_message'),
    /**
     * The lease of a run written as running: set when it starts and refreshed by its process while
     * it goes on. Null for runs written complete (pushes, webhooks) and runs started before leases.
     */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
  },
  (t) => [
    index('integration_runs_integration_idx').on(t.integrationId, t.startedAt),
    // Runs in progress are a handful among millions: the lease sweep and the closing of an
    // integration's interrupted runs read only these.
    index('integration_runs_running_idx').on(t.integrationId).where(sql`${t.status} = 'running'`),
  ],
);

export type DebugEventKind =
  | 'integration_start'
  | 'integration_complete'
  | 'api_call'
  | 'person_lookup'
  | 'person_created'
  | 'event_created'
  | 'event_skipped'
  | 'error'
  | 'milestone';

export const integrationRunEvents = pgTable(
  'integration_run_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /**
     * No foreign key: its check cost each debug event of an events push a lookup and a share lock of
     * its run, written by the same statement. A statement trigger on integration_runs (migration
     * 0020) deletes the debug events of deleted runs, as the cascade did; writers insert a run's
     * debug events with or after the run.
     */
    runId: uuid('run_id').notNull(),
    event: text('event').$type<DebugEventKind>().notNull(),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
    durationMs: integer('duration_ms'),
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (t) => [index('integration_run_events_run_idx').on(t.runId)],
);

export const apiCalls = pgTable(
  'api_calls',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    integrationId: uuid('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').notNull(),
    method: text('method').notNull(),
    endpoint: text('endpoint').notNull(),
    statusCode: integer('status_code').notNull(),
    durationMs: integer('duration_ms').notNull(),
    payload: text('payload'),
    response: text('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('api_calls_integration_idx').on(t.integrationId, t.createdAt)],
);

/**
 * Fixed-window request counters of the push API, keyed by the API key's hash. Kept in PostgreSQL so
 * the limit holds across every server process; old windows are pruned by the retention job.
 */
export const apiRateLimits = pgTable(
  'api_rate_limits',
  {
    keyHash: text('key_hash').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.keyHash, t.windowStart] })],
);
