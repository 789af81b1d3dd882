import type { Page } from '@playwright/test';
import { screenViolations } from '../src/axeScreens.js';
import { expect, signIn, test } from '../src/fixtures.js';

const SHOTS = '/tmp/appetite-shots';

/** A `datetime-local` value `hours` from now, in the browser's zone. */
const inHours = (page: Page, hours: number) =>
  page.evaluate((h) => {
    const d = new Date(Date.now() + h * 3_600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }, hours);

/** Screenshots of the page at 1440 and 390 px wide, light and dark. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 1440 ? 900 : 844 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${SHOTS}/${name}-${width}-${scheme}.png`, fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1440, height: 900 });
}

test.describe('an agency steers its own flow', () => {
  test("an agency admin pauses its marketplace and the admin's Marketplaces screen shows it disabled for that range", async ({
    page,
    browser,
  }) => {
    await signIn(page, 'agencyadmin', '/admin/appetite');
    await expect(page.getByRole('heading', { level: 1, name: 'My Appetite' })).toBeVisible();
    await expect(page.getByText('Referrals are being delivered.')).toBeVisible();
    const name =
      (await page
        .getByText(/Lone Star/)
        .first()
        .textContent()) ?? '';
    expect(name).not.toBe('');

    // A pause that ends before it starts waits, saying why; nothing is sent.
    await page.getByLabel('From').fill(await inHours(page, 5));
    await page.getByLabel('Until').fill(await inHours(page, 4));
    await expect(page.getByText('The pause must end after it starts.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Schedule pause' })).toBeDisabled();

    // Pause now, for three hours.
    await page.getByLabel('From').fill('');
    await page.getByLabel('Until').fill(await inHours(page, 3));
    await page.getByRole('button', { name: 'Pause now' }).click();
    await expect(page.getByText(/^Paused until /)).toBeVisible();
    await expect(page.getByText('Paused', { exact: true })).toBeVisible();
    await shoot(page, 'appetite-agencyadmin-paused');

    // The admin's list: the marketplace switched off, and until when.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signIn(admin, 'admin', '/admin/marketplaces');
    await admin.getByRole('switch', { name: 'Show Disabled Marketplaces' }).click();
    const row = admin.getByRole('row').filter({ hasText: name });
    await expect(row.getByRole('switch', { name: `Enabled ${name}` })).not.toBeChecked();
    await expect(row.getByText(/^Paused until /)).toBeVisible();
    await shoot(admin, 'marketplaces-admin-paused');

    // A producer of the agency reads it all and changes nothing.
    const producerContext = await browser.newContext();
    const producer = await producerContext.newPage();
    await signIn(producer, 'producer', '/admin/appetite');
    await expect(producer.getByText(/^Paused until /)).toBeVisible();
    await expect(producer.getByRole('button', { name: /Pause now|End pause/ })).toHaveCount(0);
    await expect(producer.getByLabel('Daily cap')).toBeDisabled();
    await shoot(producer, 'appetite-producer');

    // Ended early: back on for the admin too, live.
    await page.getByRole('button', { name: 'End pause' }).click();
    await expect(page.getByText('Referrals are being delivered.')).toBeVisible();
    await expect(row.getByRole('switch', { name: `Enabled ${name}` })).toBeChecked();
    await expect(row.getByText(/^Paused until /)).toHaveCount(0);
    await adminContext.close();
    await producerContext.close();
  });

  for (const user of ['agencyadmin', 'producer', 'carrier']) {
    test(`the appetite screen of ${user} has no serious or critical violation, light and dark`, async ({
      page,
    }) => {
      await signIn(page, user, '/admin/appetite');
      const title = user === 'carrier' ? 'Marketplace Appetite' : 'My Appetite';
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByTestId('marketplace-name')).toBeVisible();
      expect(
        await screenViolations(page, user, [{ name: 'appetite', path: '/admin/appetite' }]),
      ).toEqual([]);
    });
  }
});
