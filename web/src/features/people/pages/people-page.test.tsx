import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionUser } from '../../../test/session-user';
import { TooltipProvider } from '../../../ui/tooltip';
import PeoplePage from './people-page';

const user = sessionUser();
const pagination = { page: 1, limit: 100, totalCount: 0, totalPages: 0, hasNextPage: false, hasPreviousPage: false };

function stubApi() {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      if (url === '/auth/status') return Response.json({ user });
      if (url.startsWith('/api/v1/people?')) return Response.json({ people: [], pagination, demoCount: 0 });
      if (url.startsWith('/api/v1/unassigned?') || url.startsWith('/api/v1/ignored?')) {
        return Response.json({ users: [], pagination });
      }
      return Response.json({ message: 'Not found' }, { status: 404 });
    }),
  );
  return urls;
}

function renderPeople(path: string) {
  const router = createMemoryRouter([{ path: '/people', element: <PeoplePage /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <TooltipProvider>
        <RouterProvider router={router} />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return router;
}

const sortBox = () => screen.getByRole('combobox', { name: 'Sort people' });
const listCalls = (urls: string[], path: string) =>
  urls.filter((u) => u.startsWith(`${path}?`)).map((u) => new URL(u, 'http://x').searchParams.get('sort'));

async function chooseSort(u: ReturnType<typeof userEvent.setup>, label: string) {
  sortBox().focus();
  await u.keyboard('{Enter}');
  await u.click(await screen.findByRole('option', { name: label }));
}

beforeAll(() => {
  // jsdom has no layout: the select's list scrolls its choice into view.
  Element.prototype.scrollIntoView = () => {};
  Element.prototype.hasPointerCapture = () => false;
});
afterEach(() => vi.unstubAllGlobals());

describe('people page sort', () => {
  it('keeps one order per tab, the shown one in the URL next to the tab', async () => {
    const urls = stubApi();
    const u = userEvent.setup();
    const router = renderPeople('/people?tab=unassigned&sort=lastSeen');

    await waitFor(() => expect(sortBox()).toHaveTextContent('Last seen'));
    await waitFor(() => expect(listCalls(urls, '/api/v1/unassigned')).toContain('lastSeen'));
    expect(listCalls(urls, '/api/v1/ignored')).toEqual([null]);

    await u.click(screen.getByRole('tab', { name: /Active/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=active'));
    expect(sortBox()).toHaveTextContent('Name (A–Z)');

    await chooseSort(u, 'Newest first');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=active&sort=created'));
    await waitFor(() => expect(listCalls(urls, '/api/v1/people')).toContain('created'));

    await u.click(screen.getByRole('tab', { name: /Unassigned/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=unassigned&sort=lastSeen'));
    expect(sortBox()).toHaveTextContent('Last seen');

    await u.click(screen.getByRole('tab', { name: /Ignored/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=ignored'));
    expect(sortBox()).toHaveTextContent('Name (A–Z)');
    expect(listCalls(urls, '/api/v1/ignored')).toEqual([null]);
    expect(listCalls(urls, '/api/v1/unassigned').filter((s) => s !== null && s !== 'lastSeen')).toEqual([]);
  });
});
