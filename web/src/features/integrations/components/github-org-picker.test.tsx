import type { IntegrationDetail } from '@overlap/contract/integrations';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigSection } from './config-section';
import { integrationDetail, renderWithIntegration } from './integration-test-kit';

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
  return integrationDetail(ID, {
    name: 'GitHub',
    kind: 'events',
    provider: 'github',
    status: 'inactive',
    config,
    connected,
    maskedSecrets: connected ? { access_token: '••••oken' } : {},
    oauth: { provider: 'github', configured: true, needsReauthorization: false },
    service: {
      id: '00000000-0000-4000-8000-0000000000ff',
      name: 'GitHub',
      provider: 'github',
      tokenAuthentication: false,
      category: 'development',
      intervalMinutes: 10,
      configSchema: GITHUB_SCHEMA,
    },
  });
}

function renderWith(integration: IntegrationDetail, orgsAnswer: Response | (() => Response)) {
  return renderWithIntegration(integration, <ConfigSection integration={integration} />, async (url, init) => {
    if (url === ORGS_URL) return typeof orgsAnswer === 'function' ? orgsAnswer() : orgsAnswer.clone();
    return Response.json({
      ...integration,
      config: { ...integration.config, ...JSON.parse(String(init?.body)).config },
    });
  });
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
