import type { Webhook } from '@overlap/contract/webhooks';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../../ui/tooltip';
import { WebhooksSection } from './components/webhooks-section';

const HOOK: Webhook = {
  id: '00000000-0000-4000-8000-0000000000aa',
  url: 'https://hooks.example.com/overlap',
  events: ['person.online', 'person.offline'],
  active: true,
  secretHint: 'whsec_…abcd',
  createdAt: '2025-06-10T09:00:00.000Z',
  updatedAt: '2025-06-10T09:00:00.000Z',
  lastDelivery: null,
};

type Handler = (url: string, init?: RequestInit) => Response;

function renderSection(handler: Handler) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => handler(url, init));
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <TooltipProvider>
        <WebhooksSection />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('WebhooksSection', () => {
  it('adds a webhook and shows its secret once', async () => {
    let list: Webhook[] = [];
    const fetch = renderSection((url, init) => {
      if (init?.method === 'POST' && url === '/api/v1/webhooks') {
        list = [HOOK];
        return Response.json({ webhook: HOOK, secret: 'whsec_0123456789abcdefghijklmnopqrstuv' }, { status: 201 });
      }
      return Response.json({ webhooks: list });
    });
    expect(await screen.findByText('No webhooks yet')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Add webhook' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook' });
    await userEvent.click(within(dialog).getByLabelText(/Payload URL/));
    await userEvent.paste(HOOK.url);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Day summary/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add webhook' }));

    const shown = await screen.findByRole('dialog', { name: 'Webhook added' });
    expect(within(shown).getByTestId('webhook-secret')).toHaveTextContent('whsec_0123456789abcdefghijklmnopqrstuv');
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      url: HOOK.url,
      events: ['person.online', 'person.offline', 'day.summary'],
      active: true,
    });
    await userEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText(HOOK.url)).toBeInTheDocument();
  });

  it("shows the server's refusal under the URL and keeps the form open", async () => {
    renderSection((_url, init) => {
      if (init?.method === 'POST') {
        return Response.json(
          {
            statusCode: 400,
            code: 'VALIDATION_FAILED',
            error: 'The request is not valid.',
            message: 'url: must not point to a private, loopback or link-local address (10.0.0.7 is 10.0.0.7)',
            details: [
              {
                field: 'url',
                message: 'must not point to a private, loopback or link-local address (10.0.0.7 is 10.0.0.7)',
              },
            ],
          },
          { status: 400 },
        );
      }
      return Response.json({ webhooks: [] });
    });
    await userEvent.click((await screen.findAllByRole('button', { name: 'Add webhook' }))[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook' });
    await userEvent.click(within(dialog).getByLabelText(/Payload URL/));
    await userEvent.paste('http://10.0.0.7/hook');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(
      await within(dialog).findByText(
        'must not point to a private, loopback or link-local address (10.0.0.7 is 10.0.0.7)',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Payload URL/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks before deleting, then deletes', async () => {
    let list = [HOOK];
    const fetch = renderSection((_url, init) => {
      if (init?.method === 'DELETE') {
        list = [];
        return Response.json({ success: true, message: 'Webhook deleted' });
      }
      return Response.json({ webhooks: list });
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete webhook' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this webhook?' });
    expect(confirm).toHaveTextContent(
      `Deliveries to ${HOOK.url} stop, and its delivery log is deleted. This cannot be undone.`,
    );
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete webhook' }));
    expect(await screen.findByText('No webhooks yet')).toBeInTheDocument();
    expect(fetch.mock.calls.find(([, init]) => init?.method === 'DELETE')?.[0]).toBe(`/api/v1/webhooks/${HOOK.id}`);
  });
});
