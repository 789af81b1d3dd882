// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { renderPublicFeed } from '../entry-server';
import { aPublicReferral } from '../live/publicReferral.testkit';

// The relay's worker runs this server entry in Node, with the host the page was asked of.
const TEMPLATE =
  '<!doctype html><html><head><title>Insurance Referral Feed</title></head>' +
  '<body><div id="root"></div></body></html>';

/** The public feed's document as the relay has it rendered for a request to `host`. */
const feedFor = (host: string) =>
  renderPublicFeed(TEMPLATE, {
    url: '/public-referrals',
    host,
    basis: { now: Date.now(), timeZone: 'America/Chicago', mode: 'light', mobile: false },
    page: { seq: 3, content: [aPublicReferral(71, 5)], totalElements: 1 },
  });

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
/** The hosts the document's links lead to. */
const linkHosts = (html: string) =>
  [...html.matchAll(/href="(https?:\/\/[^"/]+)/g)].map((m) => new URL(m[1] ?? '').host);

describe('the server-rendered public feed, by host', () => {
  it('titles and heads a trusted-choice host Trusted Choice, its links on the trusted-choice site', async () => {
    const html = await feedFor('console.trustedchoice.com');
    expect(titleOf(html)).toBe('Insurance Referral Feed | Trusted Choice');
    expect(html).toContain('Trusted Choice Advantage');
    // Get a Demo, Buy Now and Sign Up in the header, Get a Demo in the footer.
    expect(linkHosts(html)).toEqual(Array(4).fill('www.trustedchoice.com'));
  });

  it('reads the domain whatever the port or case, as the browser reads location.host', async () => {
    const html = await feedFor('Feed.TrustedChoice.com:8443');
    expect(titleOf(html)).toBe('Insurance Referral Feed | Trusted Choice');
  });

  it('gives any other host the other brand, nothing of trusted-choice in it', async () => {
    const html = await feedFor('console.example.com');
    expect(titleOf(html)).toBe('Insurance Referral Feed | Fulcrum');
    expect(html).toContain('Fulcrum Advantage');
    expect(html.toLowerCase()).not.toContain('trusted');
  });

  it('paints each brand in its own colours', async () => {
    const styles = async (host: string) =>
      [...(await feedFor(host)).matchAll(/<style[^>]*>([^<]*)<\/style>/g)].map((m) => m[1]).join();
    expect(await styles('console.trustedchoice.com')).not.toBe(await styles('console.example.com'));
  });
});
