import type { Browser, Page } from '@playwright/test';
import {
  availableReferral,
  claimInPanel,
  expect,
  referralRow,
  signInToTexasList,
  simControl,
  stack,
  test,
} from '../src/fixtures.js';

/** As long as the list takes to show a change (claim.spec), with room for a loaded machine. */
const LIVE_MS = 5_000;

/** A signed-in user of its own browser context, on the Texas list of all referrals. */
async function onTexasList(browser: Browser, username: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInToTexasList(page, username);
  return { context, page };
}

/** Opens a referral's details panel from its row; the panel offers Claim Now. */
async function openPanel(page: Page, id: number) {
  await referralRow(page, id).click();
  const panel = page.getByRole('dialog');
  await expect(panel.getByRole('button', { name: /Claim Now/ })).toBeEnabled();
  return panel;
}

/** Claim Now, then Confirm, in an open panel; resolves with the claim's HTTP status. */
async function claimStatus(page: Page) {
  return (await claimInPanel(page)).status();
}

/** A claim made at the stand-in's own REST API, as another tool of the marketplace would. */
async function claimUpstream(id: number, username: string) {
  const res = await fetch(`${stack().simUrl}/api/v1/opportunity/${id}/claim`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('opportunity-console:').toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ username }),
  });
  expect(res.status).toBe(200);
}

test.describe('the open details panel follows its referral', () => {
  test("a colleague's claim through the console: Claimed, no Claim button, and who won", async ({
    browser,
  }) => {
    const made = await availableReferral({ city: 'Round Rock' });
    const watcher = await onTexasList(browser, 'agencyadmin');
    const panel = await openPanel(watcher.page, made.opportunityId);
    const colleague = await onTexasList(browser, 'producer');
    await openPanel(colleague.page, made.opportunityId);

    expect(await claimStatus(colleague.page)).toBe(200);
    // The row leaves the watcher's list of Available referrals; the panel stays, and follows.
    await expect(panel.getByRole('button', { name: /Claim Now/ })).toHaveCount(0, {
      timeout: LIVE_MS,
    });
    await expect(panel).toContainText('Claimed by your agency · Pat Producer · just now');
    await expect(referralRow(watcher.page, made.opportunityId)).toHaveCount(0);
    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ] as const)
      for (const scheme of ['light', 'dark'] as const) {
        await watcher.page.setViewportSize({ width, height });
        await watcher.page.emulateMedia({ colorScheme: scheme });
        await watcher.page.screenshot({
          path: test.info().outputPath(`panel-claimed-${width}-${scheme}.png`),
        });
      }
    await watcher.context.close();
    await colleague.context.close();
  });

  test("another agency's claim at the upstream's REST API shows as theirs", async ({ browser }) => {
    const made = await availableReferral({ city: 'Seguin' });
    const watcher = await onTexasList(browser, 'producer');
    const panel = await openPanel(watcher.page, made.opportunityId);

    await claimUpstream(made.opportunityId, 'fulcrum');
    await expect(panel.getByRole('button', { name: /Claim Now/ })).toHaveCount(0, {
      timeout: LIVE_MS,
    });
    await expect(panel).toContainText('Claimed by another agency');
    await expect(panel.getByRole('button', { name: 'Claimed' })).toBeDisabled();
    await watcher.page.screenshot({ path: test.info().outputPath('panel-other-agency.png') });
    await watcher.context.close();
  });

  test('a lost race (409) leaves no Claim button that still answers', async ({ browser }) => {
    const made = await availableReferral({ city: 'Lockhart' });
    const watcher = await onTexasList(browser, 'producer');
    const panel = await openPanel(watcher.page, made.opportunityId);
    // The relay stops hearing of the market, so it still believes the referral Available.
    await simControl('PUT', '/__sim/faults', {
      status: 503,
      pathPrefix: '/api/v1/marketplace-opportunities',
    });
    try {
      await claimUpstream(made.opportunityId, 'fulcrum');
      expect(await claimStatus(watcher.page)).toBe(409);
      await expect(panel).toContainText('Someone else claimed this referral first.');
      const claim = panel.getByRole('button', { name: /Claim Now/ });
      await expect(claim.or(panel.getByRole('button', { name: 'Claimed' }))).toBeDisabled();
    } finally {
      await fetch(`${stack().simUrl}/__sim/faults`, { method: 'DELETE' });
    }
    await expect(panel).toContainText('Claimed by another agency', { timeout: 15_000 });
    await watcher.context.close();
  });
});
