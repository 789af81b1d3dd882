import { describe, expect, it } from 'vitest';
import {
  BRANDS,
  PRODUCT_BRAND,
  TRUSTED_CHOICE_BRAND,
  brandForHost,
  secondLevelDomain,
} from './brand.js';

describe('agent-console §1 brand from host', () => {
  it.each([
    ['console.trustedchoice.com', 'trustedchoice'],
    ['TRUSTEDCHOICE.COM', 'trustedchoice'],
    ['console.trustedchoice.com:8443', 'trustedchoice'],
    ['console.trustedchoice.com.', 'trustedchoice'],
    ['a.b.fulcrum.example', 'fulcrum'],
    ['localhost', 'localhost'],
    ['localhost:5173', 'localhost'],
    ['', ''],
  ])('reads the second-level domain of %j as %j', (host, sld) => {
    expect(secondLevelDomain(host)).toBe(sld);
  });

  it.each([
    ['console.trustedchoice.com', 'trustedChoice'],
    ['trustedchoice.com', 'trustedChoice'],
    ['agents.trustedchoice.org', 'trustedChoice'],
    ['trustedchoice.example.com', 'product'],
    ['nottrustedchoice.com', 'product'],
    ['console.fulcrum.example', 'product'],
    ['localhost', 'product'],
  ])('serves %s the %s brand', (host, id) => {
    expect(brandForHost(host).id).toBe(id);
  });

  it.each([
    [TRUSTED_CHOICE_BRAND, 'Trusted Choice', 'trustedChoice'],
    [PRODUCT_BRAND, 'Fulcrum', 'product'],
  ])('describes the %# brand fully', (brand, name, theme) => {
    expect(brand.displayName).toBe(name);
    expect(brand.theme).toBe(theme);
    expect(BRANDS[brand.id]).toBe(brand);
    for (const link of [brand.demoLink, brand.marketingLink, brand.buyNowLink, brand.signUpLink]) {
      expect(link).toMatch(/^https:\/\//);
    }
    expect(brand.infoText.length).toBeGreaterThan(0);
  });

  it('gives the brands different links', () => {
    expect(TRUSTED_CHOICE_BRAND.buyNowLink).not.toBe(PRODUCT_BRAND.buyNowLink);
    expect(TRUSTED_CHOICE_BRAND.demoLink).not.toBe(PRODUCT_BRAND.demoLink);
  });
});
