import type { IntegrationDetail } from '@overlap/contract/integrations';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../ui/toaster';
import { TooltipProvider } from '../../../ui/tooltip';
import { integrationKeys } from '../api/integrations';
import { ConfigSection } from './config-section';

const ID = '00000000-0000-4000-8000-0000000000ee';
const ORGS_URL = `/api/v1/integrations/${ID}/github/orgs`;

const GITHUB_SCHEMA = {
  type: 'object',
  properties: {
    organizations: { type: 'string', label: 'Organisations to check for missed pushes' },
    accessToken: { type: 'string', label: 'Personal access token', password: true },
  },
  required: [],
};

function detail(connected: boolean, config: Record<string, unknown> = {}): IntegrationDetail {
  return {
    id: ID,
    name: 'GitHub',
    kind: 'events',
    provider: 'github',
    status: 'inactive',
    isStale: false,
    isActivated: true,
    archivedAt: null,
    createdAt: '2025-06-01T00:00:00.000Z',
    lastConnectedAt: null,
    lastRunAt: null,
    apiKey: null,
    maskedApiKey: null,
    personIntegrationsCount: 0,
    config,
    connected,
    maskedSecrets: connected ? { access_token: '••••oken' } : {},
    apiCalls: [],
    webhook: null,
    oauth: { provider: 'github', configured: true, needsReauthorization: false },
    connectionError: null,
    service: {
      id: '00000000-0000-4000-8000-0000000000ff',
      name: 'GitHub',
      provider: 'github',
      enabled: true,
      tokenAuthentication: false,
      description: '',
      category: 'development',
      intervalMinutes: 10,
      configSchema: GITHUB_SCHEMA,
      docs_url: null,
    },
  };
}

function renderWith(integration: IntegrationDetail, orgsAnswer: Response | (() => Response)) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === ORGS_URL) return typeof orgsAnswer === 'function' ? orgsAnswer() : orgsAnswer.clone();
    return Response.json({
      ...integration,
      config: { ...integration.config, ...JSON.parse(String(init?.body)).config },
    });
  });
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(integrationKeys.detail(ID), integration);
  render(
    <QueryClientProvider client={client}>
      <TooltipProvider>
        <ConfigSection integration={integration} />
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return { fetch };
}

const orgs = Response.json({
  organizations: [
    { login: 'acme', description: 'The company' },
    { login: 'acme-labs', description: null },
    { login: 'open-tools', description: 'Our open source' },
  ],
});

afterEach(() => vi.unstubAllGlobals());

describe('GitHub organisation picker in Setup', () => {
  it("lists the token's organisations instead of a text field and saves the chosen ones as the setting", async () => {
    const { fetch } = renderWith(detail(true), orgs);
    const group = await screen.findByRole('group', { name: 'Organisations to check for missed pushes' });
    expect(await screen.findByRole('checkbox', { name: 'acme-labs' })).not.toBeChecked();
    expect(screen.getAllByRole('checkbox').map((c) => c.closest('label')?.textContent)).toEqual([
      'acmeThe company',
      'acme-labs',
      'open-toolsOur open source',
    ]);
    expect(group.querySelector('input[type="text"]')).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'acme' })).toHaveAccessibleDescription('The company');
    await userEvent.click(screen.getByRole('checkbox', { name: 'open-tools' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'acme' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const patch = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH') as [string, RequestInit];
    expect(patch[0]).toBe(`/api/v1/integrations/${ID}`);
    expect(JSON.parse(String(patch[1].body))).toEqual({ config: { organizations: 'acme, open-tools' } });
  });

  it('keeps an organisation chosen earlier that GitHub no longer lists, and unticking it removes it', async () => {
    const { fetch } = renderWith(detail(true, { organizations: 'acme, gone-org' }), orgs);
    await screen.findByRole('checkbox', { name: 'acme-labs' });
    const gone = screen.getByRole('checkbox', { name: 'gone-org' });
    expect(gone).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'acme' })).toBeChecked();
    expect(screen.getByText('Chosen earlier; not listed by GitHub now')).toBeInTheDocument();
    await userEvent.click(gone);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const patch = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH') as [string, RequestInit];
    expect(JSON.parse(String(patch[1].body))).toEqual({ config: { organizations: 'acme' } });
  });

  it('asks to connect first, without calling GitHub, when there is no token', () => {
    const { fetch } = renderWith(detail(false), orgs);
    expect(
      screen.getByText('Connect GitHub (or save a personal access token) to choose organisations.'),
    ).toBeInTheDocument();
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the server's refusal with Try again", async () => {
    const refusal = () =>
      Response.json(
        {
          statusCode: 409,
          code: 'CONFLICT',
          error: 'Conflict',
          message: 'GitHub no longer accepts the token: re-authorize GitHub to choose organisations.',
        },
        { status: 409 },
      );
    const { fetch } = renderWith(detail(true), refusal);
    expect(
      await screen.findByText('GitHub no longer accepts the token: re-authorize GitHub to choose organisations.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(fetch.mock.calls.filter(([url]) => url === ORGS_URL)).toHaveLength(2);
  });
});
