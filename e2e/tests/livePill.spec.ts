import { expect, signIn, test } from '../src/fixtures.js';

/** The promises of issue 44: a lost connection shows within this, a return within that. */
const NOTICE_LOSS_MS = 10_000;
const NOTICE_RETURN_MS = 5_000;

test.describe('the Live pill', () => {
  test('says Reconnecting when the network goes away, and Live again when it is back', async ({
    page,
    context,
  }) => {
    await signIn(page, 'producer', '/admin/all-referrals?state=TX');
    const pill = page.getByRole('status').filter({ has: page.locator('[data-state]') });
    await expect(pill.locator('[data-state="live"]')).toBeVisible();

    await context.setOffline(true);
    await expect(pill.locator('[data-state="reconnecting"]')).toBeVisible({
      timeout: NOTICE_LOSS_MS,
    });
    await expect(pill).toContainText('Reconnecting');
    await page.screenshot({ path: test.info().outputPath('pill-offline.png') });

    await context.setOffline(false);
    await expect(pill.locator('[data-state="live"]')).toBeVisible({ timeout: NOTICE_RETURN_MS });
    await expect(pill).toContainText('Live');
  });
});
