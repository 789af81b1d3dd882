import type { Browser, Page } from '@playwright/test';
import {
  availableReferral,
  claimInPanel,
  expect,
  referralRow,
  signIn,
  signInToTexasList,
  stack,
  test,
} from '../src/fixtures.js';

/** Where the screens are kept for a person to look at. */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });

/** How far the page is wider than the screen (0: no sideways scrolling). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Opens the create form and waits until what it loads (sources, holidays) is in. */
async function openCreate(page: Page) {
  await signIn(page, 'admin', '/admin/marketplaces/new');
  await expect(
    page.getByRole('group', { name: 'Referral Sources' }).getByRole('checkbox').first(),
  ).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
}

/** The list of what to fix beside Save. */
const toFix = (page: Page) => page.getByRole('list', { name: 'What to fix' });

/** Lets a change of colour scheme finish its transitions before a screenshot is taken. */
const settled = (page: Page) => page.waitForTimeout(500);

test.describe('forms that explain themselves', () => {
  test('Create Marketplace lists what Save waits for; each item brings its field into view and focus', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openCreate(page);
    await page.getByRole('textbox', { name: /Marketplace Name/ }).fill('Hill Country Partners');
    const save = page.getByRole('button', { name: 'Save Marketplace' });
    await expect(save).toBeDisabled();
    // Pinned to the bottom of the screen, beside Save, whatever part of the form is in view.
    await expect(toFix(page)).toBeInViewport();
    await expect(toFix(page).getByRole('button')).toHaveText([
      'At least one referral source must be selected.',
      'At least one state must be selected.',
      'URL is required.',
      'API key is required.',
    ]);
    await shot(page, 'create-missing-1440-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await settled(page);
    await shot(page, 'create-missing-1440-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    await toFix(page).getByRole('button', { name: 'At least one state must be selected.' }).click();
    const focused = page.locator(':focus');
    await expect(focused).toBeInViewport();
    await expect(page.getByRole('group', { name: 'States' }).locator(':focus')).toHaveCount(1);
    await toFix(page).getByRole('button', { name: 'URL is required.' }).click();
    await expect(page.getByRole('textbox', { name: 'URL' })).toBeFocused();
    await expect(page.getByRole('textbox', { name: 'URL' })).toBeInViewport();

    // Select all / none: the states and sources in one click each.
    await page.getByRole('button', { name: 'Select all States' }).click();
    await expect(
      page.getByRole('group', { name: 'States' }).getByRole('checkbox', { checked: true }),
    ).toHaveCount(51);
    await expect(toFix(page).getByRole('button')).not.toContainText([
      'At least one state must be selected.',
    ]);
    await page.getByRole('button', { name: 'Select none of States' }).click();
    await expect(
      page.getByRole('group', { name: 'States' }).getByRole('checkbox', { checked: true }),
    ).toHaveCount(0);

    // On a phone: nothing wider than the screen, the list still beside Save.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => overflow(page)).toBe(0);
    // The form itself fits (it was 441 px wide, pushing the account button out of the app bar).
    const form = await page.getByRole('form', { name: 'Marketplace' }).boundingBox();
    expect((form?.x ?? 0) + (form?.width ?? 1000)).toBeLessThanOrEqual(390);
    await expect(page.getByRole('banner').getByRole('button').last()).toBeInViewport({ ratio: 1 });
    await expect(toFix(page)).toBeInViewport();
    await shot(page, 'create-missing-390-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await settled(page);
    await shot(page, 'create-missing-390-dark');
  });

  test('the percent modifier keeps 1.5 and saves it as 1.015', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openCreate(page);
    const percent = page.getByRole('spinbutton', { name: 'Percent Modifier' });
    await percent.click();
    await percent.press('ControlOrMeta+a');
    await page.keyboard.type('1.5');
    await expect(percent).toHaveValue('1.5');

    await page.getByRole('textbox', { name: /Marketplace Name/ }).fill('Decimal Percent Partners');
    await page.getByRole('button', { name: 'Select all Referral Sources' }).click();
    await page.getByRole('checkbox', { name: 'Texas' }).check();
    await page.getByRole('textbox', { name: 'URL' }).fill('https://api.example.com/leads');
    await page.getByRole('textbox', { name: 'API key' }).fill('key');
    const sent = page.waitForRequest(
      (r) => r.url().endsWith('/api/marketplaces') && r.method() === 'POST',
    );
    await page.getByRole('button', { name: 'Save Marketplace' }).click();
    expect(((await sent).postDataJSON() as { priceModifier: number }).priceModifier).toBe(1.015);
    await expect(
      page.getByText('Marketplace Decimal Percent Partners has been saved successfully.'),
    ).toBeVisible();
  });

  test('the pipeline note counts to 2,000 and stops; a past follow-up warns; a save confirms', async ({
    browser,
  }) => {
    const { page, id } = await boughtByProducer(browser, 'Counterman');
    const panel = page.getByRole('region', { name: new RegExp(`referral #${id}\\b`) });
    const note = panel.getByRole('textbox', { name: 'Add note' });
    await note.click();
    await page.keyboard.insertText('x'.repeat(5000));
    await expect(note).toHaveValue('x'.repeat(2000));
    await expect(panel.getByText('2,000 / 2,000')).toBeVisible();
    await panel.getByLabel('Follow-up').fill('2020-03-02');
    await expect(panel.getByText('This day is in the past. You can still save it.')).toBeVisible();
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/api/acquired/${id}/pipeline`) && r.request().method() === 'PUT',
    );
    await panel.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await expect(page.getByText('Progress saved.')).toBeVisible();
    await expect(note).toHaveValue('');
  });
});

/** A fresh Texas referral the producer claims through the console; its details panel stays open. */
async function boughtByProducer(browser: Browser, lastName: string) {
  const made = await availableReferral({ city: 'Kerrville', firstName: 'Ida', lastName });
  const id = made.opportunityId;
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signInToTexasList(page, 'producer');
  await referralRow(page, id).click();
  const panel = page.getByRole('region', { name: new RegExp(`referral #${id}\\b`) });
  await claimInPanel(page, panel);
  await expect(panel).toContainText(lastName);
  await expect(panel.getByRole('textbox', { name: 'Add note' })).toBeVisible();
  void stack;
  return { page, id };
}
