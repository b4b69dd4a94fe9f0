import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../../../ui/tooltip';
import type { SurveyDraft } from '../lib/survey-form';
import { SurveyWizard } from './survey-wizard';

const start: SurveyDraft = { teamName: 'Acme', companySize: null, tools: [], otherTools: [], problemStatement: '' };

function renderWizard(answer: () => Response = () => Response.json({})) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetch);
  const router = createMemoryRouter(
    [
      { path: '/survey', element: <SurveyWizard initial={start} /> },
      { path: '/account', element: <p>Account page</p> },
    ],
    { initialEntries: ['/survey'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <TooltipProvider>
        <RouterProvider router={router} />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  const bodies = () => fetch.mock.calls.map(([, init]) => JSON.parse(String(init?.body)));
  return { fetch, bodies };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SurveyWizard', () => {
  it('keeps a one-character name on step 1 and saves typing once it pauses', async () => {
    const { bodies } = renderWizard();
    const name = screen.getByLabelText('Team name');
    await userEvent.clear(name);
    await userEvent.type(name, 'R{Enter}');
    expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.type(name, 'ocket{Enter}');
    expect(screen.getByText('Step 2 of 4')).toBeInTheDocument();
    // Seven changes, one save (two if the machine stalls between the keystrokes).
    await waitFor(() => expect(bodies().at(-1)).toEqual({ teamName: 'Rocket' }));
    expect(bodies().length).toBeLessThanOrEqual(2);
  });

  it('saves a team size at once and moves on 300 ms later', async () => {
    const { bodies } = renderWizard();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Just me' }));
    expect(screen.getByText('Step 2 of 4')).toBeInTheDocument();
    await screen.findByText('Step 3 of 4');
    expect(bodies()).toContainEqual({ companySize: 'Just me' });
  });

  it('only logs a failed save and still completes to /account', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWizard(() => Response.json({ message: 'Database down' }, { status: 500 }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('radio', { name: '2-10 people' }));
    await screen.findByText('Step 3 of 4');
    await userEvent.type(screen.getByLabelText('Other tools'), 'Linear{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Complete Survey' }));
    await screen.findByText('Account page');
    expect(logged).toHaveBeenCalledWith('Failed to save the survey', expect.anything());
  });
});
