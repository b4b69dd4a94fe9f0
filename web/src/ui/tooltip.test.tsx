import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Tooltip, TooltipProvider } from './tooltip';

function renderTooltip() {
  render(
    <TooltipProvider delayDuration={300} skipDelayDuration={200}>
      <Tooltip content="Your profile">
        <button type="button">ada@example.com</button>
      </Tooltip>
      <button type="button">Elsewhere</button>
    </TooltipProvider>,
  );
  return screen.getByRole('button', { name: 'ada@example.com' });
}

afterEach(() => vi.useRealTimers());

describe('Tooltip', () => {
  it('shows after the delay while a mouse rests on the trigger, describes it, and hides when it leaves', () => {
    vi.useFakeTimers();
    const trigger = renderTooltip();
    fireEvent.pointerEnter(trigger, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(299));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    const tip = screen.getByRole('tooltip');
    expect(tip).toHaveTextContent('Your profile');
    expect(trigger).toHaveAttribute('aria-describedby', tip.id);
    expect(trigger).toHaveAccessibleDescription('Your profile');
    fireEvent.pointerLeave(trigger, { pointerType: 'mouse' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(trigger).not.toHaveAttribute('aria-describedby');
  });

  it('does not open for a touch', () => {
    vi.useFakeTimers();
    const trigger = renderTooltip();
    fireEvent.pointerEnter(trigger, { pointerType: 'touch' });
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows on keyboard focus and hides on Escape and on leaving the trigger', async () => {
    const user = userEvent.setup();
    const trigger = renderTooltip();
    await user.tab();
    expect(trigger).toHaveFocus();
    expect(screen.getByRole('tooltip')).toHaveTextContent('Your profile');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.tab({ shift: true });
    await user.tab();
    expect(screen.getByRole('tooltip')).toHaveTextContent('Your profile');
    await user.tab();
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
