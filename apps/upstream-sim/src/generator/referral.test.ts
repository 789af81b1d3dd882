import { opportunitySchema, type Opportunity } from '@referrals/shared';
import { describe, expect, it } from 'vitest';
import { T0 } from '../sim.testkit.js';
import { generateMarket } from './market.js';

const referralsOf = (seed: string): readonly Opportunity[] =>
  generateMarket({ seed, referrals: 2000, referralsPerMinute: 0 }, T0).state.referrals.all();
/** A referral as the stand-in sends it. */
const sent = (o: Opportunity) => JSON.parse(JSON.stringify(o)) as Record<string, unknown>;
const aliased = (referrals: readonly Opportunity[]) =>
  referrals.filter((o) => 'linesOfBusiness' in sent(o));

describe('drawn referrals under the opportunity service aliases', () => {
  const market = referralsOf('42');

  it('sends about one drawn referral in ten under the alias names, the same ones for a seed', () => {
    const ids = aliased(market).map((o) => o.opportunityId);
    expect(ids.length).toBeGreaterThan(150);
    expect(ids.length).toBeLessThan(250);
    expect(aliased(referralsOf('42')).map((o) => o.opportunityId)).toEqual(ids);
    expect(aliased(referralsOf('43')).map((o) => o.opportunityId)).not.toEqual(ids);
  });

  it('sends linesOfBusiness and numberOfEmployees with their fields left out or null', () => {
    const forms = new Set<string>();
    for (const o of aliased(market)) {
      const json = sent(o);
      expect(json).toMatchObject({
        linesOfBusiness: o.businessLines,
        numberOfEmployees: o.noOfEmployees,
      });
      for (const field of ['businessLines', 'noOfEmployees']) {
        expect(json[field] ?? null).toBe(null);
        forms.add(`${field} ${field in json ? 'null' : 'left out'}`);
      }
      // Read as the relay reads it, the referral the stand-in holds.
      expect(opportunitySchema.validateSync(json, { stripUnknown: true })).toEqual(o);
    }
    expect([...forms].sort()).toEqual([
      'businessLines left out',
      'businessLines null',
      'noOfEmployees left out',
      'noOfEmployees null',
    ]);
    expect(
      aliased(market).some((o) => o.businessLines.length > 0 && o.noOfEmployees !== null),
    ).toBe(true);
  });

  it('keeps them under the primary names in the store, with nothing extra to copy or compare', () => {
    const [one] = aliased(market);
    const plain = market.find((o) => !('linesOfBusiness' in sent(o)));
    expect(Object.keys(one ?? {})).toEqual(Object.keys(plain ?? {}));
    expect({ ...one }).toEqual(JSON.parse(JSON.stringify({ ...one })));
  });
});
