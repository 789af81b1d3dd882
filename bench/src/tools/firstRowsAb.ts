/**
 * First rows of the public feed, A/B: builds served by relays at each origin, loaded cold (a
 * fresh browser context per run) in one headless Chromium, alternating A, B, A, B ...:
 *   tsx src/tools/firstRowsAb.ts RUNS LABEL=ORIGIN LABEL=ORIGIN
 * Four times per run, from navigation (see `loadFirstRows`): `shown`, the rows first on screen
 * (the web phase's figure); `idle`, the page's main thread free again with the rows; `inDom`, a
 * row entered the document; `fcp`, the first contentful paint.
 */
import { launchChromium, loadFirstRows, type FirstRows } from '../browser.js';
import { summarize } from '../stats.js';

const [runsArg, ...targets] = process.argv.slice(2);
const runs = Number(runsArg);
const builds = targets.map((t) => {
  const [label, origin] = t.split('=');
  if (!label || !origin) throw new Error('usage: firstRowsAb RUNS LABEL=ORIGIN LABEL=ORIGIN');
  return { label, origin, runs: [] as FirstRows[] };
});
if (!(runs > 0) || builds.length < 2) throw new Error('usage: firstRowsAb RUNS LABEL=ORIGIN ...');

const browser = await launchChromium();
try {
  for (let i = 0; i < runs; i += 1) {
    for (const b of builds) b.runs.push(await loadFirstRows(browser, b.origin));
  }
} finally {
  await browser.close();
}
const line = (name: string, values: readonly number[]) =>
  `${name} median ${Math.round(summarize(values)?.p50 ?? NaN)} ms (${values.map((t) => Math.round(t)).join(', ')})`;
for (const b of builds) {
  const of = (f: (r: FirstRows) => number) => b.runs.map(f);
  process.stdout.write(
    `${b.label}, ${b.runs.length} runs: ${line(
      'shown',
      of((r) => r.shown),
    )}; ${line(
      'idle',
      of((r) => r.idle),
    )}; ${line(
      'inDom',
      of((r) => r.inDom),
    )}; ${line(
      'fcp',
      of((r) => r.fcp),
    )}\n`,
  );
}
