import type { Locator, Page } from '@playwright/test';
import { seriousViolations } from '../src/axe.js';
import { expect, signIn, test } from '../src/fixtures.js';

/** A screen of the admin console and what shows once its content has loaded. */
interface Screen {
  readonly path: string;
  readonly name: string;
  readonly loaded: (page: Page) => Locator;
}

const formLoaded = (page: Page) =>
  page.getByRole('group', { name: 'Referral Sources' }).getByLabel('agent-site');

const SCREENS: readonly Screen[] = [
  {
    path: '/admin/marketplaces',
    name: 'marketplaces',
    loaded: (page) => page.getByRole('button', { name: /^Reorder / }).first(),
  },
  { path: '/admin/marketplaces/new', name: 'marketplace-create', loaded: formLoaded },
  { path: '/admin/marketplaces/1', name: 'marketplace-edit', loaded: formLoaded },
  {
    path: '/admin/feature-flags',
    name: 'feature-flags',
    loaded: (page) => page.getByRole('switch', { name: /^Enabled / }).first(),
  },
  {
    path: '/admin/audit-log',
    name: 'audit-log',
    // Either text shows only once the page of entries has been read.
    loaded: (page) =>
      page.getByText(
        /^(No audit entries match these filters\.|Showing \d+ to \d+ of \d+ results)$/,
      ),
  },
  {
    path: '/admin/returns',
    name: 'returns',
    // The queue, or its empty text, shows only once the page of returns has been read.
    loaded: (page) =>
      page.getByRole('table', { name: 'Returns' }).or(page.getByText('No requested returns.')),
  },
];

/**
 * The admin console's screens under axe-core, each once its content has loaded (an empty
 * skeleton would pass trivially). A screenshot of each is kept as an artefact.
 */
test.describe('accessibility of the admin screens (axe-core)', () => {
  for (const screen of SCREENS) {
    test(`${screen.path} has no serious or critical violation`, async ({ page }) => {
      await signIn(page, 'admin', screen.path);
      await expect(screen.loaded(page)).toBeEnabled();
      await page.screenshot({
        path: test.info().outputPath(`axe-${screen.name}.png`),
        fullPage: true,
      });
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
