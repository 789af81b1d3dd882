import { describe, expect, it } from 'vitest';
import {
  DATE_FILTERS,
  DEFAULT_DATE_FILTERS,
  DEFAULT_SORTS,
  DROPDOWN,
  IDENTITY_TIMING,
  LAYOUT,
  LIMITS,
  PAGING,
  PRICES,
  TIMING,
  TOOLTIP,
  MOBILE_MEDIA_QUERY,
} from './constants.js';

describe('agent-console §9 business constants and limits', () => {
  it.each([
    ['available page size', PAGING.availablePageSize, 25],
    ['available first page', PAGING.availableFirstPage, 0],
    ['available initial total entries', PAGING.availableInitialTotalEntries, 200],
    ['acquired page size', PAGING.acquiredPageSize, 25],
    ['polling source page size', PAGING.pollingSourcePageSize, 10],
    ['polling source first page', PAGING.pollingSourceFirstPage, 0],
    ['sort-less size', PAGING.sortlessSize, 20],
    ['New threshold seconds', TIMING.newItemThresholdSeconds, 300],
    ['relative age Today after minutes', TIMING.relativeAgeTodayAfterMinutes, 31],
    ['countdown critical minutes', TIMING.countdownCriticalMinutes, 5],
    ['countdown minimum minutes', TIMING.countdownMinimumMinutes, 1],
    ['talk-now list price', PRICES.talkNowListPriceUsd, 30],
    ['URL max length', LIMITS.urlMaxLength, 100],
    ['token min validity s', IDENTITY_TIMING.tokenMinValiditySeconds, 20],
    ['login client token min validity s', IDENTITY_TIMING.loginClientTokenMinValiditySeconds, 5],
    ['login message timeout ms', IDENTITY_TIMING.loginMessageTimeoutMs, 10000],
    ['status check interval s', IDENTITY_TIMING.statusCheckIntervalSeconds, 5],
    ['callback state lifetime min', IDENTITY_TIMING.callbackStateLifetimeMinutes, 60],
    ['details panel width', LAYOUT.detailsPanelWidthPx, 470],
    ['street view width', LAYOUT.streetViewWidthPx, 300],
    ['street view height', LAYOUT.streetViewHeightPx, 200],
    ['mobile breakpoint', LAYOUT.mobileBreakpointPx, 768],
    ['tooltip show delay', TOOLTIP.showDelayMs, 0],
    ['tooltip hide delay', TOOLTIP.hideDelayMs, 200],
    ['tooltip placement', TOOLTIP.placement, 'right'],
    ['tooltip flip placement', TOOLTIP.fallbackPlacement, 'left'],
    ['typeahead debounce', DROPDOWN.typeaheadDebounceMs, 200],
    ['state dropdown max height %', DROPDOWN.stateDropdownMaxHeightPercentOfViewport, 50],
    ['empty list text', DROPDOWN.emptyText, 'No results.'],
    ['admin list date filter', DEFAULT_DATE_FILTERS.adminList, '48hours'],
    ['acquired date filter', DEFAULT_DATE_FILTERS.acquired, '48hours'],
    ['public feed date filter', DEFAULT_DATE_FILTERS.publicFeed, '72hours'],
  ])('pins %s', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('offers the date filter set in order', () => {
    expect(DATE_FILTERS).toEqual(['24hours', '48hours', '72hours', '7days', '30days']);
  });

  it.each([
    [
      'available and all lists',
      DEFAULT_SORTS.availableAndAll,
      { key: 'addDate', direction: 'desc' },
    ],
    ['acquired', DEFAULT_SORTS.acquired, { key: 'lastModDate', direction: 'desc' }],
    [
      'non-privileged users',
      DEFAULT_SORTS.nonPrivileged,
      { key: 'marketplaceExpirationDate', direction: 'asc' },
    ],
  ])('sorts %s by default as the spec says', (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it('stacks the lists at 768px wide and below (max-width includes its value)', () => {
    expect(MOBILE_MEDIA_QUERY).toBe('(max-width:768px)');
  });
});
