import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../src/fixtures.js';

const ASSETS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/web/dist/assets',
);

/**
 * Admin code: the admins' screens under apps/web/src/admin (their route names, which the side
 * navigation links to, excepted) and the libraries only those screens and the dashboard use.
 */
const isAdminCode = (source: string): boolean =>
  (/\/src\/admin\//.test(source) && !/\/src\/admin\/\w+\/\w+Route\.ts$/.test(source)) ||
  /node_modules\/(@dnd-kit|react-hook-form|@hookform|@mui\/x-charts|@mui\/x-data-grid)\//.test(
    source,
  );

/** Records the scripts the page loads, by file name. */
const recordScripts = (page: Page): string[] => {
  const files: string[] = [];
  page.on('response', (r) => {
    const name = new URL(r.url()).pathname.match(/^\/assets\/([\w.-]+\.js)$/)?.[1];
    if (name) files.push(name);
  });
  return files;
};

/** The modules built into the scripts (from their source maps) and their gzipped size. */
const contentsOf = (files: readonly string[]) => {
  const sources: string[] = [];
  let gzipBytes = 0;
  for (const f of new Set(files)) {
    const map = path.join(ASSETS, `${f}.map`);
    // Every chunk of modules has its map; only the bundler's own runtime has none.
    if (existsSync(map))
      sources.push(...(JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources);
    else expect(f).toMatch(/^rolldown-runtime-/);
    gzipBytes += gzipSync(readFileSync(path.join(ASSETS, f))).length;
  }
  return { sources, gzipKb: Math.round(gzipBytes / 102.4) / 10 };
};

test.describe('the split of the console bundle', () => {
  test("an agent's referral list loads no admin code", async ({ page }) => {
    const scripts = recordScripts(page);
    await signIn(page, 'producer', '/admin/all-referrals?state=TX');
    await expect(page.getByRole('grid').getByRole('row').nth(1)).toBeVisible();
    const { sources, gzipKb } = contentsOf(scripts);
    test.info().annotations.push({
      type: 'scripts',
      description: `${scripts.length} files, ${gzipKb} KB gzip`,
    });
    expect(sources.length).toBeGreaterThan(0);
    expect(sources.filter(isAdminCode)).toEqual([]);
  });

  test("an admin's marketplaces screen loads the admin code the agent's list goes without", async ({
    page,
  }) => {
    // The check above would also pass on source maps that named nothing: here it must find some.
    const scripts = recordScripts(page);
    await signIn(page, 'admin', '/admin/marketplaces');
    await expect(page.getByRole('heading', { name: 'All Marketplaces' })).toBeVisible();
    const { sources } = contentsOf(scripts);
    expect(sources.filter(isAdminCode).length).toBeGreaterThan(0);
  });
});
