import {
  expect,
  referralRow,
  signInToTexasList,
  simControl,
  type SimReferral,
  stack,
  test,
} from '../src/fixtures.js';

test.describe('token refresh', () => {
  test('a session outlives several 30 s tokens with no login prompt, and live updates keep coming', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const tokenRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/protocol/openid-connect/token'))
        tokenRequests.push(r.postData() ?? '');
    });
    await signInToTexasList(page, 'carrier');
    await expect(page.getByText('Live', { exact: true })).toBeVisible();

    // Three token lifetimes.
    await page.waitForTimeout(95_000);
    expect(
      tokenRequests.filter((body) => body.includes('grant_type=refresh_token')).length,
    ).toBeGreaterThanOrEqual(2);
    expect(page.url().startsWith(stack().baseUrl)).toBe(true);
    await expect(page.locator('#kc-login')).toHaveCount(0);

    const made = await simControl<SimReferral>('POST', '/__sim/referrals', {
      state: 'TX',
      city: 'Lampasas',
      opportunityType: 'CIR',
    });
    await expect(referralRow(page, made.opportunityId)).toBeVisible();
    await expect(page.getByText('Live', { exact: true })).toBeVisible();
  });
});
