import { expect, signIn, stack, test } from '../src/fixtures.js';

test.describe('the demo link of a company user', () => {
  for (const width of [390, 1280]) {
    test(`is in the app bar at ${width} px, to the brand's demo in a new tab`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      // The brand's demo page, as the public feed of this host links to it (its footer's link: on a
      // phone the app bar's calls to action are in a menu).
      await page.goto(`${stack().baseUrl}/public-referrals`);
      const brandDemo = await page
        .getByRole('contentinfo')
        .getByRole('link', { name: 'Get a Demo' })
        .getAttribute('href');
      expect(brandDemo).toMatch(/^https:\/\//);
      // fulcrum: a producer of the product company; this host is not trusted-choice.
      await signIn(page, 'fulcrum');
      const demo = page.getByRole('banner').getByRole('link', { name: 'Get a Demo' });
      await expect(demo).toBeVisible();
      await expect(demo).toHaveAttribute('href', brandDemo ?? '');
      await expect(demo).toHaveAttribute('target', '_blank');
      // Nothing in the bar pushes the page wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      await page.screenshot({ path: test.info().outputPath(`demo-link-${width}.png`) });
    });
  }

  test('is not shown to a producer of neither company', async ({ page }) => {
    await signIn(page, 'producer');
    await expect(page.getByRole('grid')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get a Demo' })).toHaveCount(0);
  });
});
