import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authUrl,
  callbackOf,
  formAction,
  startRealm,
  TestBrowser,
  type RealmServer,
} from './realm.testkit.js';

let realm: RealmServer;
beforeAll(async () => {
  realm = await startRealm();
});
afterAll(() => realm.close());

describe('login page', () => {
  it('shows an error on a wrong password, keeps the username and lets the user retry', async () => {
    const browser = new TestBrowser();
    const page = await browser.follow(await browser.get(authUrl(realm).url));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('name="username"');
    expect(html).toContain('type="password"');
    const action = formAction(html, page.url);

    const wrong = await browser.post(action, { username: 'producer', password: 'nope' });
    expect(wrong.status).toBe(200);
    const retry = await wrong.text();
    expect(retry).toContain('Invalid username or password.');
    expect(retry).toContain('value="producer"');

    const right = await browser.follow(
      await browser.post(formAction(retry, wrong.url), {
        username: 'producer',
        password: 'producer',
      }),
    );
    expect(right.status).toBe(303);
    expect(callbackOf(right).get('code')).toBeTruthy();
  });

  it('refuses an unknown user the same way as a wrong password', async () => {
    const browser = new TestBrowser();
    const page = await browser.follow(await browser.get(authUrl(realm).url));
    const res = await browser.post(formAction(await page.text(), page.url), {
      username: 'nobody',
      password: 'nobody',
    });
    expect(await res.text()).toContain('Invalid username or password.');
  });

  it('is one self-contained page: no scripts, stylesheets, images or other external assets', async () => {
    const browser = new TestBrowser();
    const page = await browser.follow(await browser.get(authUrl(realm).url));
    const html = await page.text();
    expect(html).not.toMatch(/<script|<link|<img|<iframe|\ssrc=|url\(/i);
  });

  it('escapes what the user typed', async () => {
    const browser = new TestBrowser();
    const page = await browser.follow(await browser.get(authUrl(realm).url));
    const res = await browser.post(formAction(await page.text(), page.url), {
      username: '"><script>x</script>',
      password: 'x',
    });
    const html = await res.text();
    expect(html).not.toContain('<script>x');
    expect(html).toContain('&quot;&gt;&lt;script&gt;');
  });

  it('answers a login post without its interaction cookie with an expiry page, not a crash', async () => {
    const browser = new TestBrowser();
    const page = await browser.follow(await browser.get(authUrl(realm).url));
    const action = formAction(await page.text(), page.url);
    const res = await fetch(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=admin&password=admin',
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('expired');
  });
});
