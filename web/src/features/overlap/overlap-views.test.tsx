import type { AvailabilityResponse, OverlapResponse } from '@overlap/contract/overlap';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTimePreferences } from '../../lib/format-time';
import { TooltipProvider } from '../../ui/tooltip';
import { AvailabilityCard } from './components/availability-card';
import { BestTimePanel } from './components/best-time-panel';
import { OverlapStrip } from './components/overlap-strip';

const ANA = '00000000-0000-4000-8000-00000000000a';
const BEN = '00000000-0000-4000-8000-00000000000b';
const CHIE = '00000000-0000-4000-8000-00000000000c';
const people = [
  { id: ANA, name: 'Ana', color: null },
  { id: BEN, name: 'Ben', color: null },
  { id: CHIE, name: 'Chie', color: null },
];

function renderWith(ui: ReactNode, answer: (url: string) => unknown) {
  const fetch = vi.fn(async (url: string) => Response.json(answer(url)));
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <TooltipProvider>{ui}</TooltipProvider>
    </QueryClientProvider>,
  );
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
  setTimePreferences({ timeFormat: '24h', timeZone: null });
});

/** The answer lists its people in its own order (by name on the server); slots name them by position. */
const LISTED = [BEN, CHIE, ANA];
const half = (start: string, online: string[], likely: string[] = []) => ({
  start,
  end: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
  online: online.map((id) => LISTED.indexOf(id)).sort((x, y) => x - y),
  likely: likely.map((id) => LISTED.indexOf(id)).sort((x, y) => x - y),
  likelyConfidence: likely.map(() => 0.8),
});

describe('BestTimePanel', () => {
  it('asks for the coming days of the shown people and lists the windows in the viewer’s time', async () => {
    const answer: OverlapResponse = {
      timezone: 'Europe/Berlin',
      slotMinutes: 30,
      people: LISTED,
      slots: [],
      best: [
        {
          start: '2025-06-10T12:00:00.000Z',
          end: '2025-06-10T14:00:00.000Z',
          people: [ANA, BEN, CHIE],
          confidence: 0.8,
        },
        {
          start: '2025-06-11T12:30:00.000Z',
          end: '2025-06-11T13:30:00.000Z',
          people: [ANA, BEN, CHIE],
          confidence: 0.66,
        },
      ],
    };
    const fetch = renderWith(
      <BestTimePanel today="2025-06-10" timeZone="Europe/Berlin" people={people} />,
      () => answer,
    );
    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => [...li.querySelectorAll('p')].map((p) => p.textContent))).toEqual([
      ['Today 14:00–16:00', '2h · 3 of 3 people · 80% likely'],
      ['Tomorrow 14:30–15:30', '1h · 3 of 3 people · 66% likely'],
    ]);
    expect(screen.queryByText(/no time when all/)).toBeNull();
    expect(fetch.mock.calls[0]?.[0]).toBe(
      `/api/v1/overlap?from=2025-06-10&days=3&tz=Europe%2FBerlin&people=${ANA}&people=${BEN}&people=${CHIE}`,
    );
  });

  it('says when no time reaches everyone, and when nothing is expected yet', async () => {
    renderWith(<BestTimePanel today="2025-06-10" timeZone="UTC" people={people} />, () => ({
      timezone: 'UTC',
      slotMinutes: 30,
      people: LISTED,
      slots: [],
      best: [
        { start: '2025-06-10T09:00:00.000Z', end: '2025-06-10T10:00:00.000Z', people: [ANA, BEN], confidence: 0.5 },
      ],
    }));
    expect(await screen.findByText('· no time when all 3 are around')).toBeInTheDocument();
    expect(screen.getByText(/2 of 3 people/)).toBeInTheDocument();
  });

  it('shows the empty state without windows', async () => {
    renderWith(<BestTimePanel today="2025-06-10" timeZone="UTC" people={people} />, () => ({
      timezone: 'UTC',
      slotMinutes: 30,
      people: LISTED,
      slots: [],
      best: [],
    }));
    expect(
      await screen.findByText('No overlap expected yet. Predictions appear once the team has a few days of activity.'),
    ).toBeInTheDocument();
  });
});

