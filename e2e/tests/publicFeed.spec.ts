import { expect, simControl, stack, test, type SimReferral } from '../src/fixtures.js';

test.describe('public feed, anonymous', () => {
  test('live updates arrive and no price, name, phone or email reaches the page or a WebSocket frame', async ({
    page,
  }) => {
    const frames: string[] = [];
    page.on('websocket', (ws) => {
      ws.on('framereceived', (f) =>
        frames.push(typeof f.payload === 'string' ? f.payload : f.payload.toString('utf8')),
      );
    });
    await page.goto(`${stack().baseUrl}/public-referrals`);
    await expect(page).toHaveTitle(/Insurance Referral Feed \| /);
    await expect(page.getByRole('grid')).toBeVisible();
    // The grid is in the server-rendered HTML: wait for the socket before the market changes, so
    // the change comes over it (a change made before would come with the page's catch-up read).
    await expect(page.locator('[data-state="live"]')).toBeVisible();

    const made = await simControl<SimReferral>('POST', '/__sim/referrals', {
      state: 'TX',
      city: 'Waxahachie',
      firstName: 'Zebulon',
      lastName: 'Quackenbush',
      phone: '5125550199',
      email: 'zebulon.quackenbush@example.com',
      dynamicPrice: 77.77,
      opportunityType: 'CIR',
    });
    // The referral appears without a reload: live over the socket.
    await expect(page.getByText('Waxahachie').first()).toBeVisible({ timeout: 10_000 });

    const text = await page.locator('body').innerText();
    for (const secret of ['Zebulon', 'Quackenbush', '5125550199', 'zebulon.quackenbush', '77.77']) {
      expect(text).not.toContain(secret);
      for (const frame of frames) expect(frame).not.toContain(secret);
    }
    expect(frames.some((f) => f.includes(String(made.opportunityId)))).toBe(true);
    for (const frame of frames) {
      for (const field of [
        '"dynamicPrice"',
        '"discountPrice"',
        '"soldPrice"',
        '"firstName"',
        '"lastName"',
        '"phone"',
        '"email"',
        '"address1"',
      ]) {
        expect(frame).not.toContain(field);
      }
    }
    await page.screenshot({ path: test.info().outputPath('public-feed.png'), fullPage: true });
  });
});

test.describe('public feed, server-rendered', () => {
  test('the first rows are in the HTML, styled, before any script runs', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const rows = page.locator('[role="row"][data-id]');
    // The relay's first render warms its worker: a request it cannot answer within a second
    // gets the app shell (nothing to see without scripts), the next the rendered feed.
    await expect(async () => {
      await page.goto(`${stack().baseUrl}/public-referrals`);
      expect(await rows.count()).toBeGreaterThan(0);
    }).toPass();
    await expect(page).toHaveTitle(/Insurance Referral Feed \| /);
    await expect(rows.first()).toBeVisible();
    // emotion's critical CSS came with the HTML: the header bar is the brand's colour already.
    const header = page.locator('header');
    expect(await header.evaluate((h) => getComputedStyle(h).position)).toBe('sticky');
    await context.close();
  });

  test('paints its rows before the app’s code runs, and fetches that code from the start', async ({
    page,
  }) => {
    await page.goto(`${stack().baseUrl}/public-referrals`);
    await expect(page.locator('[data-state="live"]')).toBeVisible();
    // The entry waits for a painted frame, then imports the app (src/main.tsx).
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      boot: performance.getEntriesByName('console-boot')[0]?.startTime ?? null,
    }));
    expect(timing.paint).not.toBeNull();
    expect(timing.boot).not.toBeNull();
    expect(timing.paint ?? Infinity).toBeLessThanOrEqual(timing.boot ?? 0);
    // Its code is linked in the head, so it loads while the page parses and paints.
    await expect(page.locator('head link[rel="modulepreload"][href^="/assets/boot-"]')).toHaveCount(
      1,
    );
  });

  test('hydrates without a mismatch, then goes live', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${stack().baseUrl}/public-referrals?state=TX`);
    await expect(page.locator('[data-state="live"]')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('TX - Texas');
    // React reports a mismatch as a recoverable error (#418, #423, #425 in production builds).
    expect(errors).toEqual([]);
  });
});
