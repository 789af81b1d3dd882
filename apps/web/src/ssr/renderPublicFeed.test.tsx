// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { renderPublicFeed } from '../entry-server';
import { aPublicReferral } from '../live/publicReferral.testkit';

const TEMPLATE =
  '<html><head><title>x</title>' +
  '<script type="module" crossorigin src="/assets/index-a1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/chunk-b2.js">' +
  '</head><body><div id="root"></div></body></html>';

describe('the server-rendered public feed', () => {
  it('paints its rows without script and fetches the app code at low priority', async () => {
    const html = await renderPublicFeed(TEMPLATE, {
      url: '/public-referrals',
      host: 'localhost',
      basis: { now: Date.now(), timeZone: 'America/Chicago', mode: 'light', mobile: true },
      page: { seq: 1, content: [aPublicReferral(71, 5)], totalElements: 1 },
    });
    expect(html).toContain('data-id="71"');
    expect(html).toContain(
      '<script type="module" fetchpriority="low" crossorigin src="/assets/index-a1.js">',
    );
    expect(html).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/chunk-b2.js">',
    );
  });
});
