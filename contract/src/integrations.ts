import { z } from 'zod';
import { pagination } from './common.ts';
import { webhookSettings } from './inbound.ts';

export const integrationKind = z.enum(['presence', 'events'], { message: 'must be presence or events' });
export type IntegrationKind = z.infer<typeof integrationKind>;
export const integrationStatus = z.enum(['active', 'inactive']);
export type IntegrationStatus = z.infer<typeof integrationStatus>;
export const serviceCategory = z.enum(['chat', 'development', 'management']);

/** Colour of an integration: 3- or 6-digit hex with a leading # (spec 001 §5). */
export const COLOR_PATTERN = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
export const STALE_AFTER_MS = 60 * 60_000;

export const availableService = z.object({
  id: z.uuid(),
  name: z.string(),
  provider: z.string(),
  description: z.string().describe('Markdown'),
  docs_url: z.string().nullable(),
  tokenAuthentication: z.boolean().describe('Integrations of this service get an API key for the push API'),
  category: serviceCategory,
  enabled: z.boolean(),
});
export type AvailableService = z.infer<typeof availableService>;
export const availableServices = z.array(availableService);

export const integrationService = z.object({
  id: z.uuid(),
  name: z.string(),
  provider: z.string(),
  enabled: z.boolean(),
  tokenAuthentication: z.boolean(),
  description: z.string(),
  category: serviceCategory,
  intervalMinutes: z.number().int(),
  configSchema: z.record(z.string(), z.unknown()),
  docs_url: z.string().nullable(),
});

export const integrationSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: integrationKind,
  provider: z.string(),
  status: integrationStatus.describe("'active' shows as Running, 'inactive' as Stopped"),
  isStale: z.boolean().describe('Running, and no run in the last hour'),
  isActivated: z.boolean().describe('Data or an activate call has been received at least once'),
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
  lastConnectedAt: z.string().nullable(),
  lastRunAt: z.string().nullable(),
  apiKey: z.string().nullable().describe('Masked: first 8 and last 4 characters; null when the service uses no key'),
  personIntegrationsCount: z.number().int(),
  config: z.record(z.string(), z.unknown()).describe('Non-secret settings (color, service_type, team_name...)'),
  service: integrationService,
});
export type IntegrationSummary = z.infer<typeof integrationSummary>;
export const integrationList = z.object({ integrations: z.array(integrationSummary) });
export type IntegrationList = z.infer<typeof integrationList>;

export const apiCall = z.object({
  id: z.number().int(),
  method: z.string(),
  endpoint: z.string(),
  statusCode: z.number().int(),
  duration: z.number().int().describe('Milliseconds'),
  createdAt: z.string(),
  payload: z.string().nullable().describe('Request body, truncated to 4 KB'),
  response: z.string().nullable().describe('Response body, truncated to 4 KB'),
});
export type ApiCall = z.infer<typeof apiCall>;

export const integrationDetail = integrationSummary.extend({
  apiKey: z.string().nullable().describe('The full key to copy (token-authenticated services only)'),
  maskedApiKey: z.string().nullable(),
  connected: z.boolean().describe('OAuth services: an access token is stored'),
  maskedSecrets: z
    .record(z.string(), z.string())
    .describe('Stored credentials (access_token, password fields), masked; the values never leave the server'),
  apiCalls: z.array(apiCall).describe('Latest 20 push API calls (token-authenticated services only)'),
  webhook: webhookSettings
    .nullable()
    .describe('Incoming webhook (GitHub, GitLab): the URL and secret to give the provider; null for other services'),
  oauth: z
    .object({
      provider: z.string(),
      configured: z.boolean().describe('The server has client credentials for this provider'),
      needsReauthorization: z.boolean().describe('The grant was revoked or expired; polling waits for a new one'),
    })
    .nullable()
    .describe('OAuth services (Slack, Microsoft Teams, Discord...): how their authorization stands'),
  connectionError: z
    .string()
    .nullable()
    .describe("Why the provider connection is down, in the provider's words (e.g. Discord's presence intent)"),
});
export type IntegrationDetail = z.infer<typeof integrationDetail>;

const configValues = z.record(z.string(), z.unknown());

export const createIntegrationBody = z.object({
  serviceId: z.uuid({ message: 'must be a valid id' }),
  name: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters').optional(),
  kind: integrationKind.optional().describe('Defaults to presence for slack, custom and mattermost, else events'),
  config: configValues.optional(),
});
export type CreateIntegrationBody = z.infer<typeof createIntegrationBody>;

