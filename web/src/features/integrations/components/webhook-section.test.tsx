import type { IntegrationDetail } from '@overlap/contract/integrations';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { integrationKeys } from '../api/integrations';
import { integrationDetail, renderWithIntegration } from './integration-test-kit';
import { WebhookSection } from './webhook-section';

const ID = '00000000-0000-4000-8000-0000000000aa';
const URL_ = `http://localhost:3000/api/v1/inbound/github/${ID}`;

function detail(provider: 'github' | 'gitlab', status: 'active' | 'inactive' = 'active'): IntegrationDetail {
  return integrationDetail(ID, {
    name: 'GitHub',
    kind: 'events',
    provider,
    status,
    isActivated: false,
    webhook: { url: URL_, secret: 'whsec_first-secret-value' },
    service: {
      id: '00000000-0000-4000-8000-0000000000bb',
      name: provider === 'github' ? 'GitHub' : 'GitLab',
      provider,
      tokenAuthentication: false,
      category: 'development',
      intervalMinutes: 10,
    },
  });
}

function renderSection(integration: IntegrationDetail) {
  return renderWithIntegration(integration, <WebhookSection integration={integration} />, async () =>
    Response.json({ webhook: { url: URL_, secret: 'whsec_second-secret-value' } }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('WebhookSection', () => {
  it('shows the URL, the secret masked until asked, and GitHub setup steps', async () => {
    renderSection(detail('github'));
    expect(screen.getByTestId('webhook-url')).toHaveTextContent(URL_);
    expect(screen.getByTestId('webhook-secret')).toHaveTextContent('whsec_••••••••••••');
    await userEvent.click(screen.getByRole('button', { name: 'Show secret' }));
    expect(screen.getByTestId('webhook-secret')).toHaveTextContent('whsec_first-secret-value');
    expect(screen.getByRole('heading', { name: 'Add the webhook in GitHub' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
  });

  it('names the GitLab field "Secret token" and warns when the integration is stopped', () => {
    renderSection(detail('gitlab', 'inactive'));
    expect(screen.getByText('Secret token')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Add the webhook in GitLab' })).toBeInTheDocument();
    expect(
      screen.getByText('The integration is stopped: deliveries are refused until you start it again.'),
    ).toBeInTheDocument();
  });

  it('regenerates the secret only after confirmation, and caches the new one', async () => {
    const { fetch, client } = renderSection(detail('github'));
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Regenerate webhook secret?' });
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Regenerate secret' }));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe(`/api/v1/integrations/${ID}/regenerate-webhook-secret`);
    expect(init?.method).toBe('POST');
    await vi.waitFor(() =>
      expect(client.getQueryData<IntegrationDetail>(integrationKeys.detail(ID))?.webhook?.secret).toBe(
        'whsec_second-secret-value',
      ),
    );
  });
});
