import type { DashboardPerson } from '@overlap/contract/activity';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTimePreferences } from '../../../lib/format-time';
import { renderInRouter } from '../../../test/render-in-router';
import { HourRail } from './hour-rail';
import { PersonHeader } from './person-header';

const person = (id: string, name: string, timezone: string): DashboardPerson => ({
  id,
  name,
  email: null,
  status: 'active',
  color: null,
  timezone,
  isOnline: false,
  lastSeenAt: null,
  personIdentifier: null,
  isDemo: false,
  activityBlocks: [],
  activityEvents: [],
  activityPredictions: [],
});

const team = [
  person('00000000-0000-4000-8000-00000000000a', 'Ada Lovelace', 'Europe/London'),
  person('00000000-0000-4000-8000-00000000000b', 'Grace Hopper', 'America/New_York'),
  person('00000000-0000-4000-8000-00000000000c', 'Kenji Sato', 'Asia/Tokyo'),
];

function renderCompactTimeline() {
  renderInRouter(
    <>
      <HourRail />
      {team.map((p) => (
        <PersonHeader key={p.id} person={p} color="#22c55e" onHide={() => {}} compact />
      ))}
    </>,
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-02T14:05:00Z'));
  setTimePreferences({ timeFormat: '12h', timeZone: 'UTC' });
});
afterEach(() => {
  vi.useRealTimers();
  setTimePreferences({ timeFormat: '24h', timeZone: null });
});

describe('compact timeline headers in 12-hour time', () => {
  it('show each column its local time with AM/PM and the hours 12 AM to 11 PM', () => {
    renderCompactTimeline();
    expect(screen.getAllByRole('link').map((l) => l.querySelector('.tabular')?.textContent)).toEqual([
      '2:05 PM',
      '9:05 AM',
      '11:05 PM',
    ]);
    for (const name of [
      'Ada Lovelace, local time 2:05 PM. Open weekly view',
      'Grace Hopper, local time 9:05 AM. Open weekly view',
      'Kenji Sato, local time 11:05 PM. Open weekly view',
    ]) {
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
    }
    const hours = within(screen.getByRole('list', { name: 'Hours' })).getAllByRole('listitem');
    expect(hours.map((h) => h.textContent)).toEqual([
      '12 AM',
      ...Array.from({ length: 11 }, (_, i) => `${i + 1} AM`),
      '12 PM',
      ...Array.from({ length: 11 }, (_, i) => `${i + 1} PM`),
    ]);
  });
});
