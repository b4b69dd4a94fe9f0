import type { DailySummary } from '@overlap/contract/calendars';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { YearHeatmap } from './year-heatmap';

const PERSON = '00000000-0000-4000-8000-00000000000a';
const days: DailySummary[] = [
  { date: '2026-03-02', activityScore: 0.5, totalMinutes: 222, totalBlocks: 3, totalEvents: 4 },
  { date: '2026-03-09', activityScore: 0.2, totalMinutes: 60, totalBlocks: 1, totalEvents: 0 },
];

function renderHeatmap() {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <button type="button">Before</button>
            <YearHeatmap year={2026} days={days} personId={PERSON} today="2026-03-02" />
            <button type="button">After</button>
          </>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
}

const card = () => screen.queryByTestId('year-day-tooltip');

describe('year heat-map by keyboard', () => {
  it('is one Tab stop whose day card opens on focus, with its week link next in Tab order; Esc closes it', async () => {
    const user = userEvent.setup();
    renderHeatmap();
    expect(card()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Before' }));

    await user.tab();
    expect(document.activeElement).toHaveAttribute('data-date', '2026-03-02');
    expect(card()).toHaveTextContent('Monday, 2 March 2026');
    expect(card()).toHaveTextContent('3.7 hours online, 3 blocks, 4 events');

    await user.tab();
    const link = screen.getByRole('link', { name: 'Open this week of 2 Mar 2026' });
    expect(link).toHaveFocus();
    expect(link).toHaveAttribute('href', `/people/${PERSON}/week?date=2026-03-02`);

    await user.keyboard('{Escape}');
    expect(card()).toBeNull();
    expect(document.activeElement).toHaveAttribute('data-date', '2026-03-02');

    await user.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
    expect(card()).toBeNull();
  });

  it('moves between days with the arrow keys, staying inside the year', async () => {
    const user = userEvent.setup();
    renderHeatmap();
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();

    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toHaveAttribute('data-date', '2026-03-09');
    expect(card()).toHaveTextContent('Monday, 9 March 2026');
    expect(card()).toHaveTextContent('1.0 hours online, 1 blocks, 0 events');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toHaveAttribute('data-date', '2026-03-10');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(document.activeElement).toHaveAttribute('data-date', '2026-03-08');
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toHaveAttribute('data-date', '2026-03-01');
    expect(screen.getByRole('link', { name: 'Open this week of 1 Mar 2026' })).toHaveAttribute(
      'href',
      `/people/${PERSON}/week?date=2026-03-01`,
    );

    await user.click(screen.getByRole('button', { name: /^1 Jan 2026/ }));
    await user.keyboard('{ArrowUp}{ArrowLeft}');
    expect(document.activeElement).toHaveAttribute('data-date', '2026-01-01');
  });
});
