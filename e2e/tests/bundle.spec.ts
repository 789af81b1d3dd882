import { expect, stack, test } from '../src/fixtures.js';

test.describe('web bundle', () => {
  test('carries no upstream address or basic-auth secret', async ({ page }) => {
    const scripts: string[] = [];
    page.on('response', async (r) => {
      if (r.url().endsWith('.js')) scripts.push(await r.text());
    });
    await page.goto(`${stack().baseUrl}/public-referrals`);
    await expect(page.getByRole('grid')).toBeVisible();
    expect(scripts.length).toBeGreaterThan(0);
    for (const text of [...scripts, await page.content()]) {
      expect(text).not.toContain('opportunity-console');
      expect(text).not.toContain(stack().simUrl);
      expect(text).not.toMatch(/Basic\s+[A-Za-z0-9+/=]{8,}/);
    }
  });
});
