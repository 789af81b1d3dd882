import { describe, expect, it } from 'vitest';
import {
  ADMIN_UI,
  DEFAULT_DELIVERY_TIMEZONE,
  DRAG_DEFAULTS,
  FORM_LIMITS,
  FULL_DAY,
  GRID_COLUMNS,
  PHONE_PREFIX,
} from './constants.js';

describe('marketplace-admin §9 constants', () => {
  it.each<[string, unknown, unknown]>([
    ['toast duration is 7000 ms', ADMIN_UI.toastDurationMs, 7000],
    ['unsaved-changes dialog is 500 px wide', ADMIN_UI.dialogWidthPx, 500],
    ['delivery errors show 5 per page', ADMIN_UI.deliveryErrorsPageSize, 5],
    ['the service page size defaults to 10', ADMIN_UI.deliveryErrorsServicePageSize, 10],
    ['the first page is 1', ADMIN_UI.firstPage, 1],
    ['prepaid balances under 500 USD are red', ADMIN_UI.prepaidRedThresholdUsd, 500],
    ['lookups are debounced 1000 ms', ADMIN_UI.lookupDebounceMs, 1000],
    ['priorities are 1-based', ADMIN_UI.firstPriority, 1],
    ['drag starts after 5 px', DRAG_DEFAULTS.startThresholdPx, 5],
    ['drag auto-scrolls by 2', DRAG_DEFAULTS.autoScrollStep, 2],
    ['drag edge zone is 5%', DRAG_DEFAULTS.edgeZonePercent, 5],
    ['sources grid has 5 columns', GRID_COLUMNS.sources, 5],
    ['states grid has 7 columns', GRID_COLUMNS.states, 7],
    [
      'years in business 0-99 in 2 digits',
      FORM_LIMITS.yearsInBusiness,
      { min: 0, max: 99, digits: 2 },
    ],
    ['employees 0-999 in 3 digits', FORM_LIMITS.numberOfEmployees, { min: 0, max: 999, digits: 3 }],
    ['line counts 0-99 in 2 digits', FORM_LIMITS.businessLines, { min: 0, max: 99, digits: 2 }],
    ['referral limits are at least 1', FORM_LIMITS.referralLimitMin, 1],
    ['percent modifier is at least -100', FORM_LIMITS.percentModifierMin, -100],
    ['phone numbers have 10 digits', FORM_LIMITS.phoneDigits, 10],
    ['24-hour delivery spans 00:00:00-23:59:59', FULL_DAY, { start: '00:00:00', end: '23:59:59' }],
    ['new marketplaces deliver in Central time', DEFAULT_DELIVERY_TIMEZONE, 'America/Chicago'],
    ['phones are stored with +1', PHONE_PREFIX, '+1'],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });
});
