import type { IntegrationDetail } from '@overlap/contract/integrations';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { Toaster } from '../../../ui/toaster';
import { TooltipProvider } from '../../../ui/tooltip';
import { integrationKeys } from '../api/integrations';

type Overrides = Partial<Omit<IntegrationDetail, 'service'>> & { service?: Partial<IntegrationDetail['service']> };

/** A running custom integration as GET /integrations/:id answers it, with `overrides` laid over it. */
export function integrationDetail(id: string, { service, ...fields }: Overrides = {}): IntegrationDetail {
  return {
    id,
    name: 'Team chat',
    kind: 'presence',
    provider: 'custom',
    status: 'active',
    isStale: false,
    isActivated: true,
    archivedAt: null,
    createdAt: '2025-06-01T00:00:00.000Z',
    lastConnectedAt: null,
    lastRunAt: null,
    apiKey: null,
    maskedApiKey: null,
    personIntegrationsCount: 0,
    config: {},
    connected: false,
    maskedSecrets: {},
    apiCalls: [],
    webhook: null,
    oauth: null,
    connectionError: null,
    ...fields,
    service: {
      id: '00000000-0000-4000-8000-0000000000dd',
      name: 'Custom',
      provider: 'custom',
      enabled: true,
      tokenAuthentication: true,
      description: '',
      category: 'management',
      intervalMinutes: 5,
      configSchema: {},
      docs_url: null,
      ...service,
    },
  };
}

/** Renders `ui` of the integration page with `integration` already loaded and every fetch answered by `answer`. */
export function renderWithIntegration(
  integration: IntegrationDetail,
  ui: ReactElement,
  answer: (url: string, init?: RequestInit) => Promise<Response>,
) {
  const fetch = vi.fn(answer);
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(integrationKeys.detail(integration.id), integration);
  const view = render(
    <QueryClientProvider client={client}>
      <TooltipProvider>
        {ui}
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return { fetch, client, view };
}
