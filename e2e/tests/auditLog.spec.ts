import { seriousViolations } from '../src/axe.js';
import { EXPIRATION_FLAG, expect, setFeatureFlag, signIn, test } from '../src/fixtures.js';

test.describe('audit log', () => {
  test.afterAll(() => setFeatureFlag(EXPIRATION_FLAG, true));

  test("an admin's writes in one tab show live on the Audit Log of another; filters narrow it and survive a reload", async ({
    page,
    context,
  }) => {
    await setFeatureFlag(EXPIRATION_FLAG, true);
    await signIn(page, 'admin', '/admin/audit-log');
    await expect(page.getByRole('heading', { name: 'Audit Log', level: 1 })).toBeVisible();
    const rows = page.getByRole('table', { name: 'Audit entries' }).locator('tbody tr');
    const newest = rows.first();

    // Another tab of the same admin turns the flag off on the Feature Flags screen.
    const other = await context.newPage();
    await other.goto(page.url().replace(/\/admin\/.*$/, '/admin/feature-flags'));
    const toggle = other.getByRole('switch', { name: `Enabled ${EXPIRATION_FLAG}` });
    await toggle.click();
    await expect(toggle).not.toBeChecked();

    // No reload: the entry is on top, with who, what and how it ended.
    await expect(newest).toContainText('Feature flag updated', { timeout: 10_000 });
    await expect(newest).toContainText('admin');
    await expect(newest.getByText('OK', { exact: true })).toBeVisible();
    await expect(newest).toContainText('200');
    await newest.getByRole('button', { name: /^Show before and after of entry/ }).click();
    const changes = page.getByRole('table', { name: /^Changes of entry/ });
    await expect(changes.getByRole('row', { name: /enabled\s*true\s*false/ })).toBeVisible();

    // Then the same tab saves a preference: another kind of write arrives on top.
    await other.getByRole('button', { name: 'Preferences' }).click();
    await other
      .getByRole('dialog', { name: 'Preferences' })
      .getByRole('button', { name: 'Dark' })
      .click();
    await expect(newest).toContainText('Preferences saved', { timeout: 10_000 });
    await page.screenshot({ path: test.info().outputPath('audit-log-live.png'), fullPage: true });
    // Entries, chips and an open before/after, under axe-core too.
    expect(await seriousViolations(page)).toEqual([]);

    // Filtering by action keeps flag updates only, in the address, through a reload.
    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Feature flag updated' }).click();
    await expect(page).toHaveURL(/[?&]action=featureFlag\.update(&|$)/);
    await expect(newest).toContainText('Feature flag updated');
    await expect(rows.filter({ hasText: 'Preferences saved' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Action' })).toHaveText('Feature flag updated');
    await expect(newest).toContainText('Feature flag updated');
    await expect(rows.filter({ hasText: 'Preferences saved' })).toHaveCount(0);

    // Live under a filter: a write of another action stays out, one of the action comes in.
    const shown = await newest.textContent();
    const preferences = other.getByRole('dialog', { name: 'Preferences' });
    await preferences.getByRole('button', { name: 'System' }).click();
    await other.keyboard.press('Escape');
    await expect(preferences).toBeHidden();
    await toggle.click();
    await expect(toggle).toBeChecked();
    await expect(newest).not.toHaveText(shown ?? '', { timeout: 10_000 });
    await expect(newest).toContainText('Feature flag updated');
    await expect(rows.filter({ hasText: 'Preferences saved' })).toHaveCount(0);
  });
});
