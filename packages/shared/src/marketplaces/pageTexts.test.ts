import { describe, expect, it } from 'vitest';
import {
  ADMIN_ROUTES,
  capitalizeWords,
  formLeaveNeedsConfirmation,
  LIST_PAGE_TITLE,
  LIST_TEXTS,
  marketplaceFormHeading,
  marketplacePageTitle,
  parseMarketplaceRouteId,
  UNSAVED_CHANGES_DIALOG,
} from './pageTexts.js';
import { BRANDS } from '../referrals/brand.js';

describe('marketplace-admin §2 titles, headings and routes', () => {
  it.each([
    ['list title', LIST_PAGE_TITLE, 'All Marketplaces | Fulcrum'],
    ['creation title', marketplacePageTitle(null, BRANDS.product), 'Create Marketplace | Fulcrum'],
    [
      'edit title capitalizes the name',
      marketplacePageTitle('acme insurance', BRANDS.product),
      'Acme Insurance Marketplace | Fulcrum',
    ],
    [
      'the title names the brand of the host',
      marketplacePageTitle('acme', BRANDS.trustedChoice),
      'Acme Marketplace | Trusted Choice',
    ],
    ['upper-case names are title-cased', capitalizeWords('CONSUMER FUNNEL'), 'Consumer Funnel'],
    ['edit heading', marketplaceFormHeading('acme'), 'Marketplace: acme'],
    ['creation heading', marketplaceFormHeading(null), 'Marketplace: Creation'],
    ['marketplace route', ADMIN_ROUTES.marketplace(42), '/admin/marketplaces/42'],
    ['list route', ADMIN_ROUTES.marketplaces, '/admin/marketplaces'],
    ['fallback route', ADMIN_ROUTES.fallback, '/admin/all-referrals'],
    ['save button', LIST_TEXTS.save, 'Save Updates'],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it.each([
    ['new', { mode: 'create' }],
    ['42', { mode: 'edit', id: 42 }],
    ['4.2', { mode: 'invalid' }],
    ['abc', { mode: 'invalid' }],
    ['', { mode: 'invalid' }],
  ])('route id %j reads as %j', (param, route) => {
    expect(parseMarketplaceRouteId(param)).toEqual(route);
  });
});

describe('marketplace-admin §4 unsaved-changes guard', () => {
  it('has the exact dialog texts and width', () => {
    expect(UNSAVED_CHANGES_DIALOG).toEqual({
      title: 'Unsaved Changes',
      message:
        'If you navigate away from the page your unsaved changes will be lost. Do you want to continue editing or discard your unsaved changes?',
      discardLabel: 'Discard Changes',
      continueLabel: 'Continue Editing',
      widthPx: 500,
      closeOnOutsideClick: false,
    });
  });

  it.each([
    [false, false, false],
    [true, false, true],
    [true, true, false],
  ])('unsaved %s, just created %s: asks %s', (unsaved, created, asks) => {
    expect(formLeaveNeedsConfirmation(unsaved, created)).toBe(asks);
  });
});
