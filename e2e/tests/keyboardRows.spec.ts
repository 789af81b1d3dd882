import { expect, signIn, test } from '../src/fixtures.js';

test('an admin opens a row of the list with Enter or Space, its focus ring in sight', async ({
  page,
}) => {
  await signIn(page, 'admin', '/admin/all-referrals?state=TX');
  const grid = page.getByRole('grid');
  const first = grid.getByRole('row').nth(1);
  await expect(first).toBeVisible();

  // Into the grid and onto a cell with the keyboard, as the grid pattern moves.
  await first.getByRole('gridcell').nth(1).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  const ring = await first.evaluate((row) => {
    const style = getComputedStyle(row);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(ring.style).toBe('solid');
  expect(ring.width).toBeGreaterThanOrEqual(2);
  await page.screenshot({ path: test.info().outputPath('focused-row.png') });

  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog');
  await expect(panel.getByRole('heading', { name: /referral #\d+/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  await grid.getByRole('row').nth(2).getByRole('gridcell').nth(1).focus();
  await page.keyboard.press(' ');
  await expect(
    page.getByRole('dialog').getByRole('heading', { name: /referral #\d+/ }),
  ).toBeVisible();
});
