import { chromium, type Browser } from 'playwright-core';
import { chromiumLaunchOptions } from '@referrals/shared/testing';

/** What counts as the public feed's first rows: a rendered row of its table. */
export const FIRST_ROW = '.MuiDataGrid-row, [role="row"][data-rowindex], tbody tr';

/** Debian's headless Chromium, launched as the e2e suites launch it (nothing downloads a browser). */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch(chromiumLaunchOptions(process.env));

/** When, from navigation, a cold load of the public feed had its first rows (ms, page clock). */
export interface FirstRows {
  /** A row entered the document (a mutation observer set up before the page loads). */
  readonly inDom: number;
  /** The first contentful paint. */
  readonly fcp: number;
  /**
   * The rows were first on screen: the first paint when they came before it (a server-rendered
   * page), else the first frame after they came.
   */
  readonly shown: number;
  /** The selector matched and the page's main thread answered (scripts after the rows count). */
  readonly idle: number;
  /** JavaScript fetched, uncompressed. */
  readonly jsBytes: number;
}

// A string, not a function: tsx would wrap a function's inner names in a helper the page lacks.
const WATCH_ROWS = `const seen = () => {
  if (!document.querySelector(${JSON.stringify(FIRST_ROW)})) return;
  window.firstRowsAt = performance.now();
  requestAnimationFrame(() => { window.firstRowsFrameAt = performance.now(); });
  observer.disconnect();
};
const observer = new MutationObserver(seen);
observer.observe(document, { childList: true, subtree: true });`;

/** Loads the public feed at `origin` in a fresh context of `browser` and times its first rows. */
export async function loadFirstRows(browser: Browser, origin: string): Promise<FirstRows> {
  const context = await browser.newContext();
  try {
    await context.addInitScript({ content: WATCH_ROWS });
    const page = await context.newPage();
    let jsBytes = 0;
    page.on('response', (res) => {
      if (res.url().endsWith('.js'))
        void res.body().then(
          (body) => (jsBytes += body.length),
          () => undefined,
        );
    });
    await page.goto(`${origin}/public-referrals`, { waitUntil: 'commit', timeout: 30_000 });
    await page.waitForSelector(FIRST_ROW, { timeout: 30_000 });
    const idle = await page.evaluate(() => performance.now());
    await page.waitForFunction(() => 'firstRowsFrameAt' in window, undefined, { timeout: 30_000 });
    const marks = await page.evaluate(() => {
      const w = window as { firstRowsAt?: number; firstRowsFrameAt?: number };
      return {
        inDom: w.firstRowsAt ?? NaN,
        frame: w.firstRowsFrameAt ?? NaN,
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      };
    });
    const shown = marks.inDom <= marks.fcp ? marks.fcp : marks.frame;
    return { inDom: marks.inDom, fcp: marks.fcp, shown, idle, jsBytes };
  } finally {
    await context.close();
  }
}
