import type { IntegrationDetail } from '@overlap/contract/integrations';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigSection } from './config-section';
import { integrationDetail, renderWithIntegration } from './integration-test-kit';

const ID = '00000000-0000-4000-8000-0000000000cc';

function detail(
  kind: 'presence' | 'events',
  status: 'active' | 'inactive',
  config: Record<string, unknown> = {},
): IntegrationDetail {
  return integrationDetail(ID, { kind, status, config });
}

function renderSection(integration: IntegrationDetail) {
  return renderWithIntegration(integration, <ConfigSection integration={integration} />, async (_url, init) =>
    Response.json({ ...integration, config: JSON.parse(String(init?.body)).config }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('ConfigSection silence timeout', () => {
  it('is empty (learned) by default and saves a whole number of minutes while stopped', async () => {
    const { fetch } = renderSection(detail('presence', 'inactive'));
    const input = screen.getByLabelText('Silence timeout (minutes)');
    expect(input).toHaveValue(null);
    expect(input).toHaveAttribute('placeholder', 'Learned from how often it reports');
    expect(
      screen.getByText(
        'How long someone stays active after the last report. Leave empty to learn it from how often this source reports.',
      ),
    ).toBeInTheDocument();
    await userEvent.type(input, '20');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`/api/v1/integrations/${ID}`);
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(String(init.body))).toEqual({ config: { silence_timeout_minutes: 20 } });
    expect(await screen.findByText('Configuration saved')).toBeInTheDocument();
  });

  it('refuses a value outside 1 to 240 minutes without a request, and clearing it goes back to learning', async () => {
    const { fetch } = renderSection(detail('presence', 'inactive', { silence_timeout_minutes: 15 }));
    const input = screen.getByLabelText('Silence timeout (minutes)');
    expect(input).toHaveValue(15);
    await userEvent.clear(input);
    await userEvent.type(input, '300');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Must be at most 240')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.clear(input);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(JSON.parse(String((fetch.mock.calls[0] as [string, RequestInit])[1].body))).toEqual({
      config: { silence_timeout_minutes: null },
    });
  });

  it('is disabled while running', () => {
    renderSection(detail('presence', 'active', { silence_timeout_minutes: 15 }));
    expect(screen.getByLabelText('Silence timeout (minutes)')).toBeDisabled();
  });

  it('is not offered for event sources, which have no presence blocks', () => {
    renderSection(detail('events', 'inactive'));
    expect(screen.queryByLabelText('Silence timeout (minutes)')).not.toBeInTheDocument();
  });
});
