import type { Access } from '../referrals/access.js';
import type { Opportunity } from '../schemas/opportunity.js';

/** Which projection of a referral a room carries. */
export type ReferralAudience = 'public' | 'agent' | 'carrier' | 'admin';

/** The audience of a signed-in user: the projection of their referral lists and rooms. */
export type SignedInAudience = Exclude<ReferralAudience, 'public'>;

/**
 * Which projection a user gets, from their access: admins, then carriers, then agents (producers
 * and agency admins); anonymous visitors (no access) get the public one. The one definition the
 * rooms, the REST lists and the metrics read.
 */
export function audienceOf(access: Pick<Access, 'isAdmin' | 'isCarrier'>): SignedInAudience;
export function audienceOf(access: Pick<Access, 'isAdmin' | 'isCarrier'> | null): ReferralAudience;
export function audienceOf(access: Pick<Access, 'isAdmin' | 'isCarrier'> | null): ReferralAudience {
  if (access === null) return 'public';
  return access.isAdmin ? 'admin' : access.isCarrier ? 'carrier' : 'agent';
}

/** Picks exactly the listed keys: a projection is a whitelist, never a list of fields to remove. */
function pick<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const k of keys) out[k] = source[k];
  return out;
}

/** Fields every signed-in user sees in lists and the masked details panel: no contact details. */
export const SIGNED_IN_REFERRAL_FIELDS = [
  'opportunityId',
  'searchId',
  'opportunityType',
  'marketplaceStatus',
  'marketplaceExpirationDate',
  'addDate',
  'lastModDate',
  'category',
  'businessLines',
  'industryCode',
  'industryDescription',
  'industry',
  'noOfEmployees',
  'yearsInBusiness',
  'estimatedPremium',
  'age',
  'gender',
  'medicalExam',
  'currentlyInsured',
  'prospectMessage',
  'city',
  'state',
  'location',
  'showVisualLocation',
  'source',
  'assignedAgency',
  'assignedPartner',
  'dynamicPrice',
  'discountPrice',
  'soldPrice',
  'decayStatus',
  'limitedTime',
] as const satisfies readonly (keyof Opportunity)[];

/** Extra fields of the privileged columns (carriers and admins). */
export const PRIVILEGED_REFERRAL_FIELDS = [
  'agenciesNotified',
] as const satisfies readonly (keyof Opportunity)[];

/** A referral as an agent (producer, agency admin) sees it in lists. */
export type AgentReferral = Pick<Opportunity, (typeof SIGNED_IN_REFERRAL_FIELDS)[number]>;
/** A referral as a carrier or admin sees it in lists. */
export type PrivilegedReferral = AgentReferral &
  Pick<Opportunity, (typeof PRIVILEGED_REFERRAL_FIELDS)[number]>;
/** A referral in a signed-in list; agenciesNotified only for carriers and admins. */
export type ListReferral = AgentReferral & Partial<PrivilegedReferral>;

/** The name shown instead of a secondary partner's to everyone but admins (agent-console §2). */
export const SECONDARY_PARTNER_LABEL = 'Secondary Partner';

/** Projects a referral for a signed-in audience: contact details never leave the server here. */
export function projectListReferral(o: Opportunity, audience: SignedInAudience): ListReferral {
  const base: ListReferral = pick(o, SIGNED_IN_REFERRAL_FIELDS);
  if (audience !== 'admin' && base.assignedPartner) base.assignedPartner = SECONDARY_PARTNER_LABEL;
  if (audience === 'agent') return base;
  return { ...base, ...pick(o, PRIVILEGED_REFERRAL_FIELDS) };
}
