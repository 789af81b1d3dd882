import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../src/fixtures.js';

const HEADING = 'This page is for marketplace admins';
/** The relay calls only admin screens make. */
const ADMIN_API = /\/api\/(marketplaces|audit-log|naics-codes|bank-holidays|agencies|delivery)/;

/** Every relay answer the page receives, and every call to an admin API it makes. */
const watch = (page: Page) => {
  const refused: string[] = [];
  const adminCalls: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/') && r.status() === 403) refused.push(r.url());
  });
  page.on('request', (r) => {
    if (ADMIN_API.test(r.url())) adminCalls.push(r.url());
  });
  return { refused, adminCalls };
};

/** Lets a change of colour scheme finish its transitions before a screenshot is taken. */
const settled = (page: Page) => page.waitForTimeout(500);

test.describe('access that explains itself', () => {
  test('a producer at any admin-only address gets one page that says so, and no admin call is made', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const seen = watch(page);
    await signIn(page, 'producer', '/admin/marketplaces');
    for (const path of [
      '/admin/marketplaces',
      '/admin/marketplaces/new',
      '/admin/feature-flags',
      '/admin/audit-log',
      '/admin/returns',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: HEADING })).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(path);
      await expect(
        page.getByRole('button', { name: /Add New Marketplace|Save Marketplace/ }),
      ).toHaveCount(0);
      // No red toast of a failed call behind it.
      await expect(page.getByText(/Failed to retrieve/)).toHaveCount(0);
    }
    await page.goto('/admin/marketplaces');
    await expect(page.getByRole('heading', { level: 1, name: HEADING })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('access-1440-light.png') });
    await page.emulateMedia({ colorScheme: 'dark' });
    await settled(page);
    await page.screenshot({ path: test.info().outputPath('access-1440-dark.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath('access-390-dark.png') });
    await page.emulateMedia({ colorScheme: 'light' });
    await settled(page);
    await page.screenshot({ path: test.info().outputPath('access-390-light.png') });
    expect(seen.refused).toEqual([]);
    expect(seen.adminCalls).toEqual([]);

    // The way back: their own list.
    await page.getByRole('link', { name: 'Go to your referrals' }).click();
    await expect(page).toHaveURL(/\/admin\/all-referrals/);
  });
});
