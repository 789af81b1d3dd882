import { describe, expect, it } from 'vitest';
import { CHROMIUM_FLAGS, chromiumLaunchOptions, SYSTEM_CHROMIUM } from './chromium.js';

describe('the headless Chromium launch of the e2e suites and the bench', () => {
  it('runs the system’s Chromium unless CHROMIUM_PATH names another', () => {
    expect(chromiumLaunchOptions({}).executablePath).toBe('/usr/bin/chromium');
    expect(SYSTEM_CHROMIUM).toBe('/usr/bin/chromium');
    expect(chromiumLaunchOptions({ CHROMIUM_PATH: '/opt/chromium/chrome' }).executablePath).toBe(
      '/opt/chromium/chrome',
    );
  });

  it('is headless, unsandboxed, without GPU and without background traffic', () => {
    expect(chromiumLaunchOptions({}).args).toEqual([
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ]);
  });

  it('hands each caller its own list of flags', () => {
    const first = chromiumLaunchOptions({});
    first.args.push('--mute-audio');
    expect(chromiumLaunchOptions({}).args).toEqual(CHROMIUM_FLAGS);
    expect(CHROMIUM_FLAGS).not.toContain('--mute-audio');
  });
});
