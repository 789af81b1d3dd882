import type { Locator, Page } from '@playwright/test';
import { expect, signIn, test } from '../src/fixtures.js';

/*
 * The list rules only a browser can show (issue 45): a highlight a person sees, which a pinned
 * cell's own ground can hide, and a filter bar that stays in sight, which an ancestor's overflow
 * can undo. The unit tests (happy-dom) read the styles; these read what is painted where.
 */

/** Body rows of the page's grid, once it has `count` of them. */
async function bodyRows(page: Page, count: number): Promise<Locator> {
  const rows = page.getByRole('grid').locator('tbody [role="row"]');
  await expect(rows.nth(count - 1)).toBeVisible();
  return rows;
}

/**
 * What shows behind each cell of a row: the cell's own ground (its colour and any layer painted
 * over it), else the row's, else none.
 */
const groundsOf = (row: Locator) =>
  row.evaluate((r) => {
    const clear = (c: string) => c === 'transparent' || /^rgba\(.*,\s*0\)$/.test(c);
    const own = getComputedStyle(r).backgroundColor;
    return Array.from(r.children).map((cell) => {
      const { backgroundColor: bg, backgroundImage: layer } = getComputedStyle(cell);
      if (layer !== 'none') return `${bg} under ${layer}`;
      return clear(bg) ? (clear(own) ? 'none' : own) : bg;
    });
  });

/** The columns (by index) whose cells show another ground in `row` than in `plain`. */
async function tintedColumns(row: Locator, plain: Locator): Promise<number[]> {
  const [a, b] = [await groundsOf(row), await groundsOf(plain)];
  return a.flatMap((g, i) => (g !== b[i] ? [i] : []));
}

const allColumns = async (row: Locator) => (await groundsOf(row)).map((_g, i) => i);
/** The columns that stay put while the table scrolls sideways. */
const pinnedColumns = (row: Locator) =>
  row.evaluate((r) =>
    Array.from(r.children).flatMap((c, i) => (c.hasAttribute('data-pinned') ? [i] : [])),
  );

test.describe('row highlights (agent-console section 2)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the recent table highlights the row under the pointer, every cell of it', async ({
    page,
  }) => {
    await signIn(page, 'admin', '/admin/recent-opportunities');
    const rows = await bodyRows(page, 3);
    await rows.nth(1).getByRole('gridcell').last().hover();
    expect(await tintedColumns(rows.nth(1), rows.nth(2))).toEqual(await allColumns(rows.nth(1)));
    await page.mouse.move(1, 1);
    expect(await tintedColumns(rows.nth(1), rows.nth(2))).toEqual([]);
  });

  test('the referral list highlights the row under the pointer and the row a click selected', async ({
    page,
  }) => {
    await signIn(page, 'admin', '/admin/all-referrals');
    const rows = await bodyRows(page, 4);
    const [row, plain] = [rows.nth(1), rows.nth(3)];
    // The columns that scroll sideways; the pinned ones are the next test's.
    const pinned = await pinnedColumns(row);
    const free = (await allColumns(row)).filter((i) => !pinned.includes(i));
    expect(free).not.toEqual([]);
    await row.getByRole('gridcell').last().hover();
    expect(await tintedColumns(row, plain)).toEqual(expect.arrayContaining(free));
    await row.getByRole('gridcell').last().click();
    await expect(page.getByRole('dialog', { name: 'Referral details' })).toBeVisible();
    await page.getByRole('button', { name: 'Close details' }).click();
    await expect(page.getByRole('dialog', { name: 'Referral details' })).toHaveCount(0);
    await page.mouse.move(1, 1);
    await expect(row).toHaveAttribute('aria-selected', 'true');
    expect(await tintedColumns(row, plain)).toEqual(expect.arrayContaining(free));
  });

  test('the referral list highlights the whole selected row, its pinned columns too', async ({
    page,
  }) => {
    await signIn(page, 'admin', '/admin/all-referrals');
    const rows = await bodyRows(page, 4);
    const [row, plain] = [rows.nth(1), rows.nth(3)];
    expect(await pinnedColumns(row)).not.toEqual([]);
    await row.getByRole('gridcell').last().click();
    await page.getByRole('button', { name: 'Close details' }).click();
    await expect(page.getByRole('dialog', { name: 'Referral details' })).toHaveCount(0);
    await page.mouse.move(1, 1);
    expect(await tintedColumns(row, plain)).toEqual(await allColumns(row));
  });
});

test.describe('the sticky filter bar (agent-console section 2)', () => {
  for (const [where, width, height] of [
    ['on a short desk window', 1280, 450],
    ['on a phone', 390, 844],
  ] as const) {
    test(`stays right under the app bar while the list's page scrolls, ${where}`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height });
      await signIn(page, 'admin', '/admin/all-referrals');
      await bodyRows(page, 2);
      const bar = page.getByRole('toolbar', { name: 'Referral filters' });
      const appBar = page.getByRole('banner');
      const bottomOfAppBar = async () => {
        const box = await appBar.boundingBox();
        return (box?.y ?? 0) + (box?.height ?? 0);
      };
      const topOfBar = async () => (await bar.boundingBox())?.y ?? NaN;
      const under = await bottomOfAppBar();
      const before = await topOfBar();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const scrolled = await page.evaluate(() => window.scrollY);
      // Far enough that a bar that scrolled with the page would have gone under the app bar.
      expect(scrolled).toBeGreaterThan(before - under);
      await expect.poll(topOfBar).toBeCloseTo(under, 0);
      await expect(bar).toBeInViewport();
    });
  }
});

test.describe('the status cell (agent-console section 2)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("an admin's status shows a discounted price and its crossed-out original whole", async ({
    page,
  }) => {
    await signIn(page, 'admin', '/admin/all-referrals?state=TX');
    await page.getByRole('button', { name: 'All Referrals', exact: true }).click();
    await expect(page.locator('tbody s').first()).toBeVisible();
    const cut = await page.evaluate(() => {
      const head = Array.from(document.querySelectorAll('thead [role="columnheader"]'));
      const col = head.findIndex((h) => h.textContent?.startsWith('Status'));
      return Array.from(document.querySelectorAll('tbody [role="row"]')).flatMap((r) => {
        const cell = r.children[col] as HTMLElement;
        const style = getComputedStyle(cell);
        const room =
          cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        const content = cell.firstElementChild?.getBoundingClientRect().width ?? 0;
        return content > room + 0.5 ? [`${cell.textContent}: ${content} > ${room}`] : [];
      });
    });
    expect(cut).toEqual([]);
  });
});
