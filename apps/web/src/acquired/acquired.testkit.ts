import type { GridRow } from '../referrals/gridColumns';

/** A referral the agency bought today (added three days ago), with its contact details. */
export const bought = (id: number, o: Partial<GridRow> = {}): GridRow => ({
  opportunityId: id,
  opportunityType: 'CIR',
  marketplaceStatus: 'Claimed',
  addDate: new Date(Date.now() - 3 * 86_400_000).toISOString(),
  lastModDate: new Date().toISOString(),
  firstName: 'Ann',
  lastName: `Lee${id}`,
  phone: '5125550100',
  email: `ann${id}@example.com`,
  city: 'Austin',
  state: 'TX',
  category: 'COMMERCIAL',
  businessLines: ['CGLY'],
  soldPrice: 40,
  ...o,
});
