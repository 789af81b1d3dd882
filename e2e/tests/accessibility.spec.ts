import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signIn, stack, test } from '../src/fixtures.js';

/** Serious and critical violations of a page, as readable lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes.length} node(s), e.g. ${v.nodes[0]?.target.join(' ')}`,
    );
}

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
});
