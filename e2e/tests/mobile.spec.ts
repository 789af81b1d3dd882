import { expect, stack, test } from '../src/fixtures.js';

test.describe('width 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the list collapses into one stacked cell per referral', async ({ page }) => {
    await page.goto(`${stack().baseUrl}/public-referrals`);
    const grid = page.getByRole('grid');
    await expect(grid).toBeVisible();
    await expect(grid.getByRole('row').nth(1)).toBeVisible();
    // One column only, and nothing wider than the screen.
    await expect(grid.getByRole('columnheader')).toHaveCount(1);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await page.screenshot({ path: test.info().outputPath('public-feed-375.png'), fullPage: true });
  });
});
