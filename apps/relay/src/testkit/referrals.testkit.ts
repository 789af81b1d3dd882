/**
 * A referral for room and fan-out tests: Available in Austin, TX, with a name, a phone and a
 * price, so a test can see which projection a room sends.
 */
import { opportunitySchema, type Opportunity } from '@referrals/shared';

export const referralWithContact = (id: number, over: Partial<Opportunity> = {}): Opportunity =>
  opportunitySchema.cast({
    opportunityId: id,
    opportunityType: 'CIR',
    marketplaceStatus: 'Available',
    addDate: '2026-11-21T10:00:00Z',
    state: 'TX',
    city: 'Austin',
    firstName: 'Jane',
    phone: '5125550100',
    dynamicPrice: 40,
    ...over,
  });
