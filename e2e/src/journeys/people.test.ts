import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../axe.ts';
import { DESKTOP, launchBrowser, PHONE, screenshot } from '../browser.ts';
import { apiCall, createPushIntegration, pushPresence, signInDemoManager } from './team-setup.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const card = (page: Page, testId: string, text: string) => page.getByTestId(testId).filter({ hasText: text });

describe('people', () => {
  it('activates, merges, ignores and moves back unassigned people', async () => {
    const { context, page } = await signInDemoManager(browser, DESKTOP);
    const { apiKey } = await createPushIntegration(page, 'People bridge');
    await pushPresence(page, apiKey, [
      { personIdentifier: 'new-hire', status: 'online', name: 'Nadia Newhire' },
      { personIdentifier: 'ana-alt', status: 'online', name: 'Ana Alt Account' },
      { personIdentifier: 'bot-42', status: 'online', name: 'Deploy Bot' },
    ]);

    await page.goto(`${inject('baseUrl')}/people`);
    await page.getByRole('heading', { name: 'People' }).waitFor();
    await page.getByText(/people need to be assigned or ignored/).waitFor();
    await page.getByRole('progressbar', { name: 'Active people' }).waitFor();
    await screenshot(page, 'people', 'active-desktop');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('tab', { name: /Unassigned/ }).click();
    await page.waitForURL(/tab=unassigned/);
    await card(page, 'unassigned-card', 'Nadia Newhire').waitFor();
    await screenshot(page, 'people', 'unassigned-desktop');
    expect(await seriousViolations(page)).toEqual([]);

    // Activate: the name is required; the timezone picker searches.
    await card(page, 'unassigned-card', 'Nadia Newhire').getByRole('button', { name: 'Activate' }).click();
    const activate = page.getByRole('dialog', { name: 'Activate as a person' });
    await activate.getByLabel('Name').fill('');
    await activate.getByRole('button', { name: 'Activate' }).click();
    await activate.getByText('Name is required').waitFor();
    await activate.getByLabel('Name').fill('Nadia Newhire');
    await activate.getByLabel('Timezone').click();
    await page.getByPlaceholder('Search timezones…').fill('tokyo');
    await page.getByRole('option', { name: /Asia\/Tokyo|Asia Tokyo/ }).click();
    await screenshot(page, 'people', 'activate-dialog');
    await activate.getByRole('button', { name: 'Activate' }).click();
    await activate.waitFor({ state: 'detached' });
    await card(page, 'unassigned-card', 'Nadia Newhire').waitFor({ state: 'detached' });
    const people = await apiCall<{ people: { name: string | null; timezone: string }[] }>(
      page,
      'GET',
      '/api/v1/people?status=active&limit=100',
    );
    expect(people.people.find((p) => p.name === 'Nadia Newhire')?.timezone).toBe('Asia/Tokyo');

    // Merge into an existing person, after the irreversibility warning.
    await card(page, 'unassigned-card', 'Ana Alt Account').getByRole('button', { name: 'Merge' }).click();
    const merge = page.getByRole('dialog', { name: /Merge/ });
    await merge.getByLabel('Merge into').click();
    await page.getByPlaceholder('Search people…').fill('Ana Fer');
    await page.getByRole('option', { name: /Ana Ferreira/ }).click();
    await merge.getByText(/This cannot be undone/).waitFor();
    await merge.getByRole('button', { name: 'Merge', exact: true }).click();
    await merge.getByRole('button', { name: 'Yes, merge permanently' }).click();
    await merge.waitFor({ state: 'detached' });
    await card(page, 'unassigned-card', 'Ana Alt Account').waitFor({ state: 'detached' });

    // Ignore, then move back.
    await card(page, 'unassigned-card', 'Deploy Bot').getByRole('button', { name: 'Ignore' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Ignore' }).click();
    await card(page, 'unassigned-card', 'Deploy Bot').waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: /Ignored/ }).click();
    await card(page, 'ignored-card', 'Deploy Bot').getByRole('button', { name: 'Move back to unassigned' }).click();
    await card(page, 'ignored-card', 'Deploy Bot').waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: /Unassigned/ }).click();
    await card(page, 'unassigned-card', 'Deploy Bot').waitFor();
    await context.close();
  });

  it('shows a person with stats, integrations, colour and edit', async () => {
    const { context, page } = await signInDemoManager(browser, DESKTOP);
    await page.goto(`${inject('baseUrl')}/people`);
    await page.getByTestId('person-card').filter({ hasText: 'Lena Schmidt' }).click();
    await page.getByRole('heading', { name: 'Lena Schmidt' }).waitFor();
    await page.getByText('Connected integrations').waitFor();
    await screenshot(page, 'people', 'person-desktop');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: '#8b5cf6' }).click();
    await expect.poll(() => page.getByRole('button', { name: '#8b5cf6' }).getAttribute('aria-pressed')).toBe('true');

    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('heading', { name: 'Edit person' }).waitFor();
    await page.getByLabel('Name').fill('Lena M. Schmidt');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Lena M. Schmidt' }).waitFor();

    await page
      .getByRole('link', { name: /Demo Data/ })
      .first()
      .click();
    await page.waitForURL(/\/people-integrations\//);
    await page.getByRole('tab', { name: 'Events' }).waitFor();
    await page.getByRole('tab', { name: 'Blocks' }).click();
    await page
      .getByText(/Showing|–/)
      .first()
      .waitFor();
    await screenshot(page, 'people', 'person-integration-desktop');

    await page.goto(`${inject('baseUrl')}/people/00000000-0000-4000-8000-000000000000`);
    await page.getByText('Person not found').waitFor();
    await page.goto(`${inject('baseUrl')}/people/00000000-0000-4000-8000-000000000000/week`);
    await page.getByText('Error: Person not found').waitFor();
    await page.getByRole('button', { name: 'Retry' }).waitFor();
    await context.close();
  });

  it('keeps a sort per tab, in the URL', async () => {
    const { context, page } = await signInDemoManager(browser, DESKTOP);
    await page.goto(`${inject('baseUrl')}/people?tab=ignored`);
    await page.getByRole('heading', { name: 'People' }).waitFor();
    const sort = page.getByRole('combobox', { name: 'Sort people' });
    await sort.click();
    await page.getByRole('option', { name: 'Newest first' }).click();
    await page.waitForURL((u) => u.searchParams.get('tab') === 'ignored' && u.searchParams.get('sort') === 'created');

    await page.getByRole('tab', { name: /Active/ }).click();
    await page.waitForURL((u) => u.searchParams.get('tab') === 'active' && !u.searchParams.has('sort'));
    await expect.poll(() => sort.textContent()).toBe('Name (A–Z)');
    await sort.click();
    await page.getByRole('option', { name: 'Last seen' }).click();
    await page.waitForURL((u) => u.searchParams.get('sort') === 'lastSeen');

    await page.getByRole('tab', { name: /Ignored/ }).click();
    await page.waitForURL((u) => u.searchParams.get('tab') === 'ignored' && u.searchParams.get('sort') === 'created');
    await expect.poll(() => sort.textContent()).toBe('Newest first');
    await page.reload();
    await expect.poll(() => sort.textContent()).toBe('Newest first');
    await page.getByRole('tab', { name: /Active/ }).click();
    await page.waitForURL((u) => u.searchParams.get('tab') === 'active' && !u.searchParams.has('sort'));
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('is usable on a phone', async () => {
    const { context, page } = await signInDemoManager(browser, PHONE);
    await page.goto(`${inject('baseUrl')}/people?tab=unassigned`);
    await page.getByRole('heading', { name: 'People' }).waitFor();
    await page.getByTestId('unassigned-card').first().waitFor();
    await screenshot(page, 'people', 'unassigned-phone');
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${inject('baseUrl')}/people`);
    await page.getByTestId('person-card').first().click();
    await page.getByText('Connected integrations').waitFor();
    await screenshot(page, 'people', 'person-phone');
    await page.getByRole('link', { name: 'Week' }).click();
    await page.getByTestId('week-grid').waitFor();
    await screenshot(page, 'people', 'week-phone');
    await context.close();
  });
});
