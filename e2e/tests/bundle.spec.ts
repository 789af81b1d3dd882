import { expect, stack, test } from '../src/fixtures.js';

test.describe('web bundle', () => {
  test('is sent compressed and carries no upstream address or basic-auth secret', async ({
    page,
  }) => {
    const scripts: string[] = [];
    const encodings: string[] = [];
    // Each script's reading, awaited before the test ends: the app's code loads after the first
    // paint, and a reading left running would fail once the page is closed.
    const reading: Promise<void>[] = [];
    page.on('response', (r) => {
      if (!r.url().endsWith('.js')) return;
      reading.push(
        (async () => {
          const text = await r.text();
          // Below 1 KiB compression does not pay, and the relay sends such scripts as they are.
          if (text.length > 1024)
            encodings.push((await r.allHeaders())['content-encoding'] ?? 'none');
          scripts.push(text);
        })(),
      );
    });
    await page.goto(`${stack().baseUrl}/public-referrals`);
    await expect(page.getByRole('grid')).toBeVisible();
    await expect(page.locator('[data-state="live"]')).toBeVisible();
    await Promise.all(reading);
    expect(scripts.length).toBeGreaterThan(0);
    // Sent compressed: the scripts are most of what a first visit downloads.
    expect(encodings.length).toBeGreaterThan(0);
    for (const encoding of encodings) expect(['br', 'gzip']).toContain(encoding);
    for (const text of [...scripts, await page.content()]) {
      expect(text).not.toContain('opportunity-console');
      expect(text).not.toContain(stack().simUrl);
      expect(text).not.toMatch(/Basic\s+[A-Za-z0-9+/=]{8,}/);
    }
  });
});
