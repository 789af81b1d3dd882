import type { BrowserContext, Page } from '@playwright/test';
import { availableReferral, expect, signIn, stack, test } from '../src/fixtures.js';

/** A notification as the page created it. */
interface Recorded {
  readonly title: string;
  readonly body: string;
  readonly tag: string;
}

declare global {
  interface Window {
    __notifications?: (Recorded & { readonly instance: Notification })[];
  }
}

/**
 * Headless Chromium shows no system notification, so each page records the ones the app creates.
 * This only observes: the wrapper calls the real Notification (permission, tag and all) and keeps
 * the instance so the test can click it as a person would.
 */
function recordNotifications() {
  const Real = window.Notification;
  const shown: NonNullable<Window['__notifications']> = [];
  class Recording extends Real {
    constructor(title: string, options?: NotificationOptions) {
      super(title, options);
      shown.push({ title, body: options?.body ?? '', tag: options?.tag ?? '', instance: this });
    }
  }
  window.Notification = Recording;
  window.__notifications = shown;
}

const recorded = async (pages: readonly Page[]): Promise<Recorded[]> =>
  (
    await Promise.all(
      pages.map((p) =>
        p.evaluate(() =>
          (window.__notifications ?? []).map(({ title, body, tag }) => ({ title, body, tag })),
        ),
      ),
    )
  ).flat();

/**
 * A referral arriving now. The producer's marketplace (Lone Star, id 3) takes every category in
 * most states, but not California; the forced contact fields meet its required-contact rules.
 */
const aReferral = (state: 'TX' | 'CA', city: string) =>
  availableReferral({
    state,
    city,
    firstName: 'Rosalind',
    lastName: 'Quill',
    postalCode: state === 'TX' ? '78640' : '93401',
    phone: '5125550188',
    email: 'quill@example.com',
    businessLines: ['CGLY', 'CWCP'],
    industryCode: '524210',
    industryDescription: 'Insurance Agencies and Brokerages',
    dynamicPrice: 45,
  });

const openPreferences = async (page: Page) => {
  await page.getByRole('button', { name: 'Preferences' }).click();
  return page.getByRole('dialog', { name: 'Preferences' });
};

/** A browser profile that allows the console's notifications and records them. */
async function alertingContext(context: BrowserContext) {
  await context.grantPermissions(['notifications'], { origin: stack().baseUrl });
  await context.addInitScript(recordNotifications);
}

