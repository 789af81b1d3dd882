import { expect, test, type Locator, type Page } from '@playwright/test';
import { seriousViolations } from './axe.js';
import { stack } from './fixtures.js';

/** The body's ground in each colour mode, to know the mode has switched before axe reads. */
const GROUND = { light: 'rgb(245, 246, 248)', dark: 'rgb(18, 18, 18)' } as const;
export type Mode = keyof typeof GROUND;
export const MODES: readonly Mode[] = ['light', 'dark'];

/**
 * A screen of the console: where it is, what a person does there before reading it (open a
 * panel, switch a view), and whether only marketplace admins reach it.
 */
export interface Screen {
  readonly name: string;
  readonly path: string;
  readonly adminOnly?: boolean;
  readonly open?: (page: Page) => Promise<void>;
}

const firstRow = (page: Page) => page.getByRole('grid').locator('tbody [role="row"]').first();

const allReferralsView = async (page: Page) => {
  await page.getByRole('button', { name: 'All Referrals' }).click();
  await settled(page);
};

export const SCREENS: readonly Screen[] = [
  { name: 'all-referrals (in appetite)', path: '/admin/all-referrals' },
  { name: 'all-referrals (all)', path: '/admin/all-referrals', open: allReferralsView },
  {
    name: 'details panel',
    path: '/admin/all-referrals',
    open: async (page) => {
      await allReferralsView(page);
      await firstRow(page).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  {
    name: 'preferences dialog',
    path: '/admin/all-referrals',
    open: async (page) => {
      await page.getByRole('button', { name: 'Preferences' }).click();
      await expect(page.getByRole('dialog', { name: 'Preferences' })).toBeVisible();
    },
  },
  { name: 'claim-it-referrals', path: '/admin/claim-it-referrals' },
  { name: 'recent-opportunities', path: '/admin/recent-opportunities' },
  { name: 'purchased-referrals', path: '/admin/purchased-referrals' },
  { name: 'dashboard', path: '/admin/dashboard' },
  { name: 'not-implemented', path: '/admin/not-implemented' },
  { name: 'marketplaces', path: '/admin/marketplaces', adminOnly: true },
  { name: 'marketplace form (new)', path: '/admin/marketplaces/new', adminOnly: true },
  { name: 'marketplace form (edit)', path: '/admin/marketplaces/1', adminOnly: true },
  { name: 'feature flags', path: '/admin/feature-flags', adminOnly: true },
  { name: 'audit log', path: '/admin/audit-log', adminOnly: true },
  { name: 'returns', path: '/admin/returns', adminOnly: true },
];

/**
 * The screen has drawn what it read: its heading is up and nothing is loading (no spinner, no
 * progress bar, no busy grid). Axe must read the page a person reads, not its skeleton.
 */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(
    page.locator('[role="progressbar"]:not([aria-valuenow]), [aria-busy="true"]'),
  ).toHaveCount(0);
}

/**
 * Every transition has ended (a popover fading in, a drawer sliding): axe blends a half-faded
 * colour into its contrast, so it must read the final one. Endless animations do not count.
 */
export async function stillness(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/** Switches the system colour scheme (users here never saved a theme) and waits for the ground. */
export async function useMode(page: Page, mode: Mode): Promise<void> {
  await page.emulateMedia({ colorScheme: mode });
  await expect(page.locator('body')).toHaveCSS('background-color', GROUND[mode]);
}

/**
 * Axe's serious and critical findings on each screen, in each mode, as lines naming the user,
 * screen and mode (empty when all are clean). The page is signed in already and reused; each
 * screen is opened once and read in light mode, then again after the system turns dark (the
 * console follows it live, as a person's would).
 */
export async function screenViolations(
  page: Page,
  user: string,
  screens: readonly Screen[],
  shots?: (name: string) => string,
): Promise<string[]> {
  const found: string[] = [];
  for (const screen of screens) {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(`${stack().baseUrl}${screen.path}`);
    await settled(page);
    await screen.open?.(page);
    for (const mode of MODES) {
      await useMode(page, mode);
      await stillness(page);
      if (shots) await page.screenshot({ path: shots(`${user}-${screen.name}-${mode}`) });
      for (const v of await seriousViolations(page))
        found.push(`${user} ${screen.name} ${mode}: ${v}`);
    }
  }
  return found;
}

/** The widths every new screen is looked at: a desk, a laptop, a phone. */
export const LOOK_WIDTHS = [1440, 1280, 390] as const;

/**
 * Each look of what `target` shows (light and dark, at each of `LOOK_WIDTHS`), saved under `name`
 * in the test's output folder, each without a serious or critical axe finding; the page is left
 * light at 1440.
 */
export async function shootLooks(page: Page, name: string, target: Locator): Promise<void> {
  for (const mode of MODES) {
    await useMode(page, mode);
    for (const width of LOOK_WIDTHS) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await target.scrollIntoViewIfNeeded();
      // axe blends a colour still in transition into its contrast: read the final one.
      await stillness(page);
      await page.screenshot({ path: test.info().outputPath(`${name}-${width}-${mode}.png`) });
      expect(await seriousViolations(page), `${name} ${width} ${mode}`).toEqual([]);
    }
  }
  await useMode(page, 'light');
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** The details panel of a referral. */
export const panelOf = (page: Page, id: number): Locator =>
  page.getByRole('region', { name: new RegExp(`referral #${id}\\b`) });
