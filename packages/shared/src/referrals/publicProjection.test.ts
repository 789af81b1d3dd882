import { describe, expect, it } from 'vitest';
import { opportunitySchema } from '../schemas/opportunity.js';
import { referral } from './fixtures.testkit.js';
import { PUBLIC_REFERRAL_FIELDS, toPublicReferral } from './publicProjection.js';

/** Fields the anonymous feed must never see: prices, people, contact, notes, agencies, partners. */
const FORBIDDEN = [
  'dynamicPrice',
  'discountPrice',
  'soldPrice',
  'decayStatus',
  'firstName',
  'lastName',
  'businessName',
  'phone',
  'email',
  'address1',
  'postalCode',
  'location',
  'prospectMessage',
  'agenciesNotified',
  'assignedAgent',
  'assignedAgency',
  'assignedPartner',
];

const ALL_KEYS = Object.keys(opportunitySchema.fields);
const o = referral();

describe('agent-console §2 public feed projection', () => {
  it('keeps exactly the whitelisted fields with their values', () => {
    const p = toPublicReferral(o);
    expect(Object.keys(p).sort()).toEqual([...PUBLIC_REFERRAL_FIELDS].sort());
    for (const key of PUBLIC_REFERRAL_FIELDS) expect(p[key]).toEqual(o[key]);
  });

  it('whitelists only fields the schema has', () => {
    for (const key of PUBLIC_REFERRAL_FIELDS) expect(ALL_KEYS).toContain(key);
  });

  it('names only schema fields as forbidden, none of them whitelisted', () => {
    for (const key of FORBIDDEN) {
      expect(ALL_KEYS).toContain(key);
      expect(PUBLIC_REFERRAL_FIELDS).not.toContain(key);
    }
  });

  it.each(ALL_KEYS.filter((k) => !(PUBLIC_REFERRAL_FIELDS as readonly string[]).includes(k)))(
    'never lets %s through',
    (key) => {
      expect(toPublicReferral(o)).not.toHaveProperty(key);
    },
  );

  it('leaks no private value anywhere in the projection', () => {
    const json = JSON.stringify(toPublicReferral(o));
    for (const key of FORBIDDEN) {
      const value = o[key as keyof typeof o];
      if (typeof value === 'string') expect(json).not.toContain(value);
    }
  });

  it('does not share the business-line list with the source', () => {
    const p = toPublicReferral(o);
    expect(p.businessLines).not.toBe(o.businessLines);
  });
});
