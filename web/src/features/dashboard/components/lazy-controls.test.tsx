import type { ActivityBlock, ActivityEvent } from '@overlap/contract/activity';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../../../ui/tooltip';
import { ColumnOrderSelect } from './column-order-select';
import { DayActivityLayer } from './day-activity-layer';
import { EventMarker } from './event-marker';
import { ExportSlot } from './export-slot';

beforeAll(() => {
  // Radix Select asks these of the elements it opens on; jsdom has none of them.
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
});

describe('ColumnOrderSelect', () => {
  it('is a combobox showing the order, and the first press loads the list open on it', async () => {
    const onOrder = vi.fn();
    render(<ColumnOrderSelect order="timezone" onOrder={onOrder} />);
    const trigger = screen.getByRole('combobox', { name: 'Order columns by' });
    expect(trigger).toHaveTextContent('By timezone');
    expect(screen.queryByRole('listbox')).toBeNull();
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const list = await screen.findByRole('listbox');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['By name', 'By timezone', 'By local time']);
    await userEvent.click(within(list).getByRole('option', { name: 'By local time' }));
    expect(onOrder).toHaveBeenCalledTimes(1);
    expect(onOrder).toHaveBeenCalledWith('localTime');
  });
});

const event: ActivityEvent = {
  id: 'e1',
  kind: 'git_commit',
  title: 'Fix the build',
  url: 'https://example.com/commit/1',
  timestamp: '2025-05-07T10:00:00.000Z',
  integrationName: 'GitHub',
  integrationColor: null,
  metadata: {},
} as ActivityEvent;

describe('EventMarker', () => {
  it('opens the event’s details on press and hands focus back to the marker on Escape', async () => {
    render(<EventMarker event={event} top={10} color="#22c55e" />);
    const marker = screen.getByRole('button', { name: 'Commit: Fix the build' });
    expect(marker).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(marker);
    const dialog = await screen.findByRole('dialog', { name: 'Commit: Fix the build' });
    expect(within(dialog).getByText('Fix the build')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Open' })).toHaveAttribute('href', 'https://example.com/commit/1');
    expect(marker).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(marker).toHaveFocus();
    expect(marker).toHaveAttribute('aria-expanded', 'false');
  });
});

const day = {
  start: new Date('2025-05-07T00:00:00.000Z'),
  end: new Date('2025-05-08T00:00:00.000Z'),
  timeZone: 'UTC',
};
const block = (id: string, start: string, end: string, minutes: number): ActivityBlock =>
  ({
    id,
    startTime: start,
    endTime: end,
    isOngoing: false,
    durationMinutes: minutes,
    integrationName: 'GitHub',
    integrationColor: null,
  }) as ActivityBlock;

describe('DayActivityLayer', () => {
  it('draws a short block to its length but gives it a press target of at least 24 px', () => {
    render(
      <TooltipProvider>
        <DayActivityLayer
          blocks={[
            block('short', '2025-05-07T09:00:00.000Z', '2025-05-07T09:10:00.000Z', 10),
            block('long', '2025-05-07T10:00:00.000Z', '2025-05-07T11:30:00.000Z', 90),
          ]}
          predictions={[]}
          events={[]}
          day={day}
          color="#22c55e"
          who="Ada"
          onSelectBlock={() => {}}
        />
      </TooltipProvider>,
    );
    const short = screen.getByRole('button', { name: 'Ada, GitHub: 09:00 – 09:10 (10m)' });
    expect(short.style.top).toBe('396px');
    expect(short.style.height).toBe('24px');
    expect((short.firstElementChild as HTMLElement).style.height).toBe(`${(10 / 60) * 44}px`);
    const long = screen.getByRole('button', { name: 'Ada, GitHub: 10:00 – 11:30 (1h 30m)' });
    expect(long.style.height).toBe('66px');
    expect((long.firstElementChild as HTMLElement).style.height).toBe('66px');
  });
});

describe('ExportSlot', () => {
  it('opens the export dialog on the first press, with the 30 days up to the viewed day', async () => {
    render(<ExportSlot date="2025-05-07" people={[]} who="the whole team" />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export days' });
    expect(within(dialog).getByLabelText(/^From/)).toHaveValue('2025-04-08');
    expect(within(dialog).getByLabelText(/^To/)).toHaveValue('2025-05-07');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Export' })).toHaveFocus();
  });
});
