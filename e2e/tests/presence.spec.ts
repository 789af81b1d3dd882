import type { Browser, Locator } from '@playwright/test';
import { panelOf, shootLooks, useMode } from '../src/axeScreens.js';
import { availableReferral, expect, referralRow, signIn, test } from '../src/fixtures.js';

/**
 * A team that sees each other: two producers of Lone Star open the same referral, each sees the
 * other there within 2 s, in the panel and on the rows of their lists; one holds it for a call ("I'm calling"), the other sees "Ana is
 * calling" in the panel and on the row within 2 s, and is asked to confirm before claiming over
 * it. Screenshots of the panel and the list at 1440 and 390 px, light and dark, each checked
 * with axe-core, go to the test's output folder.
 */

const SOON = { timeout: 2000 };

/** A producer's own browser, signed in, on the Texas list. */
async function consoleOf(browser: Browser, username: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, username, '/admin/all-referrals?state=TX');
  await page.getByRole('button', { name: 'All Referrals' }).click();
  return page;
}

const teamOf = (panel: Locator) => panel.getByRole('group', { name: 'Your team on this referral' });

test('two producers of one agency see each other, and a hold asks the other to confirm', async ({
  browser,
}) => {
  // Two browsers and eighteen screenshots, each checked with axe.
  test.setTimeout(240_000);
  const made = await availableReferral({ city: 'Waco' });
  const id = made.opportunityId;
  const pat = await consoleOf(browser, 'producer');
  const ana = await consoleOf(browser, 'producer2');

  await referralRow(pat, id).click();
  const patPanel = panelOf(pat, id);
  await expect(patPanel).toBeVisible();
  await referralRow(ana, id).click();
  const anaPanel = panelOf(ana, id);
  await expect(anaPanel).toBeVisible();

  // Each sees the other there, within 2 s of the other opening it.
  await expect(teamOf(anaPanel).getByText('Pat is viewing')).toBeVisible(SOON);
  await expect(teamOf(patPanel).getByText('Ana is viewing')).toBeVisible(SOON);
  // And on the row: in All Referrals (behind Pat's panel) and in another tab's Claim-it list,
  // where the mark leads the row.
  await expect(referralRow(pat, id)).toContainText('Ana is viewing', SOON);
  const claimIt = await pat.context().newPage();
  await claimIt.setViewportSize({ width: 1440, height: 900 });
  await claimIt.goto('/admin/claim-it-referrals?state=TX');
  await expect(referralRow(claimIt, id)).toContainText('Ana is viewing', SOON);
  await shootLooks(claimIt, 'presence-viewing-row', referralRow(claimIt, id));
  // The Live pill keeps its green dot in both schemes (the dark one had greyed it).
  for (const mode of ['dark', 'light'] as const) {
    await useMode(claimIt, mode);
    await expect(claimIt.locator('[data-state="live"] svg')).toHaveCSS('color', 'rgb(27, 110, 52)');
  }
  await claimIt.close();

  // Ana holds it for her call: Pat sees it in the panel and on the row within 2 s.
  await teamOf(anaPanel).getByRole('button', { name: "I'm calling" }).click();
  await expect(teamOf(anaPanel).getByText(/^You are calling · [12]:\d\d$/)).toBeVisible(SOON);
  await expect(teamOf(patPanel).getByText(/^Ana is calling · [12]:\d\d$/)).toBeVisible(SOON);
  await expect(teamOf(patPanel).getByRole('button', { name: "I'm calling" })).toHaveCount(0);
  // Behind the open panel the list is hidden from the accessibility tree: read its text.
  await expect(referralRow(pat, id)).toContainText('Ana is calling', SOON);
  await shootLooks(pat, 'presence-panel', patPanel);

  // The list with the hold on its row, panel closed.
  await patPanel.getByRole('button', { name: 'Close details' }).click();
  await expect(patPanel).toBeHidden();
  await shootLooks(pat, 'presence-list', referralRow(pat, id));
  // Ana sees Pat go.
  await expect(teamOf(anaPanel).getByText('Pat is viewing')).toBeHidden(SOON);

  // Pat opens it again and claims: he is asked first, and may claim anyway.
  await referralRow(pat, id).click();
  await patPanel.getByRole('button', { name: /Claim Now/ }).click();
  const confirm = pat.getByRole('dialog', { name: 'Confirm your claim' });
  await expect(
    confirm.getByText('Ana Producer is calling this referral. Claim anyway?'),
  ).toBeVisible();
  await shootLooks(pat, 'presence-confirm', confirm);
  const answered = pat.waitForResponse(
    (r) => r.url().includes(`/api/referrals/${id}/claim`) && r.request().method() === 'POST',
  );
  await confirm.getByRole('button', { name: 'Claim anyway' }).click();
  expect((await answered).status()).toBe(200);
});
