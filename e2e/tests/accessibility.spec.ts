import { seriousViolations } from '../src/axe.js';
import { expect, signIn, stack, test } from '../src/fixtures.js';

test.describe('accessibility (axe-core)', () => {
  test('the public feed has no serious or critical violation', async ({ page }) => {
    await page.goto(`${stack().baseUrl}/public-referrals`);
    await expect(page.getByRole('grid')).toBeVisible();
    await expect(page.getByRole('grid').getByRole('row').nth(1)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  for (const path of [
    '/admin/all-referrals',
    '/admin/purchased-referrals',
    '/admin/recent-opportunities',
  ]) {
    test(`${path} has no serious or critical violation`, async ({ page }) => {
      await signIn(page, 'producer', path);
      // Rows loaded (or the empty-list message): axe looks at the page a person reads.
      await expect(
        page.getByRole('grid').getByRole('row').nth(1).or(page.getByText('No referrals to show.')),
      ).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  for (const user of ['admin', 'producer']) {
    test(`/admin/dashboard of ${user} has no serious or critical violation`, async ({ page }) => {
      await signIn(page, user, '/admin/dashboard');
      // The figures and the chart drawn: axe reads the dashboard, not its loading spinner.
      await expect(page.locator('[data-figure]').first()).toBeVisible();
      await expect(page.locator('svg').first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  // Dark mode follows the system: the producer's theme preference is 'system' here.
  test('the public feed in dark mode has no serious or critical violation', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`${stack().baseUrl}/public-referrals`);
    await expect(page.getByRole('grid').getByRole('row').nth(1)).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      'rgb(18, 18, 18)',
    );
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('/admin/all-referrals in dark mode has no serious or critical violation', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await signIn(page, 'producer', '/admin/all-referrals');
    await expect(page.getByRole('grid').getByRole('row').nth(1)).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      'rgb(18, 18, 18)',
    );
    await page.screenshot({ path: test.info().outputPath('axe-dark-all-referrals.png') });
    expect(await seriousViolations(page)).toEqual([]);
  });
});
