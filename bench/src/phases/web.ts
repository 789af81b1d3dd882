import type { Bench } from '../bench.js';
import { launchChromium, loadFirstRows, type FirstRows } from '../browser.js';
import { WEB_DIST } from '../stack.js';
import { summarize } from '../stats.js';
import { ROUTE_CHUNKS, routeSizes } from './webSize.js';

const PUBLIC_TARGET_KB = 250;

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

/**
 * Loads the public feed cold three times in headless Chromium and times its first rows on screen
 * (see `loadFirstRows`), with the time its main thread was free again beside them.
 */
async function firstRows(b: Bench): Promise<void> {
  const browser = await launchChromium();
  try {
    const runs: FirstRows[] = [];
    for (let i = 0; i < 3; i += 1) runs.push(await loadFirstRows(browser, b.relay.origin));
    const shown = summarize(runs.map((r) => r.shown));
    const idle = summarize(runs.map((r) => r.idle));
    const list = (f: (r: FirstRows) => number) => runs.map((r) => Math.round(f(r))).join(', ');
    b.rec.add({
      section: 'web',
      measure: 'public feed: navigation → first rows on screen (headless Chromium, cold)',
      value: shown?.p50 ?? null,
      unit: 'ms median of 3',
      detail: `runs ${list((r) => r.shown)} ms (rows in the document ${list((r) => r.inDom)}, first paint ${list((r) => r.fcp)}); main thread free again with the rows ${list((r) => r.idle)} ms (median ${Math.round(idle?.p50 ?? NaN)}); ${((runs[runs.length - 1]?.jsBytes ?? 0) / 1024).toFixed(0)} KB of JavaScript fetched (uncompressed: the relay does not compress)`,
      target: '≤ 1,000 ms median',
      met: shown ? shown.p50 <= 1000 : null,
    });
  } finally {
    await browser.close();
  }
}
