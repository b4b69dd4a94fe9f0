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

const GITHUB_DESCRIPTION = `Commits and deployments from GitHub show when your developers are working, even when they never open the team chat.

## Setup

1. Open the integration's **Setup** tab and copy the webhook URL and secret.
2. In GitHub, open your organisation's (or a repository's) **Settings → Webhooks → Add webhook**.
3. Paste the URL as *Payload URL*, choose *application/json*, paste the secret, and pick the **push**, **deployment** and **deployment status** events.
4. Optionally connect GitHub (or give a personal access token) and name your organisations: Overlap then also checks for pushes the webhook missed.`;

const GITLAB_DESCRIPTION = `Commits pushed to GitLab show when your developers are working, on gitlab.com or your own GitLab server.

## Setup

1. Open the integration's **Setup** tab and copy the webhook URL and secret.
2. In GitLab, open the project's (or group's) **Settings → Webhooks → Add new webhook**.
3. Paste the URL, paste the secret as *Secret token*, and tick **Push events**.
4. Optionally add a personal access token (\`read_api\`) and project or group ids: Overlap then also checks for pushes the webhook missed.`;

const GOOGLE_DRIVE_DESCRIPTION = `Document edits in Google Drive show when people are working, and who shares files outside your organisation.

## Setup

1. Press **Connect Google Drive** and sign in with a Google account of your organisation.
2. A Google Workspace admin sees everyone's activity; anyone else sees the activity of files they can open.
3. Name your organisation's e-mail domains so that sharing with outsiders is recognised.`;

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
    description: GOOGLE_DRIVE_DESCRIPTION,
    configSchema: {
      type: 'object',
      properties: {
        internalDomains: {
          type: 'string',
          label: "Your organisation's e-mail domains",
          description: 'Comma separated. People outside them count as external collaborators.',
          placeholder: 'acme.com, acme.co.uk',
        },
      },
      required: [],
    },
    enabled: true,
  },
  github: {
    description: GITHUB_DESCRIPTION,
    configSchema: {
      type: 'object',
      properties: {
        organizations: {
          type: 'string',
          label: 'Organisations to check for missed pushes',
          description: 'Comma separated GitHub organisation names.',
          placeholder: 'acme, acme-labs',
        },
        accessToken: {
          type: 'string',
          label: 'Personal access token',
          description: 'Only needed without Connect GitHub: a token that can read the organisations.',
          password: true,
        },
      },
      required: [],
    },
    enabled: true,
  },
  gitlab: {
    description: GITLAB_DESCRIPTION,
    configSchema: {
      type: 'object',
      properties: {
        baseUrl: {
          type: 'string',
          label: 'GitLab URL',
          description: 'Leave empty for gitlab.com (or the server default); self-managed hosts work too.',
          placeholder: 'https://gitlab.example.com',
        },
        accessToken: {
          type: 'string',
          label: 'Personal access token',
          description: 'A token with the read_api scope, to check for pushes the webhook missed.',
          password: true,
        },
        projectIds: { type: 'string', label: 'Project ids or paths', placeholder: '42, acme/api' },
        groupIds: { type: 'string', label: 'Group ids or paths', placeholder: 'acme' },
      },
      required: [],
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
