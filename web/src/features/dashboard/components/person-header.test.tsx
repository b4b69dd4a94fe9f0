import type { DashboardPerson } from '@overlap/contract/activity';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInRouter } from '../../../test/render-in-router';
import { PersonHeader } from './person-header';

const person: DashboardPerson = {
  id: '00000000-0000-4000-8000-00000000000a',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  status: 'active',
  color: null,
  timezone: 'UTC',
  isOnline: true,
  lastSeenAt: null,
  personIdentifier: null,
  isDemo: false,
  activityBlocks: [],
  activityEvents: [],
  activityPredictions: [],
};

function renderHeader(values: Partial<DashboardPerson>) {
  renderInRouter(<PersonHeader person={{ ...person, ...values }} color="#22c55e" onHide={() => {}} />);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-02T14:05:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('PersonHeader', () => {
  it('names the week link by the name and local time it shows, then what it does', () => {
    renderHeader({});
    const link = screen.getByRole('link', { name: 'Ada Lovelace, online, local time 14:05. Open weekly view' });
    expect(link.getAttribute('href')).toBe('/people/00000000-0000-4000-8000-00000000000a/week');
    expect(link.hasAttribute('aria-label')).toBe(false);
  });

  it('says offline people and unassigned ones without an unlabelled question mark', () => {
    renderHeader({ isOnline: false, status: 'unassigned', name: null, timezone: 'Asia/Tokyo' });
    expect(
      screen.getByRole('link', { name: 'ada@example.com, unassigned, local time 23:05. Open weekly view' }),
    ).toBeInTheDocument();
  });
});
