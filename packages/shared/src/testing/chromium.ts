/** Where Debian installs Chromium: the browser the e2e suites and the bench run. */
export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/**
 * The flags of a headless Chromium in a container: no sandbox (no user namespaces there), no GPU,
 * and none of the background traffic (component updates, sync) a measurement or a suite would
 * otherwise share the machine with.
 */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** What the launch reads of the environment: `CHROMIUM_PATH`, another executable. */
export interface ChromiumEnv {
  readonly CHROMIUM_PATH?: string | undefined;
}

/**
 * How the e2e suites (Playwright's `launchOptions`) and the bench (playwright-core's `launch`)
 * start the system's headless Chromium: nothing downloads a browser. A fresh object each time,
 * so a caller may add to its flags.
 */
export const chromiumLaunchOptions = (env: ChromiumEnv) => ({
  executablePath: env.CHROMIUM_PATH ?? SYSTEM_CHROMIUM,
  args: [...CHROMIUM_FLAGS],
});
