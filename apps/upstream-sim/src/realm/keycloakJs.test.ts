/**
 * keycloak-js in a real browser against the dev realm: sign-in through the login page,
 * updateToken after the access token expired, logout. Drives Debian's chromium through
 * playwright-core (shared's launch options); skipped where it is absent (nothing downloads a browser).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { chromium, type Browser } from 'playwright-core';
import { chromiumLaunchOptions } from '@referrals/shared/testing';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { startRealm, type RealmServer } from './realm.testkit.js';

const launch = chromiumLaunchOptions(process.env);
const keycloakJs = createRequire(import.meta.url).resolve('keycloak-js');

/** The console stand-in: one page that signs in with keycloak-js and exposes it as window.kc. */
function consolePage(realmOrigin: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>console</title></head><body>
<script type="module">
import Keycloak from '/keycloak.js';
const kc = new Keycloak({ url: '${realmOrigin}', realm: 'referrals', clientId: 'referral-console' });
window.kc = kc;
kc.init({ onLoad: 'login-required', pkceMethod: 'S256', checkLoginIframe: false })
  .then((ok) => { window.signedIn = ok; }, (e) => { window.signInError = String(e); });
</script></body></html>`;
}

interface KcWindow {
  signedIn?: boolean;
  kc: {
    token: string;
    tokenParsed: { preferred_username: string; exp: number; realm_access: { roles: string[] } };
    refreshTokenParsed: { typ: string; exp: number };
    isTokenExpired(minValidity?: number): boolean;
    updateToken(minValidity: number): Promise<boolean>;
    logout(options: { redirectUri: string }): Promise<void>;
  };
}

describe.skipIf(!existsSync(launch.executablePath))('keycloak-js in chromium', () => {
  let realm: RealmServer;
  let browser: Browser;
  let consoleOrigin: string;
  let closeConsole: () => void;

  beforeAll(async () => {
    const app = express();
    const server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', resolve));
    consoleOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    closeConsole = () => {
      server.closeAllConnections();
      server.close();
    };
    realm = await startRealm({
      consoleOrigins: [consoleOrigin],
      accessTokenTtlSeconds: 2,
      refreshTokenTtlSeconds: 60,
    });
    app.get('/keycloak.js', (_req, res) => res.type('text/javascript').sendFile(keycloakJs));
    app.get(/^\/(?!keycloak\.js).*/, (_req, res) =>
      res.type('html').send(consolePage(realm.origin)),
    );
    browser = await chromium.launch({ ...launch, headless: true });
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
    await realm?.close();
    closeConsole?.();
  });

  it('signs in through the login page, refreshes after expiry and logs out', async () => {
    const page = await browser.newPage();
    // On failure, the pages visited and the browser console tell which step broke.
    const seen: string[] = [];
    page.on('console', (m) => seen.push(`console: ${m.text()}`));
    page.on('framenavigated', (f) => seen.push(`page: ${f.url()}`));
    onTestFailed(() => {
      process.stderr.write(`${seen.join('\n')}\n`);
    });
    await page.goto(`${consoleOrigin}/app`);
    await page.waitForSelector('#kc-form-login', { timeout: 8_000 });
    await page.fill('#username', 'carrier');
    await page.fill('#password', 'wrong');
    await page.click('#kc-login');
    await expect(page.locator('#input-error').textContent()).resolves.toContain('Invalid');
    await page.fill('#password', 'carrier');
    await page.click('#kc-login');
    await page.waitForFunction(
      () => (globalThis as unknown as KcWindow).signedIn === true,
      undefined,
      {
        timeout: 8_000,
      },
    );

    const first = await page.evaluate(() => {
      const { kc } = globalThis as unknown as KcWindow;
      return { token: kc.token, parsed: kc.tokenParsed, refresh: kc.refreshTokenParsed };
    });
    expect(first.parsed.preferred_username).toBe('carrier');
    expect(first.parsed.realm_access.roles).toEqual(['ROLE_CONSOLE_CARRIER']);
    expect(first.refresh.typ).toBe('Refresh');

    await page.waitForTimeout(2_500);
    const refreshed = await page.evaluate(async () => {
      const { kc } = globalThis as unknown as KcWindow;
      const expired = kc.isTokenExpired();
      const updated = await kc.updateToken(5);
      return { expired, updated, token: kc.token };
    });
    expect(refreshed).toMatchObject({ expired: true, updated: true });
    expect(refreshed.token).not.toBe(first.token);

    await Promise.all([
      page.waitForURL(`${consoleOrigin}/signed-out`),
      page.evaluate(
        (to) => (globalThis as unknown as KcWindow).kc.logout({ redirectUri: to }),
        `${consoleOrigin}/signed-out`,
      ),
    ]);
    // The session is gone: the console has to show the login page again.
    await page.goto(`${consoleOrigin}/app`);
    await page.waitForSelector('#kc-form-login', { timeout: 8_000 });
  }, 30_000);
});
