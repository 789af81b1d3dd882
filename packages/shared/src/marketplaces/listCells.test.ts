import { describe, expect, it } from 'vitest';
import {
  categoryLabels,
  dailyLimitCell,
  deliveredPriceText,
  formatUsdOrZero,
  isSpecialMarketplace,
  prepaidBalanceCell,
} from './listCells.js';
import {
  calendarDay,
  formatShortUsDate,
  formatUsDateTime,
  formatUsTime,
  parseDate,
} from './dates.js';

describe('marketplace-admin §9 Delivered Price column', () => {
  it.each([
    [true, 25, 1, '$25.00'],
    [true, null, 1.2, '$0.00'],
    [false, 30, 1, 'Marketplace'],
    [false, null, 1.1, '+10%'],
    [false, null, 0.85, '-15%'],
    [false, null, 1.075, '+7.5%'],
  ])(
    'applied %s, price %s, modifier %s shows %j',
    (applyDeliveredPrice, deliveredPrice, priceModifier, text) => {
      expect(deliveredPriceText({ applyDeliveredPrice, deliveredPrice, priceModifier })).toBe(text);
    },
  );
});

describe('marketplace-admin §9 Prepaid Balance column', () => {
  it.each([
    [
      'a prepaid balance of 1,234.5',
      'Acme',
      false,
      true,
      1234.5,
      { text: '$1,234.50', colour: 'default' },
    ],
    ['a balance under 500 in red', 'Acme', false, true, 499.99, { text: '$499.99', colour: 'red' }],
    ['exactly 500 not red', 'Acme', false, true, 500, { text: '$500.00', colour: 'default' }],
    [
      'a missing balance as $0.00 in red',
      'Acme',
      false,
      true,
      undefined,
      { text: '$0.00', colour: 'red' },
    ],
    [
      'Billed for billed without prepaid debit',
      'Acme',
      true,
      false,
      900,
      { text: 'Billed', colour: 'default' },
    ],
    ['nothing for neither', 'Acme', false, false, 900, null],
    ['nothing for MARKETPLACE', 'MARKETPLACE', false, true, 900, null],
    ['nothing for CONSUMER_FUNNEL', 'CONSUMER_FUNNEL', true, false, 900, null],
  ])('shows %s', (_name, marketplaceName, billed, debitPrepaidBalance, balance, cell) => {
    expect(prepaidBalanceCell({ marketplaceName, billed, debitPrepaidBalance }, balance)).toEqual(
      cell,
    );
  });
});

describe('marketplace-admin §9 Daily Limit column', () => {
  const m = (maxReferralsPerDay: number | null, marketplaceName = 'Acme') => ({
    marketplaceName,
    riskAppetite: { maxReferralsPerDay },
  });
  it.each([
    ['sent / max', m(10), 4, { text: '4 / 10', colour: 'default' }],
    ['green once reached', m(10), 10, { text: '10 / 10', colour: 'green' }],
    ['0 sent without a stat', m(10), undefined, { text: '0 / 10', colour: 'default' }],
    ['No Limits without a daily max', m(null), 4, { text: 'No Limits', colour: 'default' }],
    ['nothing for MARKETPLACE', m(10, 'MARKETPLACE'), 4, null],
  ])('shows %s', (_name, marketplace, sent, cell) => {
    const stat = sent === undefined ? undefined : { totalReferralsDeliveredToday: sent };
    expect(dailyLimitCell(marketplace, stat)).toEqual(cell);
  });
});

describe('marketplace-admin §9 Categories column', () => {
  it.each([
    [true, true, true, ['PL', 'CL', 'L&A']],
    [false, true, false, ['CL']],
    [true, false, false, ['PL']],
    [false, false, true, ['L&A']],
    [false, false, false, []],
  ])('personal %s, commercial %s, life %s shows %j', (p, c, l, labels) => {
    expect(
      categoryLabels({
        acceptPersonalLines: p,
        acceptCommercialLines: c,
        acceptLifeAnnuitiesLines: l,
      }),
    ).toEqual(labels);
  });

  it('knows the special names', () => {
    expect([isSpecialMarketplace('MARKETPLACE'), isSpecialMarketplace('Acme')]).toEqual([
      true,
      false,
    ]);
  });

  it('formats a missing amount as $0.00', () => {
    expect(formatUsdOrZero(null)).toBe('$0.00');
  });
});

describe('marketplace-admin §9 US dates', () => {
  const d = new Date('2024-05-01T20:05:00Z');
  it.each([
    [
      'date and time with short month',
      formatUsDateTime(d, 'America/Chicago'),
      'May 1, 2024, 3:05 PM',
    ],
    ['the same instant in another zone', formatUsDateTime(d, 'Asia/Tokyo'), 'May 2, 2024, 5:05 AM'],
    ['time only', formatUsTime(d, 'America/New_York'), '4:05 PM'],
    ['short date m/d/yy', formatShortUsDate(new Date('2009-01-07T12:00:00Z'), 'UTC'), '1/7/09'],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('counts calendar days in the given zone', () => {
    expect(calendarDay(d, 'Asia/Tokyo') - calendarDay(d, 'America/Chicago')).toBe(1);
  });

  it.each<[string | null | undefined, boolean]>([
    ['2024-05-01T20:05:00Z', true],
    ['', false],
    [null, false],
    [undefined, false],
    ['yesterday', false],
  ])('parses %j: %s', (text, ok) => {
    expect(parseDate(text) !== null).toBe(ok);
  });
});
