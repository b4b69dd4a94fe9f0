import { describe, expect, it } from 'vitest';
import { chatAppSummary } from './chat-app-summary';

describe('chatAppSummary', () => {
  it('keeps the first sentence of the first paragraph, without Markdown', () => {
    expect(
      chatAppSummary(
        '## Slack\n\nConnect your Slack workspace with **OAuth**. Overlap reads the member list.\n\n- Scopes: `users:read`',
      ),
    ).toBe('Connect your Slack workspace with OAuth.');
    expect(
      chatAppSummary("## Custom\n\nPush presence with the integration's **API key**:\n- `POST /api/v1/presence`"),
    ).toBe("Push presence with the integration's API key.");
    expect(chatAppSummary('See [the API reference](/docs) for fields')).toBe('See the API reference for fields');
  });

  it('gives nothing for an empty or heading-only description', () => {
    expect(chatAppSummary(null)).toBeNull();
    expect(chatAppSummary('## Only a heading')).toBeNull();
  });
});
