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
