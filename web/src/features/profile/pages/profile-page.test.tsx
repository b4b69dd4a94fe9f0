import type { MyInfo } from '@overlap/contract/profile';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setTimePreferences } from '../../../lib/format-time';
import { sessionUser } from '../../../test/session-user';
import { TooltipProvider } from '../../../ui/tooltip';
import { AppChrome } from '../../shell';
import ProfilePage from './profile-page';

const user = sessionUser();

const me: MyInfo = {
  id: user.id,
  email: user.email,
  role: 'manager',
  lastLogin: '2025-05-01T13:05:00.000Z',
  createdAt: '2025-01-10T08:00:00.000Z',
  accountName: 'Demo Team',
  timeFormat: '24h',
  timeZone: 'Europe/Lisbon',
};

function stubApi() {
  const patches: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${url}`;
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
      if (key === 'GET /auth/status') return json({ user });
      if (key === 'GET /auth/impersonation-status')
        return json({ isImpersonating: false, accountName: null, userEmail: null });
      if (key === 'GET /api/v1/profile/my-info') return json(me);
      if (key === 'PATCH /api/v1/profile/preferences') {
        const body = JSON.parse(String(init?.body));
        patches.push(body);
        return json({ ...me, ...body });
      }
      return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
    }),
  );
  return patches;
}

function renderProfile() {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <AppChrome>
            <input aria-label="Notes" />
            <ProfilePage />
          </AppChrome>
        ),
      },
    ],
    { initialEntries: ['/profile'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <TooltipProvider>
        <RouterProvider router={router} />
      </TooltipProvider>
    </QueryClientProvider>,
  );
}

beforeAll(() => {
  // jsdom has no layout: the select's list scrolls its choice into view.
  Element.prototype.scrollIntoView = () => {};
  Element.prototype.hasPointerCapture = () => false;
});

afterEach(() => {
  vi.unstubAllGlobals();
  setTimePreferences({ timeFormat: '24h', timeZone: null });
});

describe('profile page', () => {
  it('redraws every time in the new format without reloading the page', async () => {
    const patches = stubApi();
    const u = userEvent.setup();
    renderProfile();
    const lastLogin = async () => (await screen.findByText('Last login')).nextElementSibling;
    expect(await lastLogin()).toHaveTextContent('1 May 2025, 14:05');
    await u.type(screen.getByRole('textbox', { name: 'Notes' }), 'half-written note');

    screen.getByRole('combobox', { name: 'Time format' }).focus();
    await u.keyboard('{Enter}');
    await u.click(await screen.findByRole('option', { name: '12-hour (2:05 PM)' }));

    expect(await screen.findByText('1 May 2025, 2:05 PM')).toBeInTheDocument();
    expect(patches).toEqual([{ timeFormat: '12h' }]);
    expect(await lastLogin()).toHaveTextContent('1 May 2025, 2:05 PM');
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue('half-written note');
  });
});
