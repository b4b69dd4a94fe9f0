import type { IntegrationDetail } from '@overlap/contract/integrations';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { integrationDetail } from './integration-test-kit';
import { OAuthSection } from './oauth-section';

const base = integrationDetail('6f1c2b1e-8a0e-4f43-9a39-3a0c1c1d2e3f', {
  name: 'Slack Workspace',
  provider: 'slack',
  isActivated: false,
  createdAt: '2026-03-01T10:00:00.000Z',
  oauth: { provider: 'slack', configured: true, needsReauthorization: false },
  service: {
    id: '7f1c2b1e-8a0e-4f43-9a39-3a0c1c1d2e3f',
    name: 'Slack',
    provider: 'slack',
    tokenAuthentication: false,
    category: 'chat',
  },
});

function show(integration: IntegrationDetail) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <OAuthSection integration={integration} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('OAuthSection', () => {
  it("offers 'Connect Slack' and sends the browser to the URL auth-url answers", async () => {
    const fetch = vi.fn(async () => Response.json({ url: 'https://slack.test/oauth/v2/authorize?state=s' }));
    vi.stubGlobal('fetch', fetch);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    show(base);
    expect(screen.getByText(/Not connected/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Connect Slack' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://slack.test/oauth/v2/authorize?state=s'));
    expect(fetch).toHaveBeenCalledWith(
      `/api/v1/integrations/slack/auth-url`,
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ integrationId: base.id }) }),
    );
  });

  it('shows the connected workspace, the masked token while running, and Re-authorize', () => {
    show({ ...base, connected: true, maskedSecrets: { access_token: '••••9f2c' }, config: { team_name: 'Acme' } });
    expect(screen.getByText('Connected to Acme')).toBeInTheDocument();
    expect(screen.getByTestId('masked-token')).toHaveTextContent('••••9f2c');
    expect(screen.getByRole('button', { name: 'Re-authorize' })).toBeEnabled();
  });

  it('says it reads presence from a presence source', () => {
    show(base);
    expect(
      screen.getByText("Overlap reads your team's presence from Slack with this authorization."),
    ).toBeInTheDocument();
  });

  it('says it reads activity, not presence, from GitHub', () => {
    show({
      ...base,
      kind: 'events',
      provider: 'github',
      oauth: { provider: 'github', configured: true, needsReauthorization: false },
      service: { ...base.service, name: 'GitHub', provider: 'github', category: 'development' },
    });
    expect(
      screen.getByText("Overlap reads your team's activity from GitHub with this authorization."),
    ).toBeInTheDocument();
  });

  it('hides the token while stopped', () => {
    show({ ...base, status: 'inactive', connected: true, maskedSecrets: { access_token: '••••9f2c' } });
    expect(screen.queryByTestId('masked-token')).toBeNull();
  });

  it('says a revoked grant needs re-authorization, in the words of the failed run', () => {
    show({
      ...base,
      connected: true,
      maskedSecrets: { access_token: '••••9f2c' },
      oauth: { provider: 'slack', configured: true, needsReauthorization: true },
      connectionError: 'Slack needs re-authorization: Slack answered invalid_auth',
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Needs re-authorizationSlack needs re-authorization: Slack answered invalid_auth Overlap stopped polling until you authorize again.',
    );
    expect(screen.getByText('Authorization expired')).toBeInTheDocument();
  });

  it('says when the server has no credentials for the provider, and cannot connect', () => {
    show({ ...base, oauth: { provider: 'slack', configured: false, needsReauthorization: false } });
    expect(screen.getByRole('alert')).toHaveTextContent('Slack sign-in is not configured on this server.');
    expect(screen.getByRole('button', { name: 'Connect Slack' })).toBeDisabled();
  });
});
