import type { Page } from '@playwright/test';
import { seriousViolations } from '../src/axe.js';
import { MODES, useMode } from '../src/axeScreens.js';
import { expect, signIn, stack, test } from '../src/fixtures.js';

test.describe('accessibility (axe-core)', () => {
  for (const mode of MODES) {
    test(`the public feed in ${mode} mode has no serious or critical violation`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme: mode });
      await page.goto(`${stack().baseUrl}/public-referrals`);
      await useMode(page, mode);
      await expect(page.getByRole('grid').getByRole('row').nth(1)).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

/** What the element the keyboard is on draws around itself, and what it is. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    // A switch's or checkbox's input is invisible by design: its ring is on the visible base.
    const drawn = el.tagName === 'INPUT' ? (el.closest('.MuiButtonBase-root') ?? el) : el;
    const style = getComputedStyle(drawn);
    return {
      tag: el.tagName.toLowerCase(),
      role: el.getAttribute('role'),
      name: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40),
      type: el.getAttribute('type'),
      // Text fields and selects show focus with their own 2 px border, in the primary colour.
      field: el.closest('.MuiInputBase-root.Mui-focused') !== null,
      outlineStyle: style.outlineStyle,
      outlineWidth: Number.parseFloat(style.outlineWidth),
      boxShadow: style.boxShadow,
    };
  });

/**
 * Keyboard focus is a ring a person sees (a solid outline), not a faint ripple: every control
 * the Tab key reaches on the list screen (links, buttons, toggle buttons, the switch) draws an
 * outline at least 2 px wide; the grid's cells an inset ring.
 */
test('each control reached with Tab draws a visible focus ring', async ({ page }) => {
  await signIn(page, 'producer');
  await expect(page.locator('[role="grid"][aria-busy="false"]')).toBeVisible();
  const seen: string[] = [];
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const at = await focused(page);
    if (!at) continue;
    if (at.field) continue;
    seen.push(`${at.tag}[${at.role ?? ''}] ${at.name}`);
    // The grid's cells ring themselves inside (an outline would be cut by the next cell).
    if (at.role === 'gridcell' || at.role === 'columnheader') {
      expect(at.boxShadow, `cell "${at.name}" has no ring`).not.toBe('none');
      continue;
    }
    expect(at.outlineStyle, `${at.tag} "${at.name}" has no outline`).not.toBe('none');
    expect(at.outlineWidth, `${at.tag} "${at.name}" outline`).toBeGreaterThanOrEqual(2);
  }
  // The walk met each kind: a link, a button, a toggle button, the switch, the grid.
  expect(seen.some((s) => s.startsWith('a['))).toBe(true);
  expect(seen.some((s) => s.startsWith('button['))).toBe(true);
  expect(seen.some((s) => s.startsWith('input['))).toBe(true);
  expect(seen.some((s) => /\[(gridcell|columnheader)\]/.test(s))).toBe(true);
});
