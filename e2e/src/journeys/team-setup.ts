import { type Browser, type BrowserContext, type Page, request } from 'playwright-core';
import { inject } from 'vitest';

/** A signed-in browser context of the seeded demo manager. */
export async function signInDemoManager(
  browser: Browser,
  viewport: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, timezoneId: 'Europe/Berlin', locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(`${inject('baseUrl')}/login`);
  await page.getByLabel('Email').fill(inject('demoEmail'));
  await page.getByLabel('Password', { exact: true }).fill(inject('demoPassword'));
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  return { context, page };
}

/** JSON API call with the page's session cookie and a same-origin header. */
export async function apiCall<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const base = inject('baseUrl');
  const res = await page.request.fetch(`${base}${path}`, {
    method,
    headers: { Origin: base, 'Content-Type': 'application/json' },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok()) throw new Error(`${method} ${path} -> ${res.status()}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Creates a Custom (push API) integration and returns its id and full API key. */
export async function createPushIntegration(page: Page, name: string): Promise<{ id: string; apiKey: string }> {
  const services = await apiCall<{ id: string; provider: string }[]>(
    page,
    'GET',
    '/api/v1/integrations/available-services',
  );
  const custom = services.find((s) => s.provider === 'custom');
  if (!custom) throw new Error('no custom service in the catalogue');
  const created = await apiCall<Record<string, unknown>>(page, 'POST', '/api/v1/integrations', {
    serviceId: custom.id,
    name,
  });
  const id = (created.id ?? (created.integration as { id?: string } | undefined)?.id) as string;
  const detail = await apiCall<{ apiKey: string | null }>(page, 'GET', `/api/v1/integrations/${id}`);
  if (!detail.apiKey) throw new Error('custom integration has no API key');
  return { id, apiKey: detail.apiKey };
}

/** Pushes presence samples with an integration's API key. */
export async function pushPresence(
  _page: Page,
  apiKey: string,
  users: { personIdentifier: string; status: string; name?: string; timezone?: string }[],
  at = new Date(),
): Promise<void> {
  // A separate client without the browser's cookies, as an external source would call.
  const client = await request.newContext();
  try {
    const res = await client.post(`${inject('baseUrl')}/api/v1/presence`, {
      headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
      data: JSON.stringify({ timestamp: at.toISOString(), source: 'e2e', users }),
    });
    if (!res.ok()) throw new Error(`presence push -> ${res.status()}: ${await res.text()}`);
  } finally {
    await client.dispose();
  }
}

/** Finds an unassigned user by identifier. */
export async function findUnassigned(page: Page, identifier: string): Promise<{ id: string } | undefined> {
  const list = await apiCall<{ users: { id: string; personIdentifier: string | null }[] }>(
    page,
    'GET',
    '/api/v1/unassigned?page=1&limit=100',
  );
  return list.users.find((u) => u.personIdentifier === identifier);
}
