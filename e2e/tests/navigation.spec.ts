import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../src/fixtures.js';

/** The console's side navigation, wherever it sits (a column or the menu drawer). */
const navigation = (page: Page) => page.getByRole('navigation', { name: 'Console' });
const menuButton = (page: Page) => page.getByRole('button', { name: 'Open navigation' });

/** Opens the menu and chooses an item: the drawer closes and the screen changes. */
async function choose(page: Page, item: string, path: RegExp): Promise<void> {
  await menuButton(page).click();
  await expect(navigation(page)).toBeVisible();
  await navigation(page).getByRole('link', { name: item, exact: true }).click();
  await expect(page).toHaveURL(path);
  await expect(navigation(page)).toBeHidden();
}

const DEVICES = [
  { device: 'phone', viewport: { width: 390, height: 844 } },
  { device: 'tablet', viewport: { width: 820, height: 1180 } },
] as const;

for (const { device, viewport } of DEVICES) {
  test.describe(`${device}, ${viewport.width} px wide`, () => {
    test.use({ viewport });

    test('an admin walks the console from the app bar menu; lists stack to the screen', async ({
      page,
    }) => {
      await signIn(page, 'admin', '/admin/all-referrals?state=TX');

      // No side column: the menu button holds the navigation.
      await expect(navigation(page)).toBeHidden();
      await expect(menuButton(page)).toBeVisible();

      // The list stacks each referral into one cell, and nothing is wider than the screen.
      const grid = page.getByRole('grid');
      await expect(grid.getByRole('row').nth(1)).toBeVisible();
      await expect(grid.getByRole('columnheader')).toHaveCount(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await page.screenshot({ path: test.info().outputPath(`${device}-list.png`) });

      // Escape closes the drawer and gives the focus back to the menu button.
      await menuButton(page).click();
      await expect(navigation(page)).toBeVisible();
      // The drawer over everything, the app bar included, once it has slid in.
      await expect(navigation(page)).toBeInViewport({ ratio: 1 });
      await page.waitForTimeout(300);
      await page.screenshot({ path: test.info().outputPath(`${device}-menu.png`) });
      await page.keyboard.press('Escape');
      await expect(navigation(page)).toBeHidden();
      await expect(menuButton(page)).toBeFocused();

      // A choice closes it and opens the screen.
      await choose(page, 'Marketplaces', /\/admin\/marketplaces$/);
      await expect(page.getByRole('heading', { name: 'All Marketplaces' })).toBeVisible();
      await choose(page, 'Feature Flags', /\/admin\/feature-flags$/);
      await expect(page.getByRole('heading', { name: 'Feature Flags' })).toBeVisible();
      await choose(page, 'Claim-It Transactions', /\/admin\/purchased-referrals$/);
      await expect(page.getByRole('heading', { name: 'Claim-It Transactions' })).toBeVisible();
      await choose(page, 'Claim-it Marketplace', /\/admin\/all-referrals/);
      await expect(page.getByRole('grid').getByRole('row').nth(1)).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
    });
  });
}
