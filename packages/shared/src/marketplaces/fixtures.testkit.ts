import { riskAppetiteSchema, type RiskAppetite } from '../schemas/marketplace.js';
import { opportunitySchema, type Opportunity } from '../schemas/opportunity.js';

/** A wide-open commercial appetite in Texas, to be narrowed by each test. */
export const anAppetite = (overrides: Partial<RiskAppetite> = {}): RiskAppetite => ({
  ...riskAppetiteSchema.cast({}),
  stateCodes: ['TX'],
  acceptCommercialLines: true,
  acceptPersonalLines: true,
  acceptLifeAnnuitiesLines: true,
  acceptCommercialInsured: true,
  acceptCommercialUninsured: true,
  acceptPersonalInsured: true,
  acceptPersonalUninsured: true,
  acceptMedicalExamConsent: true,
  acceptMedicalExamRefusal: true,
  ...overrides,
});

/** A complete commercial referral in Texas, to be varied by each test. */
export const aReferral = (overrides: Partial<Opportunity> = {}): Opportunity => ({
  ...opportunitySchema.cast({
    opportunityId: 1,
    opportunityType: 'CIR',
    marketplaceStatus: 'Available',
    addDate: '2024-05-01T12:00:00Z',
  }),
  category: 'COMMERCIAL',
  businessLines: ['CGLY'],
  industryCode: '238220',
  yearsInBusiness: 5,
  noOfEmployees: 10,
  estimatedPremium: 2500,
  currentlyInsured: true,
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '5125550100',
  email: 'ada@example.com',
  city: 'Austin',
  state: 'TX',
  postalCode: '78701',
  source: 'web',
  dynamicPrice: 40,
  ...overrides,
});
