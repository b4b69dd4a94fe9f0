import { PROVIDERS, usesToken } from '../../core/providers.ts';
import type { ServiceCategory } from '../../db/schema/integrations.ts';

export interface CatalogueService {
  name: string;
  provider: string;
  category: ServiceCategory;
  description: string;
  tokenAuthentication: boolean;
  intervalMinutes: number;
  configSchema: Record<string, unknown>;
  enabled: boolean;
}

/** What an operator edits per provider: the description, the settings form and whether it is offered. */
type CatalogueText = Pick<CatalogueService, 'description' | 'configSchema' | 'enabled'>;

const TEXTS: Record<string, CatalogueText> = {
  slack: {
    description:
      "## Slack\n\nConnect your Slack workspace with **OAuth**. Overlap reads the member list and polls each member's presence (`active` or `away`) every interval.\n\n- Scopes: `users:read`, `team:read`\n- Bots and deactivated members are skipped",
    configSchema: {},
    enabled: true,
  },
  microsoft: {
    description:
      '## Microsoft Teams\n\nConnect a Microsoft 365 tenant with **OAuth**. Presence comes from Microsoft Graph (`getPresencesByUserId`), in batches of up to 650 people.\n\n- Permissions: `User.Read.All`, `Presence.Read.All`',
    configSchema: {},
    enabled: true,
  },
  mattermost: {
    description:
      "## Mattermost\n\nTwo ways in:\n\n- **Polling**: stop the integration, set your server's URL (self-hosted and private addresses are fine) and a **personal access token** of a user who can list users, then start it. Overlap reads `/api/v4/users` and `/api/v4/users/status/ids` every interval.\n- **Push**: send presence to `POST /api/v1/presence` with the integration's API key.\n\nBots and deactivated users are skipped.",
    configSchema: {
      type: 'object',
      properties: {
        serverUrl: { type: 'string', label: 'Server URL', placeholder: 'https://chat.example.com' },
        accessToken: { type: 'string', label: 'Personal access token', password: true },
      },
      required: ['serverUrl'],
    },
    enabled: true,
  },
  discord: {
    description:
      "## Discord\n\nConnect with **OAuth**: you pick your server and Overlap's bot joins it. The bot listens to presence updates over Discord's Gateway (online, idle, do not disturb, offline); it reads no messages.\n\n- The bot needs the **Presence** and **Server Members** intents (set by the operator)\n- Bots are skipped",
    configSchema: {},
    enabled: true,
  },
  demo: {
    description:
      '## Demo Data\n\nA fictional team of eight people across several timezones, with working hours, lunch breaks, weekends, commits and document edits. Use it to explore Overlap before you connect your own tools.',
    configSchema: {},
    enabled: true,
  },
  custom: {
    description:
      "## Custom source\n\nPush presence and events from any system with the integration's **API key**:\n\n- `POST /api/v1/presence` with `{ timestamp, source, users: [{ personIdentifier, status }] }`\n- `POST /api/v1/events` with `{ timestamp, source, events: [...] }`\n- `POST /api/v1/activate` to mark the integration connected\n\nSee [the API reference](/docs) for every field.",
    configSchema: {},
    enabled: true,
  },
  google: {
    description:
      '## Google Drive\n\nConnect with **OAuth**. Overlap reads Drive activity (file edits and external collaboration) as events.',
    configSchema: {},
    enabled: true,
  },
  github: {
    description:
      '## GitHub\n\nConnect with **OAuth** and add the webhook Overlap shows you. Commits arrive through the `push` webhook; organisation events are polled.',
    configSchema: {
      type: 'object',
      properties: { organization: { type: 'string', label: 'Organisation', placeholder: 'acme' } },
      required: [],
    },
    enabled: true,
  },
  gitlab: {
    description:
      '## GitLab\n\nUse a **personal access token** (`read_api`). Overlap polls project events and accepts Push Hook webhooks.',
    configSchema: {
      type: 'object',
      properties: {
        baseUrl: { type: 'string', label: 'GitLab URL', default: 'https://gitlab.com' },
        accessToken: { type: 'string', label: 'Personal access token', password: true },
        projectIds: { type: 'string', label: 'Project ids (comma separated)' },
      },
      required: ['baseUrl'],
    },
    enabled: true,
  },
};

/** The services seeded into an empty database (traits from core/providers); operators edit them afterwards in the console. */
export const SERVICE_CATALOGUE: CatalogueService[] = PROVIDERS.map((p) => {
  const text = TEXTS[p.provider];
  if (!text) throw new Error(`the catalogue has no description of ${p.provider}`);
  return {
    name: p.name,
    provider: p.provider,
    category: p.category,
    description: text.description,
    tokenAuthentication: usesToken(p),
    intervalMinutes: p.intervalMinutes,
    configSchema: text.configSchema,
    enabled: text.enabled,
  };
});
