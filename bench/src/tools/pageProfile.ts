/**
 * A CPU profile of one cold page load in Debian's Chromium, with the CPU slowed as Lighthouse's
 * mobile run slows it (4×), against a fresh stack of the built stand-in and relay: to see what
 * the long tasks behind a Lighthouse figure are made of.
 *   tsx src/tools/pageProfile.ts [path=/public-referrals] [out=results/profiles/page.cpuprofile]
 *   tsx src/tools/longTasks.ts results/profiles/page.cpuprofile 50
 * Build the web app with `npx vite build --minify false` first to read its function names.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '@referrals/shared/testing';
import { freePort, stopAll } from '../procs.js';
import { checkBuilt, ROOT, startRedis, startRelay, startSim } from '../stack.js';

const pagePath = process.argv[2] ?? '/public-referrals';
const out = process.argv[3] ?? path.join(ROOT, 'bench/results/profiles/page.cpuprofile');
/** Lighthouse's mobile preset slows the CPU 4 times. */
const CPU_SLOWDOWN = 4;
/** Long enough for the hydration and the deferred socket after it. */
const SETTLE_MS = 6_000;
/** Lighthouse's mobile visitor: the relay renders the phone layout for it. */
const MOBILE_UA =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 ' +
  '(KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36';

const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8'];

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: unknown;
}

/**
 * The page's main-thread tasks over 30 ms, each with what it spent its time on (the trace events
 * directly under the task, summed by name): EvaluateScript, FunctionCall, ParseHTML, Layout...
 */
function longTasksOf(traceFile: string): string {
  const events = (JSON.parse(readFileSync(traceFile, 'utf8')) as { traceEvents: TraceEvent[] })
    .traceEvents;
  const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && (e.dur ?? 0) > 30_000);
  // The page's renderer: the one that parsed the page's HTML.
  const main = events.find(
    (e) => e.name === 'ParseHTML' && JSON.stringify(e.args ?? {}).includes(pagePath),
  );
  const start = Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));
  const lines: string[] = [];
  for (const t of tasks) {
    if (main && t.pid !== main.pid) continue;
    const end = t.ts + (t.dur ?? 0);
    const inside = events.filter(
      (e) => e.tid === t.tid && e.ph === 'X' && e !== t && e.ts >= t.ts && e.ts < end,
    );
    // Direct children: not inside another event of the task.
    const direct = inside.filter(
      (e) =>
        !inside.some(
          (o) =>
            o !== e &&
            o.ts <= e.ts &&
            o.ts + (o.dur ?? 0) >= e.ts + (e.dur ?? 0) &&
            (o.dur ?? 0) > (e.dur ?? 0),
        ),
    );
    const by = new Map<string, number>();
    for (const e of direct) by.set(e.name, (by.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
    const parts = [...by].sort((a, b) => b[1] - a[1]).slice(0, 4);
    lines.push(
      `${((t.dur ?? 0) / 1000).toFixed(0)} ms at ${((t.ts - start) / 1e6).toFixed(2)} s: ` +
        parts.map(([n, ms]) => `${n} ${ms.toFixed(0)}`).join(', '),
    );
  }
  return `${lines.join('\n')}\n`;
}

async function main(): Promise<void> {
  checkBuilt();
  const redis = await startRedis();
  const relayPort = await freePort();
  const sim = await startSim(1800, `http://localhost:${relayPort}`);
  const relay = await startRelay({ port: relayPort, sim, redisUrl: redis.url, prefix: 'pp:' });
  const browser = await chromium.launch(chromiumLaunchOptions(process.env));
  try {
    const page = await browser.newPage({
      viewport: { width: 412, height: 823 },
      userAgent: MOBILE_UA,
      isMobile: true,
      hasTouch: true,
    });
    // What the page logs (an instrumented build's traces) is printed as it comes.
    page.on('console', (m) => process.stdout.write(`console: ${m.text()}\n`));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    mkdirSync(path.dirname(out), { recursive: true });
    // The browser's own trace too: its tasks that run no script (parsing, style, layout).
    const trace = out.replace(/\.cpuprofile$/, '') + '.trace.json';
    await browser.startTracing(page, { path: trace, categories: TRACE_CATEGORIES });
    await page.goto(`${relay.origin}${pagePath}`);
    await page.waitForTimeout(SETTLE_MS);
    await browser.stopTracing();
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(out, JSON.stringify(profile));
    process.stdout.write(`profile: ${out}\ntrace: ${trace}\n${longTasksOf(trace)}`);
  } finally {
    await browser.close();
    await relay.proc.stop();
    await sim.proc.stop();
    await redis.stop();
    await stopAll();
  }
}

main().then(
  () => process.exit(0),
  async (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    await stopAll();
    process.exit(1);
  },
);
