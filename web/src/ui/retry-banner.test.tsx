import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RetryBanner } from './retry-banner';

describe('RetryBanner', () => {
  it("says what failed and asks again with 'Try again' by default", async () => {
    const onRetry = vi.fn();
    render(<RetryBanner onRetry={onRetry}>The accounts could not be loaded.</RetryBanner>);
    expect(screen.getByRole('alert')).toHaveTextContent('The accounts could not be loaded.');
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Try again']);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('takes its own button label', async () => {
    const onRetry = vi.fn();
    render(
      <RetryBanner onRetry={onRetry} label="Retry">
        Failed to load users: offline
      </RetryBanner>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