test.describe('new-referral alerts', () => {
  test('notify an opted-in producer once across tabs, only inside the appetite; a click opens the details', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    await alertingContext(context);
    const page = await context.newPage();
    await signIn(page, 'producer');
    const alertSwitch = (await openPreferences(page)).getByRole('switch', {
      name: 'Alert me of new referrals',
    });
    await expect(alertSwitch).not.toBeChecked();
    await alertSwitch.click();
    await expect(alertSwitch).toBeChecked();

    // Kept on the server: with this browser's cache gone, a reload still shows alerts on.
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await expect(
      (await openPreferences(page)).getByRole('switch', { name: 'Alert me of new referrals' }),
    ).toBeChecked();
    await page.keyboard.press('Escape');

    const second = await context.newPage();
    await second.goto(`${stack().baseUrl}/admin/all-referrals`);
    for (const p of [page, second]) {
      await expect(p.getByRole('grid').getByRole('row').nth(1)).toBeVisible();
      await expect(p.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
    }

    // Outside first: change sets arrive in order, so once the later ones have notified, this one
    // would have too.
    const outside = await aReferral('CA', 'San Luis Obispo');
    const inside = await aReferral('TX', 'Kyle');
    await expect
      .poll(async () => (await recorded([page, second])).map((n) => n.tag))
      .toContain(`referral-${inside.opportunityId}`);
    const sentinel = await aReferral('TX', 'Buda');
    await expect
      .poll(async () => (await recorded([page, second])).map((n) => n.tag))
      .toContain(`referral-${sentinel.opportunityId}`);

    const all = await recorded([page, second]);
    expect(all.filter((n) => n.tag === `referral-${outside.opportunityId}`)).toEqual([]);
    const mine = all.filter((n) => n.tag === `referral-${inside.opportunityId}`);
    expect(mine).toEqual([
      {
        title: "New referral: Commercial · General Liability, Workers' Compensation",
        body: 'Kyle, TX · $45',
        tag: `referral-${inside.opportunityId}`,
      },
    ]);

    // Click it in the tab that showed it: that tab opens the referral's details.
    const shownIn = (await recorded([page])).some((n) => n.tag === mine[0]?.tag) ? page : second;
    await shownIn.evaluate((tag) => {
      const n = window.__notifications?.find((x) => x.tag === tag)?.instance;
      n?.onclick?.(new Event('click'));
    }, mine[0]?.tag ?? '');
    const panel = shownIn
      .getByRole('dialog')
      .filter({ has: shownIn.getByRole('button', { name: 'Close details' }) });
    await expect(panel).toBeVisible();
    await expect(panel).toContainText('Kyle, TX');
    await shownIn.screenshot({ path: test.info().outputPath('alert-opened-details.png') });

    // Leave the producer as other suites expect: alerts off.
    await page.bringToFront();
    await page.reload();
    const off = (await openPreferences(page)).getByRole('switch', {
      name: 'Alert me of new referrals',
    });
    await off.click();
    await expect(off).not.toBeChecked();
    await context.close();
  });

  test('alert a referral that arrived while no tab was watching, once the console opens', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    await alertingContext(context);
    const setup = await context.newPage();
    await signIn(setup, 'producer');
    const on = (await openPreferences(setup)).getByRole('switch', {
      name: 'Alert me of new referrals',
    });
    if (!(await on.isChecked())) await on.click();
    await expect(on).toBeChecked();
    await setup.close(); // no tab of the producer watches now

    const arrived = await aReferral('TX', 'Lockhart');
    // Once the anonymous feed shows it, the relay has committed it: the console opened after this
    // gets it in its first snapshot, never in a change set, so only the catch-up can alert it.
    const feed = await browser.newPage();
    await feed.goto(`${stack().baseUrl}/public-referrals`);
    await expect(feed.locator(`[data-id="${arrived.opportunityId}"]`)).toBeVisible();
    await feed.close();

    const page = await context.newPage();
    await page.goto(`${stack().baseUrl}/admin/all-referrals`);
    await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
    await expect
      .poll(async () => (await recorded([page])).map((n) => n.tag))
      .toContain(`referral-${arrived.opportunityId}`);
    expect(
      (await recorded([page])).filter((n) => n.tag === `referral-${arrived.opportunityId}`),
    ).toHaveLength(1);

    const off = (await openPreferences(page)).getByRole('switch', {
      name: 'Alert me of new referrals',
    });
    await off.click();
    await expect(off).not.toBeChecked();
    await context.close();
  });
});

test.describe('dark mode', () => {
  test('switching to dark changes the background, and the choice survives a reload', async ({
    page,
  }) => {
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.emulateMedia({ colorScheme: 'light' });
    await signIn(page, 'agencyadmin');
    await expect(page.getByRole('grid')).toBeVisible();
    const light = await background();

    await (await openPreferences(page)).getByRole('button', { name: 'Dark' }).click();
    await expect.poll(background).toBe('rgb(18, 18, 18)');
    expect(light).not.toBe('rgb(18, 18, 18)');
    await page.keyboard.press('Escape');
    await page.screenshot({ path: test.info().outputPath('dark-mode.png') });

    await page.reload();
    await expect(page.getByRole('grid')).toBeVisible();
    await expect.poll(background).toBe('rgb(18, 18, 18)');

    // Back to following the system, as the other suites expect.
    await (await openPreferences(page)).getByRole('button', { name: 'System' }).click();
    await expect.poll(background).toBe(light);
  });
});
