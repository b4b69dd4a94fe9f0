import type { ActivityEvent } from '@overlap/contract/activity';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DayActivityLayer } from './day-activity-layer';

const day = {
  start: new Date('2025-05-07T00:00:00.000Z'),
  end: new Date('2025-05-08T00:00:00.000Z'),
  timeZone: 'UTC',
};
const event = (id: string, kind: string, time: string, title: string | null): ActivityEvent =>
  ({
    id,
    kind,
    title,
    url: `https://example.com/${id}`,
    timestamp: `2025-05-07T${time}:00.000Z`,
    integrationName: kind === 'git_commit' ? 'GitHub' : 'Google Drive',
    integrationColor: null,
    metadata: {},
  }) as ActivityEvent;

// 44 px an hour: 10:00, 10:12 and 10:30 lie within 24 px (32.7 minutes) of 10:00; 11:00 does not.
const events = [
  event('late', 'google_drive_file_edit', '10:30', 'Edited Q3 roadmap'),
  event('first', 'git_commit', '10:00', 'Fix the build'),
  event('apart', 'git_commit', '11:00', 'Bump dependencies'),
  event('second', 'git_commit', '10:12', null),
];

function renderDay(list = events) {
  return render(
    <DayActivityLayer
      blocks={[]}
      predictions={[]}
      events={list}
      day={day}
      color="#22c55e"
      who="Ada"
      onSelectBlock={() => {}}
    />,
  );
}

describe('event clusters on the day', () => {
  it('draws events too close for a target each as one marker with their count, at the first one', () => {
    renderDay();
    const cluster = screen.getByRole('button', { name: '3 events: Commit, Commit, File edited' });
    expect(cluster).toHaveTextContent('3');
    expect(cluster.style.top).toBe('440px');
    const apart = screen.getByRole('button', { name: 'Commit: Bump dependencies' });
    expect(apart.style.top).toBe('484px');
    expect(screen.getAllByRole('button')).toHaveLength(2);
  });

  it('lists the events in time order and shows one’s details, by keyboard, handing focus back on Escape', async () => {
    renderDay();
    const cluster = screen.getByRole('button', { name: /^3 events/ });
    cluster.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: '3 events, 10:00 – 10:30' });
    expect(cluster).toHaveAttribute('aria-expanded', 'true');
    const rows = within(dialog).getAllByRole('button');
    expect(rows.map((r) => r.textContent)).toEqual([
      'CommitFix the build10:00',
      'CommitGitHub10:12',
      'File editedEdited Q3 roadmap10:30',
    ]);
    expect(rows[0]).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(rows[2]).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(rows[0]).toHaveFocus();
    await userEvent.keyboard('{End}{ArrowUp}');
    expect(rows[1]).toHaveFocus();

    await userEvent.keyboard('{Enter}');
    const back = within(dialog).getByRole('button', { name: 'All 3 events' });
    expect(back).toHaveFocus();
    expect(within(dialog).getByText('Commit · GitHub')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Open' })).toHaveAttribute('href', 'https://example.com/second');
    await userEvent.keyboard('{Enter}');
    expect(within(dialog).getByRole('button', { name: /GitHub10:12/ })).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(cluster).toHaveFocus();
    expect(cluster).toHaveAttribute('aria-expanded', 'false');
    // Opened again, it starts from the list.
    await userEvent.click(cluster);
    expect(within(await screen.findByRole('dialog')).getAllByRole('button')).toHaveLength(3);
  });

  it('keeps events 33 minutes apart (24.2 px) as markers of their own, and groups 32 minutes (23.5 px)', () => {
    const { unmount } = renderDay([event('a', 'git_commit', '09:00', 'One'), event('b', 'git_commit', '09:33', 'Two')]);
    expect(screen.getByRole('button', { name: 'Commit: One' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Commit: Two' })).toBeInTheDocument();
    unmount();
    renderDay([event('a', 'git_commit', '09:00', 'One'), event('b', 'git_commit', '09:32', 'Two')]);
    expect(screen.getByRole('button', { name: '2 events: Commit, Commit' })).toBeInTheDocument();
  });
});
