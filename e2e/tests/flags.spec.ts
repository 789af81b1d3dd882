import {
  EXPIRATION_FLAG,
  expect,
  setFeatureFlag,
  signIn,
  simControl,
  test,
  type SimReferral,
} from '../src/fixtures.js';

test.describe('feature flags', () => {
  test.afterAll(() => setFeatureFlag(EXPIRATION_FLAG, true));

  test("an admin's change of the expiration flag reorders an open admin list live", async ({
    page,
    context,
  }) => {
    await setFeatureFlag(EXPIRATION_FLAG, true);
    // A claim window open for ten minutes more: by expiration first, the open windows lead.
    await simControl<SimReferral>('POST', '/__sim/referrals', {
      state: 'TX',
      opportunityType: 'CIR',
      marketplaceStatus: 'Available',
      marketplaceExpirationDate: new Date(Date.now() + 10 * 60_000).toISOString(),
    });
    // The newest referral, with no expiry: after the open windows by expiration, first by arrival.
    const made = await simControl<SimReferral>('POST', '/__sim/referrals', {
      state: 'TX',
      city: 'Luckenbach',
      opportunityType: 'CIR',
      marketplaceStatus: 'Available',
      marketplaceExpirationDate: null,
    });
    await signIn(page, 'admin', '/admin/all-referrals');
    const rows = page.locator('[role="row"][data-id]');
    await expect(rows.first()).toBeVisible();
    await expect(page.getByRole('columnheader', { name: /Limited Time/ })).toContainText(
      'Expiring first',
    );
    await expect(rows.first()).not.toHaveAttribute('data-id', String(made.opportunityId));

    // Another tab of the same admin turns the flag off on the Feature Flags screen.
    const flags = await context.newPage();
    await flags.goto(page.url().replace(/\/admin\/.*$/, '/admin/feature-flags'));
    const toggle = flags.getByRole('switch', { name: `Enabled ${EXPIRATION_FLAG}` });
    await toggle.click();
    await expect(toggle).not.toBeChecked();

    // No reload: the open list is newest first now, the new referral on top, and its header
    // offers no expiration order.
    await expect(rows.first()).toHaveAttribute('data-id', String(made.opportunityId), {
      timeout: 10_000,
    });
    await expect(page.getByText('Expiring first')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('flag-off.png'), fullPage: true });
  });
});
