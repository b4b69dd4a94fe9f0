import type { AccountsPage, OperatorAccount } from '@overlap/contract/superadmin';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../../../ui/tooltip';
import { AccountsTab } from './accounts-tab';

const summary = {
  'active-subscriptions': 3,
  'trial-accounts': 2,
  'expired-trials': 1,
  'new-this-month': 4,
  'basic-plans': 5,
  'business-plans': 6,
  'enterprise-plans': 7,
  'free-plans': 8,
  'canceling-soon': 0,
  'payment-issues': 9,
  'high-usage': 10,
};

const account: OperatorAccount = {
  id: '0f1e2d3c-4b5a-4978-8796-a5b4c3d2e1f0',
  name: 'Night Owls',
  slug: 'night-owls',
  status: 'active',
  createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
  activatedAt: null,
  terminatedAt: null,
  usersCount: 4,
  userCount: 4,
  peopleCount: 11,
  unassignedPeopleCount: 2,
  integrationsCount: 1,
  integrationCount: 1,
  maxPeople: 12,
  maxIntegrations: null,
  integrationInterval: 5,
  currentPlan: 'startup',
  trialEndsAt: null,
  cancelAtPeriodEnd: false,
  stripeCustomerId: null,
  stripeSubscriptionId: null,
  stripePriceId: null,
  stripeCurrentPeriodEnd: null,
  stripeSubscriptionStatus: 'active',
  adminUser: {
    id: '1f1e2d3c-4b5a-4978-8796-a5b4c3d2e1f0',
    email: 'ana@owls.test',
    createdAt: new Date().toISOString(),
  },
  features: [],
  signupData: { signupSource: 'web_form', details: { selectedIntegrations: ['slack', 'github', 'jira'] } },
};

function stubAccounts(answer: (url: URL) => AccountsPage) {
  const urls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      const url = new URL(path, 'http://app.test');
      urls.push(url);
      return new Response(JSON.stringify(answer(url)), { status: 200 });
    }),
  );
  return urls;
}

function renderTab(path = '/superadmin') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/superadmin', element: <AccountsTab /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <TooltipProvider>
        <RouterProvider router={router} />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup() };
}

const page = (accounts: OperatorAccount[]): AccountsPage => ({
  accounts,
  pagination: { page: 1, limit: 20, total: accounts.length, totalPages: 1 },
  summary,
});

afterEach(() => vi.unstubAllGlobals());

describe('accounts tab', () => {
  it('shows a row with its badges, usage, signup age and selected integrations', async () => {
    stubAccounts(() => page([account]));
    renderTab();
    const row = (await screen.findByRole('link', { name: 'Night Owls' })).closest('li') as HTMLElement;
    expect(screen.getByRole('link', { name: 'Night Owls' })).toHaveAttribute(
      'href',
      `/superadmin/accounts/${account.id}`,
    );
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByText('Subscribed')).toBeInTheDocument();
    expect(within(row).getByText('ana@owls.test')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Impersonate ana@owls.test' })).toBeInTheDocument();
    expect(within(row).getByText('3 days ago')).toBeInTheDocument();
    expect(within(row).getByText('slack')).toBeInTheDocument();
    expect(within(row).getByText('github')).toBeInTheDocument();
    expect(within(row).queryByText('jira')).not.toBeInTheDocument();
    expect(within(row).getByText('+1')).toBeInTheDocument();
    expect(within(row).getByText(/11 \/ 12/)).toBeInTheDocument();
  });

  it('toggles a tile as the list filter, in the URL, and clears it with a second click', async () => {
    const urls = stubAccounts(() => page([]));
    const { router, user } = renderTab();
    const tile = await screen.findByRole('button', { name: /Payment issues\s*9/ });
    await user.click(tile);
    await waitFor(() => expect(urls.at(-1)?.searchParams.get('billingFilter')).toBe('payment-issues'));
    expect(router.state.location.search).toBe('?billingFilter=payment-issues');
    expect(screen.getByRole('button', { name: /Payment issues\s*9/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Clear the billing filter' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Payment issues\s*9/ }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('button', { name: /Payment issues\s*9/ })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('button', { name: 'Clear the billing filter' })).not.toBeInTheDocument();
  });

  it('searches by name or admin e-mail and says when nothing matches', async () => {
    const urls = stubAccounts(() => page([]));
    const { user } = renderTab('/superadmin?billingFilter=high-usage');
    await user.type(await screen.findByPlaceholderText('Search accounts or admin emails...'), 'ana@owls');
    await waitFor(() => expect(urls.at(-1)?.searchParams.get('search')).toBe('ana@owls'));
    expect(urls.at(-1)?.searchParams.get('billingFilter')).toBe('high-usage');
    expect(urls.at(-1)?.searchParams.get('limit')).toBe('20');
    expect(screen.getByText('No accounts found')).toBeInTheDocument();
    expect(screen.getByText('No accounts match your current filters.')).toBeInTheDocument();
  });
});
