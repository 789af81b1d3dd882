import { chromium } from 'playwright-core';
import type { Bench } from '../bench.js';
import { WEB_DIST } from '../stack.js';
import { summarize } from '../stats.js';
import { ROUTE_CHUNKS, routeSizes } from './webSize.js';

const PUBLIC_TARGET_KB = 250;
const ROW = '.MuiDataGrid-row, [role="row"][data-rowindex], tbody tr';

/** Gzipped JavaScript per route from the built assets, and time to first rows in Chromium. */
export async function runWeb(b: Bench): Promise<void> {
  const sizes = routeSizes(WEB_DIST);
  if (!sizes) {
    for (const r of ROUTE_CHUNKS) {
      b.rec.add({
        section: 'web',
        measure: `gzipped JavaScript: ${r.name}`,
        value: 'not built yet',
        unit: '',
        ...(r.name === 'public feed' ? { target: `≤ ${PUBLIC_TARGET_KB} KB gzip`, met: null } : {}),
      });
    }
    return;
  }
  for (const s of sizes) {
    const kb = Math.round((s.gzipBytes / 1024) * 10) / 10;
    b.rec.add({
      section: 'web',
      measure: `gzipped JavaScript: ${s.name}`,
      value: kb,
      unit: 'KB gzip',
      detail: `${(s.rawBytes / 1024).toFixed(0)} KB raw in ${s.files.length} files (${s.files.join(', ')})${s.missing.length > 0 ? `; chunks not found: ${s.missing.join(', ')}` : ''}`,
      ...(s.name === 'public feed'
        ? { target: `≤ ${PUBLIC_TARGET_KB} KB gzip`, met: kb <= PUBLIC_TARGET_KB }
        : {}),
    });
  }
  await firstRows(b);
}

/** Loads the public feed cold three times in headless Chromium and times the first rendered row. */
async function firstRows(b: Bench): Promise<void> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const times: number[] = [];
    let jsBytes = 0;
    for (let i = 0; i < 3; i += 1) {
      const context = await browser.newContext();
      const page = await context.newPage();
      let bytes = 0;
      page.on('response', (res) => {
        if (res.url().endsWith('.js'))
          void res.body().then(
            (body) => (bytes += body.length),
            () => undefined,
          );
      });
      await page.goto(`${b.relay.origin}/public-referrals`, {
        waitUntil: 'commit',
        timeout: 30_000,
      });
      await page.waitForSelector(ROW, { timeout: 30_000 });
      times.push(await page.evaluate(() => performance.now()));
      jsBytes = bytes;
      await context.close();
    }
    const s = summarize(times);
    b.rec.add({
      section: 'web',
      measure: 'public feed: navigation → first rows (headless Chromium, cold)',
      value: s?.p50 ?? null,
      unit: 'ms median of 3',
      detail: `runs ${times.map((t) => Math.round(t)).join(', ')} ms; ${(jsBytes / 1024).toFixed(0)} KB of JavaScript fetched (uncompressed: the relay does not compress)`,
    });
  } finally {
    await browser.close();
  }
}