export const updateIntegrationBody = z
  .object({
    name: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters').optional(),
    config: configValues
      .optional()
      .describe(
        'Merged into the stored configuration; a null value removes a setting. Only while stopped, except color',
      ),
  })
  .refine((b) => b.name !== undefined || b.config !== undefined, { message: 'send name or config', path: ['name'] });
export type UpdateIntegrationBody = z.infer<typeof updateIntegrationBody>;

export const regenerateKeyResult = z.object({ apiKey: z.string() });
export const regenerateWebhookSecretResult = z.object({ webhook: webhookSettings });
export type RegenerateWebhookSecretResult = z.infer<typeof regenerateWebhookSecretResult>;
export type RegenerateKeyResult = z.infer<typeof regenerateKeyResult>;

export const githubOrgList = z.object({
  organizations: z
    .array(z.object({ login: z.string(), description: z.string().nullable() }))
    .describe('The organisations the stored token can see (GET /user/orgs), by name'),
});
export type GithubOrgList = z.infer<typeof githubOrgList>;

export const deletedCount = z.object({ success: z.literal(true), deleted: z.number().int() });

export const runStatus = z.enum(['running', 'success', 'failed']);
export const integrationRun = z.object({
  id: z.uuid(),
  status: runStatus,
  trigger: z.enum(['push', 'poll', 'backfill', 'webhook']),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  peopleFound: z.number().int(),
  eventsCreated: z.number().int(),
  errorMessage: z.string().nullable(),
});
export type IntegrationRun = z.infer<typeof integrationRun>;
export const runList = z.object({ runs: z.array(integrationRun) });
export type RunList = z.infer<typeof runList>;

export const debugEventKind = z.enum([
  'integration_start',
  'integration_complete',
  'api_call',
  'person_lookup',
  'person_created',
  'event_created',
  'event_skipped',
  'error',
  'milestone',
]);
export const debugEvent = z.object({
  id: z.number().int(),
  event: debugEventKind,
  timestamp: z.string(),
  duration: z.number().int().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export const runDetail = z.object({
  integrationName: z.string(),
  run: integrationRun.extend({ debugEvents: z.array(debugEvent) }),
});
export type RunDetail = z.infer<typeof runDetail>;
export const runParams = z.object({
  id: z.uuid({ message: 'must be a valid id' }),
  runId: z.uuid({ message: 'must be a valid id' }),
});

export const dailyStatistic = z.object({
  date: z.string().describe('UTC day, YYYY-MM-DD'),
  runs: z.number().int(),
  successfulRuns: z.number().int(),
  totalPeopleFound: z.number().int(),
  totalEventsCreated: z.number().int(),
  avgDurationMs: z.number().int(),
  lastRunAt: z.string(),
});
export const statistics = z.object({ statistics: z.array(dailyStatistic) });
export type Statistics = z.infer<typeof statistics>;

export const apiCallList = z.object({ apiCalls: z.array(apiCall) });
export const apiCallQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });

export const integrationEvent = z.object({
  id: z.uuid(),
  kind: z.string(),
  title: z.string().nullable(),
  timestamp: z.string(),
  externalId: z.string(),
  personIdentifier: z.string(),
  url: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  person: z.object({ id: z.uuid(), name: z.string().nullable(), status: z.string() }),
});
export const integrationEvents = z.object({ events: z.array(integrationEvent) });
export type IntegrationEvents = z.infer<typeof integrationEvents>;

export const integrationBlock = z.object({
  id: z.uuid(),
  kind: z.string(),
  startTime: z.string(),
  endTime: z.string().nullable(),
  isOngoing: z.boolean(),
  durationMinutes: z.number().int(),
  timezoneAtStart: z.string(),
  personIdentifier: z.string(),
  person: z.object({ id: z.uuid(), name: z.string().nullable(), status: z.string() }),
});
export const integrationBlocks = z.object({ activityBlocks: z.array(integrationBlock) });
export type IntegrationBlocks = z.infer<typeof integrationBlocks>;

export const personStatusFilter = z.enum(['active', 'unassigned', 'ignored'], {
  message: 'must be active, unassigned or ignored',
});
export type PersonStatusFilter = z.infer<typeof personStatusFilter>;
export const integrationPeopleQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  status: personStatusFilter.optional(),
});
export const integrationPerson = z.object({
  id: z.uuid().describe('Person id'),
  personIntegrationId: z.uuid(),
  personIdentifier: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  status: personStatusFilter,
  isOnline: z.boolean(),
  lastStatus: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  timezone: z.string(),
  createdAt: z.string(),
});
export const integrationPeople = z.object({ people: z.array(integrationPerson), pagination });
export type IntegrationPeople = z.infer<typeof integrationPeople>;
