import { describe, expect, it } from 'vitest';
import { agencyUserSchema } from '../schemas/admin.js';
import { allDays, newMarketplaceDefaults, type MarketplaceFormValues } from './formValues.js';
import {
  apply24Hours,
  applyDeliverToApi,
  applyPaymentOption,
  individualSettingsLocked,
  recipientRows,
  syncRecipients,
} from './transitions.js';

const base = (o: Partial<MarketplaceFormValues> = {}): MarketplaceFormValues => ({
  ...newMarketplaceDefaults(),
  ...o,
});

describe('marketplace-admin §4 payment option changes', () => {
  it.each([
    ['billed changes nothing else', 'BILLED', false, false, false],
    [
      'debit on a new marketplace forces email delivery',
      'DEBIT_PREPAID_BALANCE',
      false,
      true,
      false,
    ],
    [
      'debit on an existing marketplace also turns individual settings on',
      'DEBIT_PREPAID_BALANCE',
      true,
      true,
      true,
    ],
  ] as const)('%s', (_name, option, existing, email, individual) => {
    const v = applyPaymentOption(base(), option, existing);
    expect([
      v.paymentOption,
      v.deliverToEmailAddress,
      v.enableIndividualEmailDeliverySettings,
    ]).toEqual([option, email, individual]);
  });
});

describe('marketplace-admin §4 deliver-to-API switch', () => {
  it.each([
    [true, true, false],
    [false, true, true],
    [false, false, false],
  ])(
    'switching API delivery to %s with stored %s leaves individual settings %s',
    (on, stored, after) => {
      const v = applyDeliverToApi(
        base({ enableIndividualEmailDeliverySettings: true }),
        on,
        stored,
      );
      expect([v.deliverToApi, v.enableIndividualEmailDeliverySettings]).toEqual([on, after]);
      expect(individualSettingsLocked(v)).toBe(on);
    },
  );
});

describe('marketplace-admin §4 24-hour delivery switch', () => {
  it('on sets 00:00:00-23:59:59', () => {
    const w = apply24Hours(
      {
        deliver24Hours: false,
        referralDeliveryStartTime: '08:00:00',
        referralDeliveryEndTime: '17:00:00',
      },
      true,
    );
    expect(w).toEqual({
      deliver24Hours: true,
      referralDeliveryStartTime: '00:00:00',
      referralDeliveryEndTime: '23:59:59',
    });
  });

  it('off keeps the times', () => {
    const w = apply24Hours(
      {
        deliver24Hours: true,
        referralDeliveryStartTime: '00:00:00',
        referralDeliveryEndTime: '23:59:59',
      },
      false,
    );
    expect(w).toEqual({
      deliver24Hours: false,
      referralDeliveryStartTime: '00:00:00',
      referralDeliveryEndTime: '23:59:59',
    });
  });
});

describe('marketplace-admin §4 individual recipients', () => {
  const users = [
    agencyUserSchema.cast({
      emailAddress: 'A@acme.com',
      mobilePhone: '5125550101',
      mobilePhoneVerified: true,
    }),
    agencyUserSchema.cast({
      emailAddress: 'b@acme.com',
      mobilePhone: '5125550102',
      mobilePhoneVerified: false,
    }),
  ];
  const marketplace = base({
    id: 42,
    ...allDays(false),
    acceptReferralsOnFriday: true,
    deliver24Hours: false,
    referralDeliveryStartTime: '08:00:00',
    referralDeliveryEndTime: '17:00:00',
    referralDeliveryTimezone: 'America/Denver',
  });
  const rows = recipientRows(['a@acme.com', 'b@acme.com'], marketplace, users);

  it('creates one row per email that follows the marketplace days and times', () => {
    expect(rows.map((r) => r.emailAddress)).toEqual(['a@acme.com', 'b@acme.com']);
    expect(rows[0]).toMatchObject({
      marketplaceId: 42,
      sameDeliveryDaysAsMarketplace: true,
      sameDeliveryTimesAsMarketplace: true,
      acceptReferralsOnFriday: true,
      acceptReferralsOnMonday: false,
      referralDeliveryStartTime: '08:00:00',
      referralDeliveryTimezone: 'America/Denver',
      deliver24Hours: false,
    });
  });

  it('fills the mobile phone only from a verified agency user with the same email', () => {
    expect(rows.map((r) => r.mobilePhone)).toEqual(['5125550101', null]);
  });

  it('keeps an existing row of the same email, ignoring case', () => {
    const own = {
      ...rows[1]!,
      sameDeliveryDaysAsMarketplace: false,
      sameDeliveryTimesAsMarketplace: false,
      ...allDays(true),
      id: 8,
    };
    const again = recipientRows(
      ['B@ACME.COM'],
      { ...marketplace, individualEmailRecipientSettings: [own] },
      [],
    );
    expect(again).toEqual([own]);
  });

  it('refreshes following recipients when the marketplace changes, and leaves the others', () => {
    const own = {
      ...rows[1]!,
      sameDeliveryDaysAsMarketplace: false,
      sameDeliveryTimesAsMarketplace: false,
    };
    const changed = syncRecipients({
      ...marketplace,
      acceptReferralsOnSunday: true,
      deliver24Hours: true,
      referralDeliveryStartTime: '00:00:00',
      individualEmailRecipientSettings: [rows[0]!, own],
    });
    expect(changed.individualEmailRecipientSettings[0]).toMatchObject({
      acceptReferralsOnSunday: true,
      deliver24Hours: true,
      referralDeliveryStartTime: '00:00:00',
    });
    expect(changed.individualEmailRecipientSettings[1]).toEqual(own);
  });
});
