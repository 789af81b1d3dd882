import {
  availableReferral,
  claimInPanel,
  expect,
  referralRow,
  signIn,
  signInToTexasList,
  simControl,
  stack,
  test,
  type SimReferral,
} from '../src/fixtures.js';
import type { Page } from '@playwright/test';

/** A fresh Available referral in Texas with contact details only a buyer may see. */
function aReferral(city: string, lastName: string) {
  return availableReferral({
    city,
    firstName: 'Ophelia',
    lastName,
    phone: '5125550142',
    email: `${lastName.toLowerCase()}@example.com`,
  });
}

/**
 * As a signed-in producer on the Texas list, claims a referral from its details panel: Claim Now,
 * then Confirm. Resolves with the claim's HTTP answer.
 */
async function claimFromList(producer: Page, id: number) {
  await signInToTexasList(producer, 'producer');
  await referralRow(producer, id).click();
  return claimInPanel(producer);
}

test.describe('producer', () => {
  test('sees live referrals with ticking countdowns, and a state filter kept in the URL', async ({
    page,
  }) => {
    await signInToTexasList(page, 'producer');
    await expect(page.getByRole('grid')).toBeVisible();
    // Made after the page is up: it arrives live, 63 s from expiry, and ticks over to one minute.
    const soon = await simControl<SimReferral>('POST', '/__sim/referrals', {
      state: 'TX',
      city: 'Marfa',
      opportunityType: 'CIR',
      marketplaceStatus: 'Available',
      marketplaceExpirationDate: new Date(Date.now() + 63_000).toISOString(),
    });
    const row = referralRow(page, soon.opportunityId);
    await expect(row).toContainText('2 minutes left');
    await expect(row).toContainText('1 minute left', { timeout: 10_000 });

    await page.getByRole('combobox', { name: 'State' }).click();
    await page.getByRole('option', { name: 'Ohio' }).click();
    await expect(page).toHaveURL(/[?&]state=OH/);
    await expect(row).toHaveCount(0);
    const ohio = await simControl<SimReferral>('POST', '/__sim/referrals', {
      state: 'OH',
      city: 'Zanesville',
      opportunityType: 'CIR',
      marketplaceStatus: 'Available',
    });
    await expect(referralRow(page, ohio.opportunityId)).toBeVisible();
  });

  test('claims a referral from the details panel and finds it, with contact details, in Acquired Referrals', async ({
    page,
  }) => {
    const made = await aReferral('Kerrville', 'Marchbanks');
    await signInToTexasList(page, 'producer');
    const row = referralRow(page, made.opportunityId);
    await expect(row).toBeVisible();
    // Masked in the list: no contact detail before the claim.
    await expect(page.locator('body')).not.toContainText('Marchbanks');
    await row.click();
    const panel = page.getByRole('dialog');
    await expect(panel).toBeVisible();
    await panel.getByRole('button', { name: /Claim Now/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm your claim' });
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(confirm).toBeHidden();
    await expect(panel).toContainText('Claimed');
    await expect(panel).toContainText('Marchbanks');
    await page.screenshot({ path: test.info().outputPath('details-claimed.png') });

    await page.goto(`${stack().baseUrl}/admin/purchased-referrals`);
    await expect(page.getByRole('row', { name: /Marchbanks/ })).toBeVisible();
    // The number as people read it (formatPhone), dialable.
    await expect(page.getByRole('row', { name: /Marchbanks/ })).toContainText('(512) 555-0142');
    await page.screenshot({ path: test.info().outputPath('acquired.png'), fullPage: true });
  });
});

test.describe('two browsers', () => {
  test('a claim in one shows as Claimed in the other within a second, with no reload', async ({
    browser,
  }) => {
    const made = await aReferral('Brenham', 'Featherstonehaugh');
    const carrierContext = await browser.newContext();
    const producerContext = await browser.newContext();
    const carrier = await carrierContext.newPage();
    const producer = await producerContext.newPage();
    await signInToTexasList(carrier, 'carrier');
    const watched = referralRow(carrier, made.opportunityId);
    await expect(watched).toBeVisible();
    await expect(watched).not.toContainText('Claimed');

    expect((await claimFromList(producer, made.opportunityId)).status()).toBe(200);
    await expect(watched).toContainText('Claimed', { timeout: 1000 });
    await carrierContext.close();
    await producerContext.close();
  });
});

test.describe('an admin and a producer', () => {
  test("the admin's Claim-It Transactions show the producer's claim live, with agency and sold price", async ({
    browser,
  }) => {
    const made = await aReferral('Fredericksburg', 'Throckmorton');
    const adminContext = await browser.newContext();
    const producerContext = await browser.newContext();
    const admin = await adminContext.newPage();
    const producer = await producerContext.newPage();
    await signIn(admin, 'admin', '/admin/purchased-referrals');
    await expect(admin.getByRole('heading', { name: 'Claim-It Transactions' })).toBeVisible();
    await expect(admin.getByRole('columnheader', { name: 'Agency' })).toBeVisible();
    await expect(admin.getByRole('columnheader', { name: 'Sold Price' })).toBeVisible();
    await expect(admin.getByRole('row', { name: /Throckmorton/ })).toHaveCount(0);

    expect((await claimFromList(producer, made.opportunityId)).status()).toBe(200);
    await expect(producer.getByRole('dialog')).toContainText('Throckmorton');

    // No reload: the purchase arrives on the admin's open screen.
    const bought = admin.getByRole('row', { name: /Throckmorton/ });
    await expect(bought).toBeVisible({ timeout: 5000 });
    await expect(bought).toContainText(/\$\d/);
    await admin.screenshot({ path: test.info().outputPath('transactions.png'), fullPage: true });
    await adminContext.close();
    await producerContext.close();
  });
});
