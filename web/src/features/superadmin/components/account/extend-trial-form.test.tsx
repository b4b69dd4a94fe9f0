import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../../../../ui/tooltip';
import { ExtendTrialForm } from './extend-trial-form';

const ID = '0f1e2d3c-4b5a-4978-8796-a5b4c3d2e1f0';

function renderForm(answer: () => Response | Promise<Response>) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return answer();
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <TooltipProvider>
        <ExtendTrialForm accountId={ID} />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return { calls, user: userEvent.setup() };
}

afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

describe('extend trial', () => {
  it('asks for a date first, with the spec’s text', async () => {
    const { calls, user } = renderForm(() => json(200, {}));
    await user.click(screen.getByRole('button', { name: 'Extend trial' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a new trial end date');
    expect(calls).toEqual([]);
  });

  it("sends the end of the day 30 days ahead after confirming, and says it's done", async () => {
    const end = new Date();
    end.setDate(end.getDate() + 30);
    const expected = new Date(end.getFullYear(), end.getMonth(), end.getDate(), 23, 59, 59).toISOString();
    const { calls, user } = renderForm(() => json(200, { newTrialEndDate: expected }));
    await user.click(screen.getByRole('button', { name: '+30 days' }));
    await user.click(screen.getByRole('button', { name: 'Extend trial' }));
    // The confirmation's own 'Extend trial' button is the last one.
    await user.click(screen.getAllByRole('button', { name: 'Extend trial' }).at(-1) as HTMLElement);
    expect(await screen.findByText(/^Trial extended to /)).toBeInTheDocument();
    expect(calls).toEqual([
      { url: `/api/v1/superadmin/accounts/${ID}/extend-trial`, method: 'PUT', body: { trialEndDate: expected } },
    ]);
  });

  it("shows the server's error field, else 'Failed to extend trial'", async () => {
    const refusal = 'Moving a Stripe trial is not available on this server yet. Nothing was changed.';
    let answer = json(503, { statusCode: 503, code: 'STRIPE_UNAVAILABLE', error: refusal, message: refusal });
    const { user } = renderForm(() => answer);
    await user.click(screen.getByRole('button', { name: '+30 days' }));
    await user.click(screen.getByRole('button', { name: 'Extend trial' }));
    const confirm = () => screen.getAllByRole('button', { name: 'Extend trial' }).at(-1) as HTMLElement;
    await user.click(confirm());
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    answer = json(500, 'not json');
    await user.click(confirm());
    expect(await screen.findByText('Failed to extend trial')).toBeInTheDocument();
  });
});