describe('OverlapStrip', () => {
  it('reads each half hour of the viewed day with the arrow keys', async () => {
    const slots = [
      half('2025-06-10T10:00:00.000Z', [ANA]),
      half('2025-06-10T10:30:00.000Z', [ANA], [BEN, CHIE]),
      half('2025-06-10T11:00:00.000Z', [], [CHIE]),
    ];
    const fetch = renderWith(
      <OverlapStrip
        date="2025-06-10"
        today="2025-06-10"
        timeZone="UTC"
        people={people}
        nowMs={Date.parse('2025-06-10T10:10:00Z')}
      />,
      () => ({
        timezone: 'UTC',
        slotMinutes: 30,
        people: LISTED,
        slots: [...slots, half('2025-06-11T10:00:00.000Z', [ANA, BEN, CHIE])],
        best: [],
      }),
    );
    expect(await screen.findByText(/Most together 10:30–11:00: 3 of 3/)).toBeInTheDocument();
    const strip = screen.getByRole('slider', { name: 'Team overlap by half hour' });
    expect(strip).toHaveAttribute('aria-valuetext', '10:00–10:30: 1 online (Ana)');
    strip.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(strip).toHaveAttribute('aria-valuetext', '10:30–11:00: 1 online (Ana), 2 likely (Ben, Chie)');
    await userEvent.keyboard('{End}');
    expect(strip).toHaveAttribute('aria-valuetext', '11:00–11:30: 1 likely (Chie)');
    // Viewing today it shares the best-time panel's three-day request and keeps today's half hours.
    expect(fetch.mock.calls[0]?.[0]).toBe(
      `/api/v1/overlap?from=2025-06-10&days=3&tz=UTC&people=${ANA}&people=${BEN}&people=${CHIE}`,
    );
  });
});

describe('while the shown people load', () => {
  it('the panel and the strip draw their loading state in place and ask nothing', () => {
    const fetch = renderWith(
      <>
        <OverlapStrip date="2025-06-10" today="2025-06-10" timeZone="UTC" people={[]} nowMs={0} waiting />
        <BestTimePanel today="2025-06-10" timeZone="UTC" people={[]} waiting />
      </>,
      () => ({}),
    );
    expect(screen.getByRole('heading', { name: 'Overlap · Loading the overlap...' })).toBeInTheDocument();
    const panel = screen.getByTestId('best-time');
    const busy = panel.querySelector('[aria-busy="true"]') as HTMLElement;
    expect(busy.children).toHaveLength(3);
    expect(busy.parentElement).toHaveClass('min-h-30');
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('AvailabilityCard', () => {
  it('shows usual hours in both times and the next likely online span', async () => {
    const answer: AvailabilityResponse = {
      personId: BEN,
      timezone: 'America/New_York',
      viewerTimezone: 'Europe/Berlin',
      isOnline: false,
      usuallyOnline: {
        personTime: [{ start: '09:00', end: '17:00' }],
        viewerTime: [{ start: '15:00', end: '23:00' }],
        basedOnDays: 20,
      },
      nextLikelyOnline: { start: '2025-06-11T13:00:00.000Z', end: '2025-06-11T21:00:00.000Z', confidence: 0.75 },
    };
    const fetch = renderWith(
      <AvailabilityCard personId={BEN} viewerTimeZone="Europe/Berlin" nowMs={Date.parse('2025-06-10T20:00:00Z')} />,
      () => answer,
    );
    const card = await screen.findByTestId('availability');
    expect(await within(card).findByText('09:00–17:00')).toBeInTheDocument();
    expect(card).toHaveTextContent('their time (America/New_York)');
    expect(card).toHaveTextContent('15:00–23:00 your time (Europe/Berlin)');
    expect(card).toHaveTextContent('From 20 days with activity');
    expect(card).toHaveTextContent('Tomorrow 15:00–23:00 your time');
    expect(card).toHaveTextContent('09:00–17:00 their time');
    expect(card).toHaveTextContent('75% likely');
    expect(fetch.mock.calls[0]?.[0]).toBe(`/api/v1/people/${BEN}/availability?tz=Europe%2FBerlin`);
  });

  it('switches its hours to 12-hour time when the user changes the setting, without a new request', async () => {
    setTimePreferences({ timeFormat: '24h', timeZone: null });
    const answer: AvailabilityResponse = {
      personId: ANA,
      timezone: 'Asia/Tokyo',
      viewerTimezone: 'Europe/Berlin',
      isOnline: false,
      usuallyOnline: {
        personTime: [{ start: '09:00', end: '12:30' }],
        viewerTime: [{ start: '02:00', end: '05:30' }],
        basedOnDays: 1,
      },
      nextLikelyOnline: { start: '2025-06-11T00:00:00.000Z', end: '2025-06-11T03:30:00.000Z', confidence: 0.5 },
    };
    const fetch = renderWith(
      <AvailabilityCard personId={ANA} viewerTimeZone="Europe/Berlin" nowMs={Date.parse('2025-06-10T20:00:00Z')} />,
      () => answer,
    );
    const card = await screen.findByTestId('availability');
    expect(await within(card).findByText('09:00–12:30')).toBeInTheDocument();
    expect(card).toHaveTextContent('From 1 day with activity');
    act(() => setTimePreferences({ timeFormat: '12h', timeZone: null }));
    expect(within(card).getByText('9:00 AM–12:30 PM')).toBeInTheDocument();
    expect(card).toHaveTextContent('2:00 AM–5:30 AM your time (Europe/Berlin)');
    expect(card).toHaveTextContent('Tomorrow 2:00 AM–5:30 AM your time');
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
