import type { SessionUser } from '@overlap/contract/auth';
import type { GapReport } from '@overlap/contract/maintenance';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionKeys } from '../../api/session';
import { sessionUser } from '../../test/session-user';
import { TooltipProvider } from '../../ui/tooltip';
import { MaintenanceTab } from './components/maintenance-tab';
import { recentMonths } from './lib/months';

const emptyReport: GapReport = {
  totalLongBlocks: 0,
  totalGaps: 0,
  totalAffectedBlocks: 0,
  summary: { averageBlockHours: 0, averageGapMinutes: 0 },
  longActivityBlocks: [],
  gaps: [],
};

function renderTab(role: SessionUser['role'], answer: () => Response) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(sessionKeys.status, sessionUser(role));
  const router = createMemoryRouter([{ path: '*', element: <MaintenanceTab /> }], {
    initialEntries: ['/account?tab=maintenance'],
  });
  render(
    <QueryClientProvider client={client}>
      <TooltipProvider>
        <RouterProvider router={router} />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('MaintenanceTab', () => {
  it('is closed to users who are not managers', () => {
    const fetch = renderTab('user', () => Response.json(emptyReport));
    expect(screen.getByText('Only managers can run maintenance on this account.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Detect' })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('detects the current month, with an invalid minimum falling back to 8 hours', async () => {
    const fetch = renderTab('manager', () => Response.json(emptyReport));
    expect(screen.getByText('No detection run yet')).toBeInTheDocument();
    const input = screen.getByLabelText('Minimum duration (hours)');
    await userEvent.clear(input);
    await userEvent.type(input, '0.2');
    await userEvent.click(screen.getByRole('button', { name: 'Detect' }));
    const current = recentMonths()[0];
    expect(await screen.findByText(`No long blocks or gaps in ${current?.label}`)).toBeInTheDocument();
    expect(input).toHaveValue(8);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(init?.method).toBe('POST');
    expect(url).toBe(
      `/api/v1/account/maintenance/detect-gaps?year=${current?.year}&month=${current?.month}&minDurationHours=8`,
    );
  });

  it("shows the spec's error text when the detection fails", async () => {
    renderTab('manager', () => Response.json({ message: 'boom' }, { status: 500 }));
    await userEvent.click(screen.getByRole('button', { name: 'Detect' }));
    expect(await screen.findByText('Failed to detect integration gaps. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
