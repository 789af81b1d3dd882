import { claimWindowOpen, type Opportunity, type Sort } from '@referrals/shared';
import type { Page, Response } from '@playwright/test';
import {
  EXPIRATION_FLAG,
  expect,
  setFeatureFlag,
  signIn,
  simControl,
  test,
  type SimReferral,
} from '../src/fixtures.js';

/** A referral arriving now, with its claim window closing `minutes` from now (null: none). */
const arriving = (status: string, minutes: number | null) =>
  simControl<SimReferral>('POST', '/__sim/referrals', {
    state: 'TX',
    opportunityType: 'CIR',
    marketplaceStatus: status,
    marketplaceExpirationDate:
      minutes === null ? null : new Date(Date.now() + minutes * 60_000).toISOString(),
  });

type ListAnswer = { sort: Sort; content: Opportunity[] };
const isAdminList = (r: Response) =>
  r.url().includes('/api/referrals?') && r.url().includes('view=all') && r.ok();

/** The ids of the grid's rows, top to bottom. */
const rowIds = (page: Page) =>
  page
    .locator('[role="row"][data-id]')
    .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-id'))));

test.describe('the admin list runs in the order its header says (issue 44)', () => {
  test.afterAll(() => setFeatureFlag(EXPIRATION_FLAG, true));

  test('under the expiration flag: open windows soonest first, then newest first; Received gives Received', async ({
    page,
  }) => {
    await setFeatureFlag(EXPIRATION_FLAG, true);
    await page.setViewportSize({ width: 1440, height: 900 });
    // The stand-in's market stands still in these suites (an hour a tick): what it holds Available
    // stays so, also past its date, as between two ticks and polls.
    const settled = await arriving('Settled', -2 * 24 * 60);
    const later = await arriving('Available', 9);
    const soon = await arriving('Available', 4);
    const closed = await arriving('Available', -5); // the newest referral of the market

    const answered = page.waitForResponse(isAdminList);
    await signIn(page, 'admin', '/admin/all-referrals');
    const first = (await (await answered).json()) as ListAnswer;
    const at = Date.now();
    expect(first.sort).toMatchObject({ expirationFirst: true });

    // The header says it: "Expiring first" by Limited Time, which alone has an aria-sort.
    const limited = page.getByRole('columnheader', { name: /Limited Time/ });
    await expect(limited).toContainText('Expiring first');
    await expect(limited).toHaveAttribute('aria-sort', 'other');
    await expect(page.getByRole('columnheader', { name: /Received/ })).not.toHaveAttribute(
      'aria-sort',
    );

    // The rows: the grid shows the page the relay cut, which leads with the open windows.
    const ids = first.content.map((o) => o.opportunityId);
    await expect.poll(() => rowIds(page)).toEqual(ids);
    const lead = first.content.findIndex((o) => !claimWindowOpen(o, at));
    expect(lead).toBeGreaterThanOrEqual(2);
    const head = first.content.slice(0, lead);
    for (const o of head) expect(o.marketplaceStatus).toBe('Available');
    const expiries = head.map((o) => o.marketplaceExpirationDate as string);
    expect(expiries).toEqual([...expiries].sort());
    expect(ids.indexOf(soon.opportunityId)).toBeLessThan(ids.indexOf(later.opportunityId));
    expect(ids.indexOf(later.opportunityId)).toBeLessThan(lead);
    // Then every other referral newest first: the one whose window closed (still Available
    // upstream) and the settled one, whose date is long past, are not in the lead.
    expect(ids[lead]).toBe(closed.opportunityId);
    const rest = first.content.slice(lead).map((o) => o.addDate);
    expect(rest).toEqual([...rest].sort().reverse());
    expect(ids.slice(0, lead)).not.toContain(settled.opportunityId);
    await page.screenshot({ path: test.info().outputPath('expiring-first.png') });

    // Clicking Received gives Received, newest first, and the header says so.
    const byReceived = page.waitForResponse(isAdminList);
    await page.getByRole('columnheader', { name: /Received/ }).click();
    const second = (await (await byReceived).json()) as ListAnswer;
    expect(second.sort).toEqual({ key: 'addDate', direction: 'desc' });
    await expect(page.getByRole('columnheader', { name: /Received/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(limited).not.toHaveAttribute('aria-sort');
    await expect.poll(async () => (await rowIds(page))[0]).toBe(closed.opportunityId);
    await page.screenshot({ path: test.info().outputPath('received.png') });

    // The label, now a button, gives expiring first back.
    await page.getByRole('button', { name: 'Sort expiring first' }).click();
    await expect(limited).toHaveAttribute('aria-sort', 'other');
    await expect.poll(async () => (await rowIds(page))[0]).not.toBe(closed.opportunityId);
  });
});
