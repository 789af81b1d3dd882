import type { Opportunity } from '../schemas/opportunity.js';

/** A fixed clock for rules: 2024-03-14 14:00 in New York (EDT, UTC-4). */
export const NOW = new Date('2024-03-14T18:00:00.000Z');

/** An ISO instant `ms` milliseconds before NOW (negative for the future). */
export const ago = (ms: number): string => new Date(NOW.getTime() - ms).toISOString();
export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;

/** A commercial Available referral with every field set, for overriding in tests. */
export const referral = (overrides: Partial<Opportunity> = {}): Opportunity => ({
  opportunityId: 101,
  searchId: 'search-101',
  opportunityType: 'CIR',
  marketplaceStatus: 'Available',
  marketplaceExpirationDate: ago(-10 * MINUTE),
  addDate: ago(2 * HOUR),
  lastModDate: ago(HOUR),
  category: 'COMMERCIAL',
  businessLines: ['CGLY', 'CWCP'],
  industryCode: '238220',
  industryDescription: 'Plumbing Contractors',
  industry: 'Construction',
  noOfEmployees: 12,
  yearsInBusiness: 7,
  estimatedPremium: 12500,
  age: 44,
  gender: 'F',
  medicalExam: false,
  currentlyInsured: true,
  prospectMessage: 'Please call after 5pm.',
  firstName: 'Dana',
  lastName: 'Reyes',
  phone: '5125550100',
  email: 'dana@example.com',
  businessName: 'Reyes Plumbing LLC',
  address1: '12 Main St',
  city: 'Austin',
  state: 'TX',
  postalCode: '78701',
  location: '30.2672,-97.7431',
  showVisualLocation: true,
  source: 'web-form',
  agenciesNotified: 4,
  assignedAgent: 'agent-7',
  assignedAgency: 'Lone Star Insurance',
  assignedPartner: 'Partner Co',
  dynamicPrice: 25,
  discountPrice: 40,
  soldPrice: 35,
  decayStatus: 'DECAYING',
  limitedTime: true,
  ...overrides,
});

/** Named instants around NOW, in New York wall-clock terms. */
export const DAY_FIXTURE = {
  /** 09:15 EDT today. */
  morning: '2024-03-14T13:15:00.000Z',
  /** 20:00 EDT yesterday. */
  yesterdayEvening: '2024-03-14T00:00:00.000Z',
} as const;
