import type { SessionUser } from '@overlap/contract/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionKeys } from '../../../api/session';
import { sessionUser } from '../../../test/session-user';
import { TooltipProvider } from '../../../ui/tooltip';
import { AppChrome } from './app-chrome';

const baseUser = sessionUser();

type Routes = Record<string, { status?: number; body: unknown }>;

function stubApi(routes: Routes) {
  const calls: { url: string; method: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method ?? 'GET' });
      const route = routes[`${init?.method ?? 'GET'} ${url}`];
      if (!route) return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
      return new Response(JSON.stringify(route.body), { status: route.status ?? 200 });
    }),
  );
  return calls;
}

function renderChrome(path: string, user: SessionUser | null, routes: Routes = {}, sessionKnown = false) {
  const deployed = new Date(Date.now() - 3 * 3600_000).toISOString();
  const calls = stubApi({
    'GET /auth/status': user ? { body: { user } } : { status: 401, body: { message: 'Unauthorized' } },
    'GET /auth/impersonation-status': { body: { isImpersonating: false, accountName: null, userEmail: null } },
    'GET /api/v1/profile/system-info': {
      body: {
        environment: 'test',
        serverTime: new Date().toISOString(),
        buildInfo: { version: '1.4.2', deploymentTime: deployed },
      },
    },
    ...routes,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // As when the gates have already had the session's answer.
  if (sessionKnown) client.setQueryData(sessionKeys.status, user);
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <AppChrome>
            <p>page body</p>
          </AppChrome>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <TooltipProvider>
        <RouterProvider router={router} />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return { calls, router };
}

afterEach(() => vi.unstubAllGlobals());

describe('app chrome', () => {
  it('degrades to the title and Sign in without a session', async () => {
    renderChrome('/styleguide', null);
    expect(await screen.findByText('page body')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Overlap/ })).toHaveAttribute('href', '/');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('shows the email, Settings and Logout, and the footer with version and age', async () => {
    renderChrome('/', baseUser);
    expect(await screen.findByRole('link', { name: 'dana@example.com' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/account');
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/');
    expect(within(main).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(main).getByRole('link', { name: 'People' })).toHaveAttribute('href', '/people');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Super Admin Panel' })).not.toBeInTheDocument();
    expect(await screen.findByText('version 1.4.2 • deployed 3h ago')).toBeInTheDocument();
  });

  it("asks for the footer's version and the impersonation check only after its first frame is painted", async () => {
    const { calls } = renderChrome('/', baseUser, {}, true);
    // The session is known from the first render, yet neither request leaves with it.
    expect(screen.getByRole('link', { name: 'dana@example.com' })).toBeInTheDocument();
    const deferred = ['/api/v1/profile/system-info', '/auth/impersonation-status'];
    expect(calls.map((c) => c.url).filter((url) => deferred.includes(url))).toEqual([]);
    expect(await screen.findByText('version 1.4.2 • deployed 3h ago')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        calls
          .map((c) => c.url)
          .filter((url) => deferred.includes(url))
          .sort(),
      ).toEqual(deferred),
    );
  });

  it('hides the footer on /profile', async () => {
    const { calls } = renderChrome('/profile', baseUser);
    await screen.findByRole('link', { name: 'dana@example.com' });
    expect(screen.queryByText(/version/)).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('system-info'))).toBe(false);
  });

  it('offers the Super Admin Panel to a superadmin and shows the orange bar on /superadmin', async () => {
    renderChrome('/superadmin', { ...baseUser, role: 'superadmin' });
    expect(await screen.findByRole('link', { name: 'Super Admin Panel' })).toHaveAttribute('href', '/superadmin');
    expect(screen.getByRole('note')).toHaveTextContent('Super Admin Panel');
  });

  it('shows the suspended banner on every page of a suspended account', async () => {
    renderChrome('/people', { ...baseUser, account: { ...baseUser.account, status: 'suspended' } });
    expect(
      await screen.findByText(
        'Your account has been suspended. Please visit your account settings to resolve this issue.',
      ),
    ).toBeInTheDocument();
  });

  it('logs out: POST /auth/logout then /login', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderChrome('/', baseUser, { 'POST /auth/logout': { body: { success: true } } });
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls).toContainEqual({ url: '/auth/logout', method: 'POST' });
  });

  it('while impersonating shows account and user, hides the panel link, and exits to redirectTo', async () => {
    const user = userEvent.setup();
    const { router } = renderChrome(
      '/',
      { ...baseUser, role: 'superadmin' },
      {
        'GET /auth/impersonation-status': {
          body: { isImpersonating: true, accountName: 'Acme Inc', userEmail: 'owner@acme.test' },
        },
        'POST /api/v1/superadmin/stop-impersonation': { body: { redirectTo: '/superadmin/accounts/42' } },
      },
    );
    expect(await screen.findByText('owner@acme.test')).toBeInTheDocument();
    expect(screen.getByText('Acme Inc')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Super Admin Panel' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Exit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/superadmin/accounts/42'));
  });

  it('says so when exiting impersonation fails', async () => {
    const user = userEvent.setup();
    renderChrome('/', baseUser, {
      'GET /auth/impersonation-status': {
        body: { isImpersonating: true, accountName: 'Acme Inc', userEmail: 'owner@acme.test' },
      },
      'POST /api/v1/superadmin/stop-impersonation': { status: 500, body: { message: 'boom' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Exit' }));
    expect(
      await screen.findByText('Failed to exit impersonation. Please try again.', {}, { timeout: 4000 }),
    ).toBeInTheDocument();
  });

  it('opens the Menu panel with email, role, Dashboard, People, Account and Logout', async () => {
    const user = userEvent.setup();
    renderChrome('/', baseUser);
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    const panel = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(panel).getByText('dana@example.com')).toBeInTheDocument();
    expect(within(panel).getByText('Manager')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/');
    expect(within(panel).getByRole('link', { name: 'People' })).toHaveAttribute('href', '/people');
    expect(within(panel).getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
    expect(within(panel).queryByRole('link', { name: 'Super Admin Panel' })).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });
});
