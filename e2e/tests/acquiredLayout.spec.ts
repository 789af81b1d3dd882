import type { Page } from '@playwright/test';
import { availableReferral, expect, signIn, stack, test } from '../src/fixtures.js';

/** The bearer token the console sends, kept as the page refreshes it. */
function followToken(page: Page): () => string {
  let bearer = '';
  page.on('request', (r) => {
    const auth = r.headers().authorization;
    if (r.url().startsWith(`${stack().baseUrl}/api/`) && auth) bearer = auth;
  });
  return () => bearer;
}

/** The producer buys a fresh Texas referral over the relay, as the console's Claim Now does. */
async function claim(token: () => string, lastName: string): Promise<void> {
  const made = await availableReferral({
    city: 'Fredericksburg',
    firstName: 'Delphine',
    lastName,
    phone: '5125550134',
    email: `${lastName.toLowerCase()}@example-insurance-agency.com`,
  });
  // The relay knows the referral from its next poll: until then the claim is a 404.
  await expect
    .poll(async () => {
      const res = await fetch(`${stack().baseUrl}/api/referrals/${made.opportunityId}/claim`, {
        method: 'POST',
        headers: { authorization: token(), 'content-type': 'application/json' },
        body: '{}',
      });
      return res.status;
    })
    .toBe(200);
}

/** A column header's right edge, against the window's width. */
async function rightEdge(page: Page, name: string): Promise<number> {
  const box = await page.getByRole('columnheader', { name, exact: true }).boundingBox();
  if (!box) throw new Error(`no ${name} header on screen`);
  return box.x + box.width;
}

/** Whether the page is wider than the window, and the account button's place in the app bar. */
async function phoneFit(page: Page, account: RegExp) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  const bar = await page.getByRole('banner').boundingBox();
  const button = await page
    .getByRole('banner')
    .getByRole('button', { name: account })
    .boundingBox();
  if (!bar || !button) throw new Error('no app bar or account button');
  const inside =
    button.x >= bar.x &&
    button.y >= bar.y &&
    button.x + button.width <= Math.min(bar.x + bar.width, 390) &&
    button.y + button.height <= bar.y + bar.height;
  return { scrollWidth, inside };
}

test.describe('tables that fit a desk screen', () => {
  for (const [width, height] of [
    [1280, 800],
    [1440, 900],
  ] as const) {
    test(`Acquired Referrals shows Progress and Follow-up at ${width}x${height}`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height });
      const token = followToken(page);
      await signIn(page, 'producer', '/admin/purchased-referrals');
      await expect.poll(token).not.toBe('');
      for (const name of ['Quillfeather', 'Ravensworth-Abernathy', 'Stonebridge']) {
        await claim(token, `${name}${width}`);
      }
      await page.reload();
      await expect(
        page.getByRole('row', { name: new RegExp(`Stonebridge${width}`) }),
      ).toBeVisible();
      expect(await rightEdge(page, 'Progress')).toBeLessThanOrEqual(width);
      expect(await rightEdge(page, 'Follow-up')).toBeLessThanOrEqual(width);
      // One-line rows: a long name ends in an ellipsis on one line, not three.
      const row = page.getByRole('row', { name: new RegExp(`Ravensworth-Abernathy${width}`) });
      expect((await row.boundingBox())?.height ?? 0).toBeLessThan(48);
      await page.screenshot({ path: test.info().outputPath(`acquired-${width}.png`) });
    });
  }
});

test.describe('nothing wider than a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the producer's Acquired Referrals fits 390 px, filters behind one button", async ({
    page,
  }) => {
    await signIn(page, 'producer', '/admin/purchased-referrals');
    await expect(page.getByRole('heading', { name: 'Acquired Referrals' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Filters/ })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Progress' })).toHaveCount(0);
    const fit = await phoneFit(page, /Pat Producer/i);
    expect(fit.scrollWidth).toBeLessThanOrEqual(390);
    expect(fit.inside).toBe(true);
    // Paging on one line: Previous and Next level with the count.
    const pages = page.getByRole('navigation', { name: 'Pages' });
    await expect(pages.getByRole('button', { name: 'Next' })).toBeVisible();
    const next = await pages.getByRole('button', { name: 'Next' }).boundingBox();
    const count = await pages.getByText(/^Showing/).boundingBox();
    expect(
      Math.abs(
        (next?.y ?? 0) + (next?.height ?? 0) / 2 - ((count?.y ?? 0) + (count?.height ?? 0) / 2),
      ),
    ).toBeLessThan(12);
  });

  const ADMIN_SCREENS: readonly (readonly [string, string])[] = [
    ['/admin/purchased-referrals', 'Claim-It Transactions'],
    ['/admin/marketplaces', 'All Marketplaces'],
    ['/admin/feature-flags', 'Feature Flags'],
    ['/admin/audit-log', 'Audit Log'],
    ['/admin/returns', 'Returns'],
    ['/admin/dashboard', 'Dashboard'],
  ];

  test("an admin's screens fit 390 px, the account button in the app bar", async ({ page }) => {
    await signIn(page, 'admin', ADMIN_SCREENS[0]?.[0]);
    for (const [path, heading] of ADMIN_SCREENS) {
      await page.goto(`${stack().baseUrl}${path}`);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      // Tables and charts draw after their data: measure once the page has settled.
      await page.waitForLoadState('networkidle');
      const fit = await phoneFit(page, /Ada Admin/i);
      expect(fit.scrollWidth, path).toBeLessThanOrEqual(390);
      expect(fit.inside, path).toBe(true);
    }
  });

  test("an agency admin's dashboard fits 390 px", async ({ page }) => {
    await signIn(page, 'agencyadmin', '/admin/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const fit = await phoneFit(page, /Alex Agencyadmin/i);
    expect(fit.scrollWidth).toBeLessThanOrEqual(390);
    expect(fit.inside).toBe(true);
  });
});
