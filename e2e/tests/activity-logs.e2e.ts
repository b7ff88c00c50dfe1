import { authContracts, brandContracts } from '@seamline/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { ADMIN, accessToken, call } from '../api.js';
import { baseUrl, browserTest, expectAccessible, openBrowser, screenshot, signInToBackOffice } from '../browser.js';

describe('activity logs', () => {
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[];
  beforeAll(async () => {
    if (!baseUrl()) return;
    ({ context, page, consoleErrors } = await openBrowser());
  });
  afterAll(async () => context?.close());

  browserTest('a change made elsewhere is found by search in both views, with its details', async () => {
    // The change, made elsewhere in the back office: an admin creates a brand (its name has regex characters).
    const brandName = `Audit (e2e) ${Date.now()}.*`;
    const created = await call(brandContracts.create, {
      token: await accessToken(ADMIN),
      body: { name: brandName, description: 'Made by the browser test' },
    });
    expect(created.status).toBe(201);

    await signInToBackOffice(page, ADMIN);
    await page.goto('/activity-logs');
    await page.getByRole('heading', { name: 'Activity Logs' }).waitFor();
    await page.getByTestId('activity-row').first().waitFor();
    await expect(page.getByText(/^Showing \d+ logs on page 1$/).isVisible()).resolves.toBe(true);
    await expect(page.getByText(/^Page 1 of \d+$/).isVisible()).resolves.toBe(true);
    await screenshot(page, 'activity-logs-table');
    await expectAccessible(page, 'activity-logs-table');

    // Server-side search, highlighted literally.
    await page.getByPlaceholder('Search activity logs...').fill(brandName);
    await page.getByText('Showing 1 logs on page 1').waitFor();
    const row = page.getByTestId('activity-row');
    await expect(row.count()).resolves.toBe(1);
    await expect(row.textContent()).resolves.toMatch(/admin@seamline\.dev.*create.*brand.*success/i);
    await screenshot(page, 'activity-logs-search');
    await expectAccessible(page, 'activity-logs-search');

    // Row click opens the details.
    await row.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Create' }).waitFor();
    await expect(dialog.textContent()).resolves.toContain(`By ${ADMIN.email} on `);
    await expect(dialog.getByText('Changes › Name').isVisible()).resolves.toBe(true);
    await expect(dialog.getByText(`— → ${brandName}`).isVisible()).resolves.toBe(true);
    await screenshot(page, 'activity-logs-details');
    await expectAccessible(page, 'activity-logs-details');
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'detached' });

    // The same entry in the timeline, grouped under its e-mail.
    await page.getByRole('tab', { name: 'Timeline View' }).click();
    const group = page.getByTestId('timeline-group');
    await group.first().waitFor();
    await expect(group.count()).resolves.toBe(1);
    await expect(group.getByRole('heading').textContent()).resolves.toBe(ADMIN.email);
    await screenshot(page, 'activity-logs-timeline');
    await expectAccessible(page, 'activity-logs-timeline');
    await page.getByTestId('timeline-entry').click();
    await dialog.getByRole('heading', { name: 'Create' }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'detached' });

    // Nothing found.
    await page.getByPlaceholder('Search activity logs...').fill('no such activity at all');
    await page.getByText('No logs found.').waitFor();

    // A refused sign-in under an address with regex characters is found and highlighted literally.
    const stranger = `intruder+${Date.now()}.e2e@example.com`;
    const refused = await call(authContracts.login, { body: { email: stranger, password: 'guessing-1234' } });
    expect(refused.status).toBe(401);
    await page.getByRole('tab', { name: 'Table View' }).click();
    await page.getByPlaceholder('Search activity logs...').fill(stranger);
    await page.getByText('Showing 1 logs on page 1').waitFor();
    await expect(row.locator('mark').first().textContent()).resolves.toBe(stranger);
    await expect(row.textContent()).resolves.toContain('failure');

    // The admin's own sign-in is there too, in the unfiltered timeline.
    await page.getByRole('tab', { name: 'Timeline View' }).click();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await page.getByRole('heading', { name: ADMIN.email }).first().waitFor();
    await screenshot(page, 'activity-logs-timeline-all');
    await expectAccessible(page, 'activity-logs-timeline-all');
    expect(consoleErrors).toEqual([]);
  });
});
