import { panelOf, shootLooks } from '../src/axeScreens.js';
import {
  availableReferral,
  claimInPanel,
  expect,
  referralRow,
  signIn,
  test,
} from '../src/fixtures.js';

/**
 * Speed to contact: a claim starts the referral's contact clock (a countdown to the agency's
 * target, in the panel and on Acquired Referrals), and the first status change stops it.
 * Screenshots of the list and the panel at 1440 and 390 px, light and dark, go to the test's
 * output folder, each checked with axe-core.
 */

test('a claim starts the clock and a status change stops it', async ({ page }) => {
  // Twelve screenshots, each checked with axe-core, beside the claim and the save.
  test.setTimeout(240_000);
  const made = await availableReferral({
    city: 'Marfa',
    firstName: 'Wemmick',
    lastName: 'Aged',
    phone: '4325550142',
    email: 'wemmick@example.com',
  });
  const id = made.opportunityId;
  await signIn(page, 'producer', '/admin/all-referrals?state=TX');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('button', { name: 'All Referrals' }).click();
  await referralRow(page, id).click();
  const claimed = panelOf(page, id);
  expect((await claimInPanel(page, claimed)).status()).toBe(200);

  // The claim started the clock: a countdown to the agency's target (10 minutes by default).
  const inPanel = claimed.getByLabel(/^Contact clock:/);
  await expect(inPanel).toHaveText(/^\d+:\d\d left$/);
  await expect(inPanel).toHaveAttribute('data-clock', 'running');

  await page.goto(`${new URL(page.url()).origin}/admin/purchased-referrals`);
  const row = referralRow(page, id);
  const inRow = row.getByLabel(/^Contact clock:/);
  await expect(inRow).toHaveText(/^\d+:\d\d left$/);
  await expect(inRow).toHaveAttribute('data-clock', 'running');
  await shootLooks(page, 'acquired-running', row);

  // The first status change stops it, on the row and in the panel.
  await row.getByRole('gridcell').nth(1).click();
  const panel = panelOf(page, id);
  await expect(panel.getByLabel(/^Contact clock:/)).toHaveAttribute('data-clock', 'running');
  await panel.getByRole('combobox', { name: 'Progress' }).click();
  await page.getByRole('option', { name: 'In Progress' }).click();
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByLabel(/^Contact clock:/)).toHaveText(/^Contacted in \d+ (s|min)$/);
  await expect(panel.getByLabel(/^Contact clock:/)).toHaveAttribute('data-clock', 'met');
  await shootLooks(page, 'panel-stopped', panel.getByLabel(/^Contact clock:/));
  await page.keyboard.press('Escape');
  await expect(inRow).toHaveAttribute('data-clock', 'met');
  await expect(inRow).toHaveAccessibleName(/^Contact clock: Contacted in \d+ (s|min)$/);
  await shootLooks(page, 'acquired-stopped', row);
});
