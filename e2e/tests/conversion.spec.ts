import type { Locator, Page } from '@playwright/test';
import { seriousViolations } from '../src/axe.js';
import { availableReferral, expect, signIn, stack, test } from '../src/fixtures.js';

/** The bearer token the console sends, kept current as the page refreshes it. */
function followToken(page: Page): () => string {
  let bearer = '';
  page.on('request', (r) => {
    const auth = r.headers().authorization;
    if (r.url().startsWith(`${stack().baseUrl}/api/`) && auth) bearer = auth;
  });
  return () => {
    if (!bearer) throw new Error('the console has sent no signed-in request yet');
    return bearer;
  };
}

/** Calls the relay's REST API as the signed-in user; answers the status and the JSON body. */
async function rest(token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${stack().baseUrl}${path}`, {
    method,
    headers: { authorization: token, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as unknown };
}

/** Bought and bound as the Conversion section shows them ('2 of 5 bought' under Bound). */
async function counts(section: Locator): Promise<{ bought: number; bound: number }> {
  if ((await section.getByText('No referrals were bought in this window.').count()) > 0) {
    return { bought: 0, bound: 0 };
  }
  const note = await section.getByRole('region', { name: 'Bound', exact: true }).textContent();
  const m = /(\d+) of (\d+) bought/.exec(note ?? '');
  if (!m) throw new Error(`no bound count in "${note}"`);
  return { bound: Number(m[1]), bought: Number(m[2]) };
}

test.describe('conversion on the dashboard', () => {
  test("the producer sees the agency's conversion, and a referral moved to Bound counts without a reload", async ({
    page,
  }) => {
    const token = followToken(page);
    await signIn(page, 'producer', '/admin/dashboard');
    const section = page.getByRole('region', { name: 'Conversion', exact: true });
    await expect(section).toBeVisible();
    await expect(section).toContainText('Lone Star Insurance Group');
    await expect(section.getByRole('combobox', { name: 'Window' })).toContainText('Last 30 Days');
    await expect(section.getByRole('progressbar')).toHaveCount(0);
    const start = await counts(section);

    // The producer buys a referral through the relay, as the console's Claim Now does.
    const made = await availableReferral({ city: 'Seguin', firstName: 'Odessa', lastName: 'Vane' });
    const id = made.opportunityId;
    // The relay knows the referral from its next poll: until then the claim is a 404.
    await expect
      .poll(async () => (await rest(token(), 'POST', `/api/referrals/${id}/claim`, {})).status)
      .toBe(200);
    await expect.poll(async () => (await counts(section)).bought).toBe(start.bought + 1);
    const before = await counts(section);
    await expect(section.getByRole('table', { name: 'By state' })).toContainText('Texas');

    const current = await rest(token(), 'GET', `/api/acquired/${id}/pipeline`);
    expect(current.status).toBe(200);
    const { version } = current.body as { version: number };
    const saved = await rest(token(), 'PUT', `/api/acquired/${id}/pipeline`, {
      version,
      status: 'Bound Prospect',
      followUpOn: null,
    });
    expect(saved.status).toBe(200);

    // No reload: the pipeline change makes the section read the figures again.
    await expect.poll(async () => (await counts(section)).bound).toBe(before.bound + 1);
    await expect(section.getByRole('region', { name: 'Cost per bound policy' })).toContainText('$');
    await page.screenshot({ path: test.info().outputPath('conversion.png'), fullPage: true });
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`an admin's market view, with each agency's returns, has no serious or critical violation (${scheme})`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await signIn(page, 'admin', '/admin/dashboard');
      const section = page.getByRole('region', { name: 'Conversion', exact: true });
      await expect(section).toContainText('Market-wide');
      await expect(
        section.getByRole('table', { name: 'By agency' }).or(section.getByText(/No referrals/)),
      ).toBeVisible();
      await expect(page.locator('svg').first()).toBeVisible();
      await page.screenshot({
        path: test.info().outputPath(`conversion-admin-${scheme}.png`),
        fullPage: true,
      });
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
