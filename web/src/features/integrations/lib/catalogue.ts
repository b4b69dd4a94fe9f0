import type { AvailableService } from '@overlap/contract/integrations';

export type CatalogueCategory = AvailableService['category'];

/** A card of a service this server does not offer (yet). */
export interface StaticService {
  provider: string;
  name: string;
  description: string;
  category: CatalogueCategory;
}

/** The order of spec 001 §2 (Add Integration): chat apps first, then code hosting and documents. */
const ORDER = ['slack', 'microsoft', 'mattermost', 'demo', 'github', 'gitlab', 'google', 'discord', 'custom'];

export function catalogueOrder(a: { provider: string; name: string }, b: { provider: string; name: string }) {
  const rank = (p: string) => (ORDER.includes(p) ? ORDER.indexOf(p) : ORDER.length);
  return rank(a.provider) - rank(b.provider) || a.name.localeCompare(b.name);
}

/** Shown unavailable when the server does not offer it (its connector is not configured). */
export const UNAVAILABLE_UNLESS_OFFERED: StaticService[] = [
  {
    provider: 'discord',
    name: 'Discord',
    description: "See when your team is online in your Discord server. This server isn't set up for Discord.",
    category: 'chat',
  },
];

/** Spec 001 §2's 'Coming Soon' cards, described in a team lead's words. */
export const COMING_SOON: StaticService[] = [
  {
    provider: 'bitbucket',
    name: 'Bitbucket',
    description: 'Commits and pull requests from Bitbucket.',
    category: 'development',
  },
  {
    provider: 'jira',
    name: 'Jira',
    description: 'When people update issues and move work along.',
    category: 'management',
  },
  {
    provider: 'confluence',
    name: 'Confluence',
    description: 'Page edits and comments in your team space.',
    category: 'management',
  },
  {
    provider: 'figma',
    name: 'Figma',
    description: 'When designers edit and comment on files.',
    category: 'development',
  },
  {
    provider: 'sketch',
    name: 'Sketch',
    description: 'Design document updates from Sketch workspaces.',
    category: 'development',
  },
  { provider: 'linear', name: 'Linear', description: 'Issue updates and cycles from Linear.', category: 'management' },
  {
    provider: 'microsoft365',
    name: 'Microsoft 365',
    description: 'Document edits in Word, Excel and PowerPoint online.',
    category: 'management',
  },
  {
    provider: 'trello',
    name: 'Trello',
    description: 'Card moves and comments on your boards.',
    category: 'management',
  },
  {
    provider: 'asana',
    name: 'Asana',
    description: 'Task updates and comments from Asana projects.',
    category: 'management',
  },
  { provider: 'notion', name: 'Notion', description: 'Page edits in your Notion workspace.', category: 'management' },
  { provider: 'clickup', name: 'ClickUp', description: 'Task activity from ClickUp spaces.', category: 'management' },
  {
    provider: 'airtable',
    name: 'Airtable',
    description: 'Record changes in your Airtable bases.',
    category: 'management',
  },
  { provider: 'miro', name: 'Miro', description: 'Board edits from Miro workshops and plans.', category: 'management' },
  { provider: 'mural', name: 'Mural', description: 'Activity on your Mural boards.', category: 'management' },
  { provider: 'dropbox', name: 'Dropbox', description: 'File edits and sharing in Dropbox.', category: 'management' },
  { provider: 'box', name: 'Box', description: 'File edits and sharing in Box.', category: 'management' },
  {
    provider: 'todoist',
    name: 'Todoist',
    description: 'Tasks completed by your team in Todoist.',
    category: 'management',
  },
];

export const CATEGORY_LABELS: Record<CatalogueCategory, string> = {
  chat: 'Chat',
  development: 'Code',
  management: 'Documents & work',
};

/** A static card matches the search like a service does: by name, provider or description. */
export function matchesQuery(item: { name: string; provider: string; description: string }, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [item.name, item.provider, item.description].some((text) => text.toLowerCase().includes(q));
}

/** What each offered service does for a team, for its card (the service's own text is its documentation). */
export const CARD_DESCRIPTIONS: Record<string, string> = {
  slack: 'See who is online in your Slack workspace, hour by hour.',
  microsoft: 'See who is available, busy or in a meeting in Microsoft Teams.',
  mattermost: 'See who is online on your Mattermost server.',
  demo: 'Explore Overlap with a fictional team across several timezones.',
  github: 'Commits and deployments show when your developers are working.',
  gitlab: 'Commits pushed to GitLab show when your developers are working.',
  google: 'Document edits show when people work, and who shares files outside.',
  custom: 'Send presence and events from any tool of your own with an API key.',
};
