import type { Page } from '@playwright/test';
import { expect, signIn, stack, test } from '../src/fixtures.js';

/** Moves a row one place down with the keyboard, pausing between keys as a person does. */
async function moveDownByKeyboard(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: `Reorder ${name}` }).focus();
  for (const key of ['Space', 'ArrowDown', 'Space']) {
    await page.keyboard.press(key);
    await page.waitForTimeout(250);
  }
}

/** The enabled flow marketplaces in list order, read from their drag handles. */
async function order(page: Page): Promise<string[]> {
  const handles = page.getByRole('button', { name: /^Reorder / });
  await expect(handles.first()).toBeVisible();
  return (
    await handles.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''))
  ).map((l) => l.replace(/^Reorder /, ''));
}

const saved = (page: Page) =>
  expect(page.getByText('Marketplaces updated successfully.')).toBeVisible();

test.describe('admin: marketplaces', () => {
  test('reorders by keyboard and by drag, saves, reloads and sees the new order; a stale save from a second admin is refused', async ({
    page,
    browser,
  }) => {
    await signIn(page, 'admin', '/admin/marketplaces');
    const before = await order(page);
    expect(before.length).toBeGreaterThan(2);

    // A second admin opens the list now and keeps the order it loaded.
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await signIn(other, 'admin', '/admin/marketplaces');
    await order(other);
    // ...and starts its own change before the first admin saves.
    await moveDownByKeyboard(other, before[2] ?? '');
    await expect(other.getByRole('button', { name: 'Save Updates' })).toBeEnabled();

    // Keyboard: pick up the first row, move it down one, drop it.
    await moveDownByKeyboard(page, before[0] ?? '');
    await expect.poll(() => order(page)).toEqual([before[1], before[0], ...before.slice(2)]);
    await page.getByRole('button', { name: 'Save Updates' }).click();
    await saved(page);
    await page.reload();
    const afterKeyboard = await order(page);
    expect(afterKeyboard).toEqual([before[1], before[0], ...before.slice(2)]);

    // Drag: the third row's handle onto the first row.
    const third = page.getByRole('button', { name: `Reorder ${afterKeyboard[2]}` });
    const first = page.getByRole('button', { name: `Reorder ${afterKeyboard[0]}` });
    const from = await third.boundingBox();
    const to = await first.boundingBox();
    if (!from || !to) throw new Error('handles are not on screen');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 3 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 4, { steps: 12 });
    await page.mouse.up();
    await expect
      .poll(() => order(page))
      .toEqual([afterKeyboard[2], afterKeyboard[0], afterKeyboard[1], ...afterKeyboard.slice(3)]);
    await page.getByRole('button', { name: 'Save Updates' }).click();
    await saved(page);
    await page.reload();
    const afterDrag = await order(page);
    expect(afterDrag).toEqual([
      afterKeyboard[2],
      afterKeyboard[0],
      afterKeyboard[1],
      ...afterKeyboard.slice(3),
    ]);
    await page.screenshot({ path: test.info().outputPath('marketplaces.png'), fullPage: true });

    // The second admin's change rests on the first order: its save is refused, the fresh order shown.
    await other.getByRole('button', { name: 'Save Updates' }).click();
    await expect(
      other.getByText(/Another administrator changed the marketplaces first/),
    ).toBeVisible();
    await expect.poll(() => order(other)).toEqual(afterDrag);
    await page.reload();
    expect(await order(page)).toEqual(afterDrag);
    await otherContext.close();
  });

  test('creates a marketplace through the form, meeting validation errors first', async ({
    page,
  }) => {
    await signIn(page, 'admin', '/admin/marketplaces/new');
    await expect(page.getByRole('heading', { name: 'Marketplace: Creation' })).toBeVisible();
    // Loaded: the sources are listed (the form stays disabled until then).
    await expect(
      page.getByRole('group', { name: 'Referral Sources' }).getByLabel('agent-site'),
    ).toBeEnabled();
    const save = page.getByRole('button', { name: 'Save Marketplace' });
    await expect(save).toBeDisabled();

    // Each error shows under its field and in the list of what Save waits for.
    const fieldError = (text: string) => page.locator('.MuiFormHelperText-root', { hasText: text });
    const toFix = page.getByRole('list', { name: 'What to fix' });
    await page.getByLabel('Phone Number', { exact: true }).fill('12345');
    await page.getByLabel('Phone Number', { exact: true }).blur();
    await expect(fieldError('Please provide a valid phone number')).toBeVisible();
    await expect(toFix.getByText('Please provide a valid phone number')).toBeVisible();
    await page.getByLabel('Marketplace Name *').fill('   ');
    await page.getByLabel('Marketplace Name *').blur();
    await expect(fieldError('Please provide marketplace name')).toBeVisible();
    await expect(toFix.getByText('Please provide marketplace name')).toBeVisible();
    await expect(save).toBeDisabled();

    await page.getByLabel('Phone Number', { exact: true }).fill('5125550123');
    await page.getByLabel('Marketplace Name *').fill('E2E Prairie Buyers');
    await page.getByRole('group', { name: 'Referral Sources' }).getByLabel('agent-site').check();
    await page.getByRole('group', { name: 'States' }).getByLabel('Texas').check();
    await page.getByLabel('URL', { exact: true }).fill('https://api.prairie.example/leads');
    await page.getByLabel('API key').fill('e2e-key');
    await expect(page.getByText('Please provide a valid phone number')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('marketplace-form.png'), fullPage: true });
    await expect(save).toBeEnabled();
    await save.click();
    await page.waitForURL(`${stack().baseUrl}/admin/marketplaces`);
    await expect(
      page.getByText(/Marketplace E2E Prairie Buyers has been saved successfully/),
    ).toBeVisible();
    await page.getByLabel('Show Disabled Marketplaces').check();
    await expect(page.getByRole('link', { name: 'E2E Prairie Buyers' })).toBeVisible();
  });
});

test.describe('admin: feature flags', () => {
  test('creates and toggles flags while a second browser sees them change live', async ({
    page,
    browser,
  }) => {
    await signIn(page, 'admin', '/admin/feature-flags');
    await expect(page.getByRole('heading', { name: 'Feature Flags' })).toBeVisible();
    const watcherContext = await browser.newContext();
    const watcher = await watcherContext.newPage();
    await signIn(watcher, 'admin', '/admin/feature-flags');
    await expect(watcher.getByRole('heading', { name: 'Feature Flags' })).toBeVisible();

    await page.getByRole('button', { name: 'Add feature flag' }).click();
    await page.getByPlaceholder('Enter feature flag name').fill('e2e-live-flag');
    await page
      .getByPlaceholder('Enter feature flag description')
      .fill('Made by the end-to-end suite');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Feature flag e2e-live-flag created successfully.')).toBeVisible();
    const mirrored = watcher.getByRole('switch', { name: 'Enabled e2e-live-flag' });
    await expect(mirrored).toBeVisible();
    await expect(mirrored).not.toBeChecked();

    await page.getByRole('switch', { name: 'Enabled e2e-live-flag' }).check();
    await expect(page.getByText('Feature flag e2e-live-flag updated successfully.')).toBeVisible();
    await expect(mirrored).toBeChecked();
    await page.screenshot({ path: test.info().outputPath('feature-flags.png'), fullPage: true });
    await watcherContext.close();
  });
});
