import { DEMO_USERS, type DemoUser } from '../demoUsers.js';
import { SOURCES } from './catalog.js';
import { aMarketplace, type MarketplaceSpec } from './marketplaceFactory.js';
import { STATE_CODES, type Marketplace } from '@referrals/shared';

const everyCategory = {
  acceptCommercialLines: true,
  acceptPersonalLines: true,
  acceptLifeAnnuitiesLines: true,
  acceptWarmTransfers: true,
} as const;

/**
 * The two house marketplaces: MARKETPLACE (id 1) sells to the open claim market and
 * CONSUMER_FUNNEL (id 2) takes the consumer-funnel source. Both buy everything and come last in
 * priority, as catch-alls behind the agencies.
 */
export function houseMarketplaces(creationDate: string, lastPriority: number): Marketplace[] {
  return [
    aMarketplace({
      id: 1,
      name: 'MARKETPLACE',
      agencyId: null,
      enabled: true,
      priority: lastPriority - 1,
      creationDate,
      appetite: everyCategory,
      extra: { billed: false, deliverToApi: false, deliveryApiUrl: null, deliveryApiType: null },
    }),
    aMarketplace({
      id: 2,
      name: 'CONSUMER_FUNNEL',
      agencyId: null,
      enabled: true,
      priority: lastPriority,
      creationDate,
      appetite: {
        ...everyCategory,
        excludedSources: SOURCES.filter((s) => s !== 'consumer-funnel'),
      },
      extra: { billed: false, marketplaceType: 'DURATION' },
    }),
  ];
}

/** States outside the producer agency's licence. */
const PRODUCER_SKIPS: ReadonlySet<string> = new Set([
  'AK',
  'CA',
  'CT',
  'HI',
  'MA',
  'NJ',
  'NY',
  'OR',
  'WA',
]);

/** Per demo marketplace: appetite and payment that give each role a useful view. */
const DEMO_SETUP: Readonly<Record<number, Pick<MarketplaceSpec, 'appetite' | 'extra'>>> = {
  // The producer's In-Appetite view must be busy yet differ from All Referrals: every category,
  // most states (not the coasts' largest), a few excluded industries.
  3: {
    appetite: {
      ...everyCategory,
      stateCodes: STATE_CODES.filter((s) => !PRODUCER_SKIPS.has(s)),
      excludedNaics: ['713990', '722410', '213112', '562910'],
    },
    extra: { debitPrepaidBalance: true, billed: false, premierPartnerMarketplace: true },
  },
  4: {
    appetite: {
      acceptCommercialLines: true,
      businessLineRequired: true,
      stateCodes: ['IA', 'IL', 'IN', 'MI', 'MN', 'MO', 'OH', 'WI'],
      riskAppetiteBusinessLines: [
        {
          riskAppetiteId: 4,
          businessLineCode: 'CAUT',
          businessLineCategory: 'COMMERCIAL',
          excluded: true,
        },
      ],
      numberOfEmployeesMax: 200,
      maxReferralsPerDay: 40,
    },
    extra: { marketplaceType: 'DURATION', referralDeliveryMethod: 'TIVLY', priceModifier: 1.1 },
  },
  5: {
    appetite: {
      acceptCommercialLines: true,
      acceptPersonalLines: true,
      stateCodes: ['IN', 'KY', 'MI', 'OH', 'PA', 'WV'],
    },
    extra: { debitPrepaidBalance: true, billed: false, referralDeliveryMethod: 'HUB' },
  },
  6: {
    appetite: {
      acceptPersonalLines: true,
      acceptLifeAnnuitiesLines: true,
      acceptWarmTransfers: true,
      stateCodes: ['AL', 'FL', 'GA', 'NC', 'SC', 'TN'],
    },
    extra: { applyDeliveredPrice: true, deliveredPrice: 42, priceModifier: 1 },
  },
};

/** The first demo user of each demo marketplace: its default purchasing agent. */
function demoBuyers(): Map<number, DemoUser[]> {
  const byMarketplace = new Map<number, DemoUser[]>();
  for (const u of DEMO_USERS) {
    if (u.marketplaceId === null || u.agencyId === null) continue;
    byMarketplace.set(u.marketplaceId, [...(byMarketplace.get(u.marketplaceId) ?? []), u]);
  }
  return byMarketplace;
}

/** One marketplace per demo agency, at the marketplace id DEMO_USERS gives. */
export function demoMarketplaces(creationDate: string): Marketplace[] {
  return [...demoBuyers()].map(([id, users], index) => {
    const first = users[0] as DemoUser;
    const setup: Pick<MarketplaceSpec, 'appetite' | 'extra'> = DEMO_SETUP[id] ?? {
      appetite: everyCategory,
    };
    const emails = users.map((u) => u.email);
    return aMarketplace({
      id,
      name: first.agencyName ?? `Marketplace ${id}`,
      agencyId: first.agencyId,
      enabled: true,
      priority: index + 1,
      creationDate,
      appetite: setup.appetite,
      extra: {
        defaultPurchasingAgentEmailAddress: first.email,
        phoneNumber: '+12145550100',
        deliverToEmailAddress: true,
        emailRecipients: emails,
        enableIndividualEmailDeliverySettings: true,
        individualEmailRecipientSettings: users.map((u, i) => ({
          id: id * 100 + i,
          marketplaceId: id,
          emailAddress: u.email,
          mobilePhone: null,
          enableSmsNotification: i === 0,
          notificationSequenceId: i + 1,
          sameDeliveryDaysAsMarketplace: true,
          acceptReferralsOnMonday: true,
          acceptReferralsOnTuesday: true,
          acceptReferralsOnWednesday: true,
          acceptReferralsOnThursday: true,
          acceptReferralsOnFriday: true,
          acceptReferralsOnSaturday: true,
          acceptReferralsOnSunday: true,
          sameDeliveryTimesAsMarketplace: true,
          referralDeliveryStartTime: '00:00:00',
          referralDeliveryEndTime: '23:59:59',
          referralDeliveryTimezone: 'America/Chicago',
        })),
        ...setup.extra,
      },
    });
  });
}
