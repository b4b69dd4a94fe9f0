import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Tabs } from './tabs';

function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/people',
        element: (
          <>
            <Tabs
              aria-label="People"
              items={[
                { value: 'active', label: 'Active', count: 3, content: <p>Active list</p> },
                { value: 'unassigned', label: 'Unassigned', count: 2, content: <p>Unassigned list</p> },
                { value: 'ignored', label: 'Ignored', content: <p>Ignored list</p> },
              ]}
            />
            <Location />
          </>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
}

describe('Tabs bound to ?tab', () => {
  it('shows the first tab without a parameter', () => {
    renderAt('/people');
    expect(screen.getByRole('tab', { name: /Active/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Active list')).toBeInTheDocument();
  });

  it('opens the tab named in the URL', () => {
    renderAt('/people?tab=unassigned');
    expect(screen.getByRole('tab', { name: /Unassigned/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Unassigned list')).toBeInTheDocument();
  });

  it('falls back to the default for an unknown value', () => {
    renderAt('/people?tab=nope');
    expect(screen.getByText('Active list')).toBeInTheDocument();
  });

  it('writes the selection to the URL and keeps other parameters', async () => {
    const user = userEvent.setup();
    renderAt('/people?page=2');
    await user.click(screen.getByRole('tab', { name: /Ignored/ }));
    expect(await screen.findByText('Ignored list')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/people?page=2&tab=ignored'));
  });

  it('moves between tabs with the arrow keys', async () => {
    const user = userEvent.setup();
    renderAt('/people');
    await user.click(screen.getByRole('tab', { name: /Active/ }));
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('tab=unassigned'));
    expect(screen.getByRole('tab', { name: /Unassigned/ })).toHaveFocus();
  });
});
