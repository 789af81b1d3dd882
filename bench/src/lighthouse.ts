import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { chromiumLaunchOptions } from '@referrals/shared/testing';
import { freePort, stopAll } from './procs.js';
import {
  CATEGORIES,
  FIGURES,
  writeLighthouse,
  type Category,
  type Run,
} from './lighthouseReport.js';
import { checkBuilt, ROOT, startRedis, startRelay, startSim } from './stack.js';

/**
 * Lighthouse (mobile and desktop, each run `--runs` times, 3 by default) on the public feed and
 * on the signed-in list, against a fresh stack of the built stand-in and relay, in Debian's
 * Chromium. `--label <name>` names the results file beside the latest one; `--reports <dir>` keeps
 * every run's whole report. `--pages public` runs the public feed alone.
 *   npm run lighthouse -w bench -- --runs 3 --label before
 */
const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i < 0 ? undefined : process.argv[i + 1];
};
const RUNS = Number(arg('--runs') ?? 3);
const LABEL = arg('--label');
/** Where each run's whole report (JSON) goes, when given: to read what a score is made of. */
const REPORTS = arg('--reports');
const SIGNED_IN_USER = 'producer';

const PAGES = [
  { name: 'public feed', path: '/public-referrals', signedIn: false },
  { name: 'signed-in list', path: '/admin/all-referrals', signedIn: true },
] as const;

/** Signs in through the realm's login page, in the browser's default context (Lighthouse's). */
async function signIn(context: BrowserContext, origin: string): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${origin}/admin/all-referrals`);
  await page.locator('#username').fill(SIGNED_IN_USER);
  await page.locator('#password').fill(SIGNED_IN_USER);
  await page.locator('#kc-login').click();
  await page.waitForURL((url) => url.toString().startsWith(`${origin}/admin`));
  await page.getByRole('grid').waitFor();
  await page.close();
}

/**
 * Lighthouse's own package, run by npx from npm's cache: as a dependency of the workspace it would
 * pull an older @opentelemetry/api over the relay's.
 */
export const LIGHTHOUSE = 'lighthouse@12.8.2';

/** What the bench reads of a Lighthouse report. */
interface Report {
  readonly runtimeError?: { readonly message: string };
  readonly categories: Readonly<Record<string, { readonly score: number | null } | undefined>>;
  readonly audits: Readonly<Record<string, { readonly numericValue?: number } | undefined>>;
}

const lighthouseCli = (args: string[]): Promise<string> =>
  new Promise((resolve, reject) => {
    execFile(
      'npx',
      ['--yes', LIGHTHOUSE, ...args],
      { maxBuffer: 256 << 20 },
      (err, stdout, stderr) =>
        err ? reject(new Error(`${err.message}\n${stderr.slice(-2000)}`)) : resolve(stdout),
    );
  });

/** One Lighthouse run; the numbers of the report that the results keep. */
async function runOnce(
  url: string,
  port: number,
  formFactor: 'mobile' | 'desktop',
  signedIn: boolean,
): Promise<Pick<Run, 'scores' | 'figures'>> {
  const json = await lighthouseCli([
    url,
    `--port=${port}`,
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    `--only-categories=${CATEGORIES.join(',')}`,
    ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
    // Lighthouse's reset would sign the user out; the cache is emptied by the caller instead.
    ...(signedIn ? ['--disable-storage-reset'] : []),
  ]);
  const lhr = JSON.parse(json) as Report;
  if (REPORTS) {
    mkdirSync(REPORTS, { recursive: true });
    const name = `${new URL(url).pathname.slice(1).replace(/\W+/g, '-')}-${formFactor}-${Date.now()}`;
    writeFileSync(path.join(REPORTS, `${name}.json`), json);
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const score = (c: Category) => {
    const s = lhr.categories[c]?.score;
    return typeof s === 'number' ? Math.round(s * 100) : null;
  };
  return {
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, score(c)])) as Run['scores'],
    figures: Object.fromEntries(
      Object.entries(FIGURES).map(([key, audit]) => [key, lhr.audits[audit]?.numericValue ?? null]),
    ) as Run['figures'],
  };
}

/** Lighthouse now and then loses its trace on a loaded machine (NO_NAVSTART): tries again. */
async function retried<T>(fn: () => Promise<T>, tries = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (i >= tries) throw err;
      process.stdout.write(`retrying: ${err instanceof Error ? err.message : String(err)}\n`);
    }
  }
}

async function main(): Promise<void> {
  checkBuilt();
  const loadBefore = loadavg();
  const redis = await startRedis();
  const relayPort = await freePort();
  const sim = await startSim(1800, `http://localhost:${relayPort}`);
  const relay = await startRelay({
    port: relayPort,
    sim,
    redisUrl: redis.url,
    prefix: `lh${process.pid}:`,
  });
  const cdpPort = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), 'bench-lighthouse-'));
  const launch = chromiumLaunchOptions(process.env);
  const context = await chromium.launchPersistentContext(profile, {
    ...launch,
    args: [...launch.args, `--remote-debugging-port=${cdpPort}`],
  });
  const runs: Run[] = [];
  let browserVersion = 'unknown';
  try {
    await signIn(context, relay.origin);
    const cdp = await context.newCDPSession(await context.newPage());
    browserVersion = (await cdp.send('Browser.getVersion')).product;
    for (const page of PAGES.filter((p) => arg('--pages') !== 'public' || !p.signedIn)) {
      for (const formFactor of ['mobile', 'desktop'] as const) {
        for (let i = 0; i < RUNS; i++) {
          // Every run a cold load: the signed-in run keeps its cookies, not its cached files.
          await cdp.send('Network.clearBrowserCache');
          const { scores, figures } = await retried(() =>
            runOnce(`${relay.origin}${page.path}`, cdpPort, formFactor, page.signedIn),
          );
          runs.push({ page: page.name, path: page.path, formFactor, scores, figures });
          process.stdout.write(`${page.name} ${formFactor} #${i + 1}: ${JSON.stringify(scores)}\n`);
        }
      }
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    await relay.proc.stop();
    await sim.proc.stop();
    await redis.stop();
    await stopAll();
  }
  const written = writeLighthouse(runs, {
    root: ROOT,
    label: LABEL,
    runsEach: RUNS,
    loadBefore,
    chromium: browserVersion,
  });
  process.stdout.write(`results: ${written}\n`);
}

main().then(
  () => process.exit(0),
  async (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    await stopAll();
    process.exit(1);
  },
);
