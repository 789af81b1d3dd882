import { describe, expect, it } from 'vitest';
import type { Opportunity } from '../schemas/opportunity.js';
import type { ActionContext } from './actions.js';
import { referralAction } from './actions.js';
import { HOUR, NOW, ago, referral } from './fixtures.testkit.js';

/** A referral without contact data, so only the button rules apply. */
const masked = (overrides: Partial<Opportunity>) =>
  referral({ email: null, phone: null, ...overrides });

const act = (
  o: Opportunity,
  opts: { privileged?: boolean; context?: ActionContext; showPrices?: boolean } = {},
) =>
  referralAction({
    opportunity: o,
    privileged: opts.privileged ?? false,
    context: opts.context ?? 'list',
    showPrices: opts.showPrices ?? true,
    now: NOW,
  });

describe('agent-console §4 action buttons for agents', () => {
  it.each([
    [
      'with decay, shows the struck original price',
      { dynamicPrice: 25, discountPrice: 40 },
      { price: 25, wasPrice: 40 },
    ],
    [
      'without decay, shows no was price',
      { dynamicPrice: 40, discountPrice: 40 },
      { price: 40, wasPrice: null },
    ],
    [
      'without a discount price',
      { dynamicPrice: 40, discountPrice: null },
      { price: 40, wasPrice: null },
    ],
  ])('Available non-WT-CIR claims at dynamicPrice %s', (_name, prices, expected) => {
    expect(act(masked({ marketplaceStatus: 'Available', ...prices }))).toEqual({
      kind: 'claim',
      ...expected,
    });
  });

  it('Available WT-CIR offers Talk Now at the discount price with a phone icon', () => {
    const o = masked({
      marketplaceStatus: 'Available',
      opportunityType: 'WT-CIR',
      dynamicPrice: 25,
      discountPrice: 40,
    });
    expect(act(o)).toEqual({ kind: 'talkNow', price: 40, icon: 'phone' });
  });

  it.each([
    [
      'claim',
      masked({ marketplaceStatus: 'Available' }),
      { kind: 'claim', price: null, wasPrice: null },
    ],
    [
      'talk now',
      masked({ marketplaceStatus: 'Available', opportunityType: 'WT-CIR' }),
      { kind: 'talkNow', price: null, icon: 'phone' },
    ],
  ])('hides prices in the %s button when showPrices is off', (_name, o, expected) => {
    expect(act(o, { showPrices: false })).toEqual(expected);
  });

  it.each([
    ['Claimed', 'CIR', 'Claimed'],
    ['Settled', 'CIR', 'Settled'],
    ['On Hold', 'CIR', 'On Hold'],
    ['Incoming', 'CIR', 'Incoming'],
    ['Delivered', 'CIR', 'Delivered'],
    ['Assigned', 'CIR', 'Assigned'],
    ['Claimed', 'WT-CIR', 'Transferred'],
    ['Assigned', 'WT-CIR', 'Assigned'],
  ] as const)(
    '%s %s shows a %s button: a modal in lists, disabled in the panel',
    (status, type, label) => {
      const o = masked({ marketplaceStatus: status, opportunityType: type });
      expect(act(o, { context: 'list' })).toEqual({
        kind: 'statusButton',
        label,
        behaviour: 'openModal',
      });
      expect(act(o, { context: 'panel' })).toEqual({
        kind: 'statusButton',
        label,
        behaviour: 'disabled',
      });
    },
  );

  it.each(['Ineligible', 'Undefined'] as const)('%s has no action', (status) => {
    expect(act(masked({ marketplaceStatus: status }))).toEqual({ kind: 'none' });
  });
});

