import type { UnassignedUser } from '@overlap/contract/people';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../../../ui/tooltip';
import { UnassignedCard } from './user-cards';

const ADA = '11111111-1111-4111-8111-111111111111';
const user: UnassignedUser = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Ada L.',
  email: 'ada@acme.test',
  personIdentifier: 'U001',
  timezone: 'Europe/London',
  lastSeenAt: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  activityCount: 4,
  personIntegrations: [],
  mergeSuggestion: { personId: ADA, name: 'Ada Lovelace' },
};

function show(u: UnassignedUser) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <TooltipProvider>
        <MemoryRouter>
          <UnassignedCard user={u} people={[]} canManage atLimit={false} />
        </MemoryRouter>
      </TooltipProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('UnassignedCard merge suggestion', () => {
  it('offers merging into the active person with the same e-mail first, preselected', async () => {
    const fetch = vi.fn(async () => Response.json({ success: true, message: 'Merged', person: null }));
    vi.stubGlobal('fetch', fetch);
    show(user);
    expect(screen.getByTestId('merge-suggestion')).toHaveTextContent('Same e-mail as Ada Lovelace');
    const buttons = screen.getAllByRole('button').map((b) => b.textContent);
    expect(buttons.slice(0, 2)).toEqual(['Merge into Ada Lovelace', 'Activate']);

    await userEvent.click(screen.getByRole('button', { name: 'Merge into Ada Lovelace' }));
    await userEvent.click(screen.getByRole('button', { name: 'Merge' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, merge permanently' }));
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        `/api/v1/unassigned/${user.id}/merge`,
        expect.objectContaining({ method: 'POST', body: JSON.stringify({ targetPersonId: ADA }) }),
      ),
    );
  });

  it('without a suggestion keeps Activate first and a plain Merge', () => {
    show({ ...user, mergeSuggestion: null });
    expect(screen.queryByTestId('merge-suggestion')).toBeNull();
    expect(
      screen
        .getAllByRole('button')
        .map((b) => b.textContent)
        .slice(0, 2),
    ).toEqual(['Activate', 'Merge']);
  });
});
