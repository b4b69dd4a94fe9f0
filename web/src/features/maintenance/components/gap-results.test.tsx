import type { GapReport } from '@overlap/contract/maintenance';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setTimePreferences } from '../../../lib/format-time';
import { TooltipProvider } from '../../../ui/tooltip';
import { GapResults } from './gap-results';

const report: GapReport = {
  totalLongBlocks: 1,
  totalGaps: 1,
  totalAffectedBlocks: 3,
  summary: { averageBlockHours: 9.46, averageGapMinutes: 95 },
  longActivityBlocks: [
    {
      id: '00000000-0000-4000-8000-0000000000b1',
      personId: '00000000-0000-4000-8000-0000000000a1',
      personName: null,
      integrationName: 'Slack',
      startTime: '2026-11-14T08:00:00.000Z',
      endTime: null,
      durationHours: 9.46,
      isOngoing: true,
      date: '2026-11-14',
    },
  ],
  gaps: [
    {
      integrationId: '00000000-0000-4000-8000-0000000000c1',
      integrationName: 'GitHub',
      gapStart: '2026-11-10T10:00:00.000Z',
      gapEnd: '2026-11-10T11:35:00.000Z',
      durationMinutes: 95,
      affectedBlocksCount: 3,
      affectedDates: ['2026-11-09', '2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13', '2026-11-14'],
    },
  ],
};

function renderResults(data: GapReport) {
  const router = createMemoryRouter(
    [{ path: '*', element: <GapResults report={data} monthLabel="November 2026" minDurationHours={8} /> }],
    { initialEntries: ['/account?tab=maintenance'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <TooltipProvider>
        <RouterProvider router={router} />
      </TooltipProvider>
    </QueryClientProvider>,
  );
}

const gapRow = () => within(screen.getByRole('table', { name: 'Integration gaps' })).getAllByRole('row')[1];

describe('GapResults', () => {
  afterEach(() => setTimePreferences({ timeFormat: '24h', timeZone: null }));

  it('prints the gap times in 12-hour time in the chosen timezone', () => {
    setTimePreferences({ timeFormat: '12h', timeZone: 'America/New_York' });
    renderResults(report);
    expect(within(gapRow() as HTMLElement).getByText('10 Nov, 5:00 AM')).toBeInTheDocument();
    expect(within(gapRow() as HTMLElement).getByText('10 Nov, 6:35 AM')).toBeInTheDocument();
  });

  it('prints the gap times in 24-hour time in the chosen timezone', () => {
    setTimePreferences({ timeFormat: '24h', timeZone: 'Asia/Kolkata' });
    renderResults(report);
    expect(within(gapRow() as HTMLElement).getByText('10 Nov, 15:30')).toBeInTheDocument();
    expect(within(gapRow() as HTMLElement).getByText('10 Nov, 17:05')).toBeInTheDocument();
  });

  it('shows totals, averages, the long block and the gap with day links', async () => {
    renderResults(report);
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('9h 28m')).toBeInTheDocument();
    expect(within(summary).getByText('1h 35m')).toBeInTheDocument();
    expect(within(summary).getByText('3')).toBeInTheDocument();

    const blocks = screen.getByRole('table', { name: 'Long activity blocks' });
    expect(within(blocks).getByText('Unknown person')).toBeInTheDocument();
    expect(within(blocks).getByText('Ongoing')).toBeInTheDocument();
    expect(within(blocks).getByRole('link', { name: 'Sat 14 Nov' })).toHaveAttribute('href', '/#2026-11-14');

    const gaps = screen.getByRole('table', { name: 'Integration gaps' });
    expect(within(gaps).getByText('GitHub')).toBeInTheDocument();
    expect(within(gaps).getAllByRole('link')).toHaveLength(4);
    await userEvent.click(within(gaps).getByRole('button', { name: '+2 more' }));
    expect(within(gaps).getAllByRole('link')).toHaveLength(6);
  });

  it('says when a month has neither long blocks nor gaps', () => {
    renderResults({ ...report, totalLongBlocks: 0, totalGaps: 0, longActivityBlocks: [], gaps: [] });
    expect(screen.getByText('No long blocks or gaps in November 2026')).toBeInTheDocument();
  });
});