describe('agent-console §4 status lines for carriers and admins', () => {
  it.each([
    ['Claimed shows the sold price', { marketplaceStatus: 'Claimed' }, 'Claimed', 35, null],
    [
      'Available with decay shows dynamic and was price',
      { marketplaceStatus: 'Available' },
      'Available',
      25,
      40,
    ],
    [
      'Available WT-CIR shows no was price',
      { marketplaceStatus: 'Available', opportunityType: 'WT-CIR' },
      'Available',
      25,
      null,
    ],
    [
      'Available without dynamic price shows the discount price',
      { marketplaceStatus: 'Available', dynamicPrice: null },
      'Available',
      40,
      null,
    ],
    [
      'Available without decay',
      { marketplaceStatus: 'Available', dynamicPrice: 40 },
      'Available',
      40,
      null,
    ],
    ['Settled shows no price', { marketplaceStatus: 'Settled' }, 'Settled', null, null],
    ['Ineligible shows its status', { marketplaceStatus: 'Ineligible' }, 'Ineligible', null, null],
  ] as const)('%s', (_name, overrides, label, price, wasPrice) => {
    const o = masked(overrides);
    for (const context of ['list', 'panel'] as const) {
      expect(act(o, { privileged: true, context })).toEqual({
        kind: 'statusLine',
        label,
        price,
        wasPrice,
      });
    }
  });

  it('hides the prices when showPrices is off', () => {
    expect(
      act(masked({ marketplaceStatus: 'Available' }), { privileged: true, showPrices: false }),
    ).toEqual({
      kind: 'statusLine',
      label: 'Available',
      price: null,
      wasPrice: null,
    });
  });
});

describe('agent-console §4 full-contact panel line', () => {
  const today = { kind: 'today', time: '1:00 PM' } as const;

  it.each([
    ['claimed', { marketplaceStatus: 'Claimed' }, 'Claimed', 35, 'Claimed'],
    [
      'claimed without sold price',
      { marketplaceStatus: 'Claimed', soldPrice: null },
      'Claimed',
      null,
      'Claimed',
    ],
    [
      'claimed direct-call',
      { marketplaceStatus: 'Claimed', opportunityType: 'WT-CIR' },
      'Transferred',
      null,
      'Claimed',
    ],
    [
      'claimed whose row carries no sold price at all',
      { marketplaceStatus: 'Claimed', soldPrice: undefined },
      'Claimed',
      null,
      'Claimed',
    ],
    ['assigned', { marketplaceStatus: 'Assigned' }, 'Assigned', null, 'Assigned'],
    [
      'claimed with only a phone',
      { marketplaceStatus: 'Claimed', email: null },
      'Claimed',
      35,
      'Claimed',
    ],
    [
      'assigned with only an email',
      { marketplaceStatus: 'Assigned', phone: null },
      'Assigned',
      null,
      'Assigned',
    ],
  ] as const)('shows a %s referral with contact data', (_name, overrides, label, price, verb) => {
    const o = referral(overrides);
    const expected = {
      kind: 'fullContact',
      label,
      price,
      verb,
      when: today,
      agencyName: 'Lone Star Insurance',
    };
    expect(act(o, { context: 'panel' })).toEqual(expected);
    expect(act(o, { context: 'panel', privileged: true })).toEqual(expected);
  });

  it('dates an earlier claim with its day', () => {
    const o = referral({ marketplaceStatus: 'Claimed', lastModDate: ago(20 * HOUR) });
    expect(act(o, { context: 'panel' })).toMatchObject({
      when: { kind: 'date', date: '3/13/24', time: '6:00 PM' },
    });
  });

  it('leaves the date out when lastModDate is missing, and hides the price when asked', () => {
    const o = referral({ marketplaceStatus: 'Claimed', lastModDate: null, assignedAgency: null });
    expect(act(o, { context: 'panel', showPrices: false })).toMatchObject({
      kind: 'fullContact',
      price: null,
      when: null,
      agencyName: null,
    });
  });

  it('honours an explicit time zone', () => {
    const o = referral({ marketplaceStatus: 'Claimed' });
    const action = referralAction({
      opportunity: o,
      privileged: false,
      context: 'panel',
      showPrices: true,
      now: NOW,
      timeZone: 'UTC',
    });
    expect(action).toMatchObject({ when: { kind: 'today', time: '5:00 PM' } });
  });

  it.each([
    ['in a list', referral({ marketplaceStatus: 'Claimed' }), 'list'],
    ['without contact data', masked({ marketplaceStatus: 'Claimed' }), 'panel'],
    ['for other statuses', referral({ marketplaceStatus: 'Settled' }), 'panel'],
  ] as const)('is not shown %s', (_name, o, context) => {
    expect(act(o, { context }).kind).not.toBe('fullContact');
  });
});
