import {
  EXPIRATION_FLAG,
  expect,
  referralRow,
  setFeatureFlag,
  signIn,
  simControl,
  test,
  type SimReferral,
} from '../src/fixtures.js';

test.describe('carrier and admin', () => {
  // The admin list under the expiration flag starts with the soonest expiry; these tests look for
  // the newest referral on the first page, so they run with the flag off (flags.spec covers it).
  test.beforeAll(() => setFeatureFlag(EXPIRATION_FLAG, false));
  test.afterAll(() => setFeatureFlag(EXPIRATION_FLAG, true));

  for (const user of ['carrier', 'admin']) {
    test(`${user} sees status lines with prices, the privileged columns and no claim button`, async ({
      page,
    }) => {
      const made = await simControl<SimReferral>('POST', '/__sim/referrals', {
        state: 'TX',
        city: 'Nacogdoches',
        opportunityType: 'CIR',
        marketplaceStatus: 'Available',
        dynamicPrice: 64,
        discountPrice: 80,
      });
      await signIn(page, user, '/admin/all-referrals?state=TX');
      if (user === 'carrier') await page.getByRole('button', { name: 'All Referrals' }).click();
      await expect(page.getByRole('columnheader', { name: 'Type' })).toBeVisible();
      await expect(page.getByRole('columnheader', { name: 'Agencies Notified' })).toBeVisible();
      const row = referralRow(page, made.opportunityId);
      await expect(row).toBeVisible();
      await row.click();
      const panel = page.getByRole('dialog');
      await expect(panel).toContainText('$64');
      await expect(panel).toContainText('$80');
      await expect(panel.getByRole('button', { name: /Claim Now|Talk Now/ })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /Claim Now|Talk Now/ })).toHaveCount(0);
      await page.screenshot({ path: test.info().outputPath(`${user}-list.png`), fullPage: true });
    });
  }
});
