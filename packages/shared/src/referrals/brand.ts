import { PRODUCT_NAME } from '../domain/roles.js';

/** The two brand variants (section 1). */
export const BrandId = { TrustedChoice: 'trustedChoice', Product: 'product' } as const;
export type BrandId = (typeof BrandId)[keyof typeof BrandId];

/** The second-level domain that selects the trusted-choice brand (console.trustedchoice.com). */
export const TRUSTED_CHOICE_DOMAIN = 'trustedchoice';

/** What differs per brand: name, theme, links and the marketing info text. */
export interface Brand {
  readonly id: BrandId;
  readonly displayName: string;
  /** Theme token; the web maps it to a palette. */
  readonly theme: 'trustedChoice' | 'product';
  readonly demoLink: string;
  readonly marketingLink: string;
  /** The buy-now page of the marketing site ('Get Advantage Now'). */
  readonly buyNowLink: string;
  readonly signUpLink: string;
  readonly infoText: string;
}

/**
 * The brand for agents of the bridge company. The addresses are plausible placeholders until
 * marketing confirms them.
 */
export const TRUSTED_CHOICE_BRAND: Brand = {
  id: BrandId.TrustedChoice,
  displayName: 'Trusted Choice',
  theme: 'trustedChoice',
  demoLink: 'https://www.trustedchoice.com/agent-resources/advantage/demo/',
  marketingLink: 'https://www.trustedchoice.com/agent-resources/advantage/',
  buyNowLink: 'https://www.trustedchoice.com/agent-resources/advantage/buy-now/',
  signUpLink: 'https://www.trustedchoice.com/agent-resources/advantage/sign-up/',
  infoText:
    'Trusted Choice Advantage delivers high-intent, appetite-matched referrals from consumers ' +
    'looking for an independent agent.',
};

/** The brand for every other host; placeholder addresses on a reserved example domain. */
export const PRODUCT_BRAND: Brand = {
  id: BrandId.Product,
  displayName: PRODUCT_NAME,
  theme: 'product',
  demoLink: 'https://www.fulcrum.example/advantage/demo',
  marketingLink: 'https://www.fulcrum.example/advantage',
  buyNowLink: 'https://www.fulcrum.example/advantage/buy-now',
  signUpLink: 'https://www.fulcrum.example/advantage/sign-up',
  infoText:
    `${PRODUCT_NAME} Advantage delivers high-intent, inbound, appetite-matched insurance ` +
    'referrals to independent agents in real time.',
};

/** Every brand by id. */
export const BRANDS: Readonly<Record<BrandId, Brand>> = {
  trustedChoice: TRUSTED_CHOICE_BRAND,
  product: PRODUCT_BRAND,
};

/** Second-level domain of a host name, without port or trailing dot ('a.b.com:8080' → 'b'). */
export const secondLevelDomain = (host: string): string => {
  const labels = host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '').split('.');
  // A single label (localhost) is its own second-level domain.
  return labels.slice(-2)[0] ?? '';
};

/** The brand a host name selects. */
export const brandForHost = (host: string): Brand =>
  secondLevelDomain(host) === TRUSTED_CHOICE_DOMAIN ? TRUSTED_CHOICE_BRAND : PRODUCT_BRAND;
