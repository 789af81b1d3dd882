import { describe, expect, it } from 'vitest';
import {
  assigneeText,
  businessLinesText,
  categoryText,
  cityState,
  employeesText,
  fullName,
  industryText,
  isDirectCall,
  premiumText,
  yearsText,
} from './cells.js';
import { referral } from './fixtures.testkit.js';

const commercial = referral();
const personal = referral({ category: 'PERSONAL', businessLines: ['HOME', 'AUTO'] });
const life = referral({ category: 'LIFE_ANNUITIES', businessLines: ['LIFE'] });
const directCall = referral({ category: null, source: 'direct-call' });

describe('agent-console §2 row cells by category and source', () => {
  it.each([
    ['source direct-call', { source: 'direct-call', category: 'COMMERCIAL' }, true],
    ['a null category', { source: 'web-form', category: null }, true],
    ['a commercial web referral', { source: 'web-form', category: 'COMMERCIAL' }, false],
  ])('treats %s as direct call: %s', (_name, o, expected) => {
    expect(isDirectCall(o)).toBe(expected);
  });

  it.each([
    ['commercial', commercial, 'Commercial'],
    ['personal', personal, 'Personal'],
    ['life', life, 'Life & Annuities'],
    ['direct call', directCall, 'Direct Call'],
    ['an unknown category', referral({ category: 'MARINE' }), 'MARINE'],
  ])('labels the category of a %s referral %j', (_name, o, text) => {
    expect(categoryText(o)).toBe(text);
  });

  it.each([
    ['commercial', commercial, false, "General Liability, Workers' Compensation"],
    ['unknown codes as given', referral({ businessLines: ['XYZ'] }), false, 'XYZ'],
    ['direct call', directCall, false, 'TBD'],
    ['direct call on mobile', directCall, true, ''],
  ])('writes the business lines of %s as %j', (_name, o, mobile, text) => {
    expect(businessLinesText(o, { mobile })).toBe(text);
  });

  it.each([
    ['commercial', commercial, false, 'Plumbing Contractors (238220)'],
    ['commercial without description', referral({ industryDescription: null }), false, '238220'],
    ['commercial without code', referral({ industryCode: null }), false, 'Plumbing Contractors'],
    [
      'commercial without industry',
      referral({ industryCode: null, industryDescription: null }),
      false,
      '',
    ],
    ['personal', personal, false, 'N/A (PL)'],
    ['personal on mobile', personal, true, ''],
    ['life', life, false, 'N/A (L&A)'],
    ['life on mobile', life, true, ''],
    ['direct call', directCall, false, 'TBD'],
    ['direct call on mobile', directCall, true, ''],
  ])('writes the industry of %s as %j', (_name, o, mobile, text) => {
    expect(industryText(o, { mobile })).toBe(text);
  });

  it('uses the desktop layout by default', () => {
    expect(industryText(directCall)).toBe('TBD');
    expect(businessLinesText(directCall)).toBe('TBD');
    expect(yearsText(directCall)).toBe('TBD');
    expect(premiumText(directCall)).toBe('TBD');
  });

  it.each([
    ['12 employees', commercial, '12'],
    ['an unknown count', referral({ noOfEmployees: null }), '1 +'],
    ['a personal referral', personal, 'N/A'],
    ['a life referral', life, 'N/A'],
    ['a direct call with no count', referral({ category: null, noOfEmployees: null }), '1 +'],
  ])('writes employees for %s as %j', (_name, o, text) => {
    expect(employeesText(o)).toBe(text);
  });

  it.each([
    ['7 years', commercial, false, '7'],
    ['unknown years', referral({ yearsInBusiness: null }), false, ''],
    ['a personal referral', personal, false, 'N/A'],
    ['a life referral', life, false, 'N/A'],
    ['a direct call', directCall, false, 'TBD'],
    ['a direct call on mobile', directCall, true, ''],
  ])('writes years in business for %s as %j', (_name, o, mobile, text) => {
    expect(yearsText(o, { mobile })).toBe(text);
  });

  it.each([
    ['a known premium', commercial, false, '$12,500'],
    ['no premium', referral({ estimatedPremium: null }), false, 'TBD'],
    ['a direct call', directCall, false, 'TBD'],
    ['a direct call on mobile', directCall, true, ''],
  ])('writes the premium of %s as %j', (_name, o, mobile, text) => {
    expect(premiumText(o, { mobile })).toBe(text);
  });
});

describe('agent-console §2 names, places and assignees', () => {
  it.each([
    ['Dana', 'Reyes', 'Dana Reyes'],
    ['Dana', null, 'Dana'],
    [null, 'Reyes', 'Reyes'],
    ['', 'Reyes', 'Reyes'],
    [null, null, ''],
  ])('joins %j and %j as %j', (firstName, lastName, text) => {
    expect(fullName({ firstName, lastName })).toBe(text);
  });

  it.each([
    ['Austin', 'TX', 'Austin, TX'],
    ['Austin', null, 'Austin'],
    [null, 'TX', 'TX'],
    [null, null, ''],
  ])('places %j and %j as %j', (city, state, text) => {
    expect(cityState({ city, state })).toBe(text);
  });

  it.each([
    [
      'an admin sees the partner by name',
      'Lone Star',
      'Partner Co',
      true,
      'Lone Star / Partner Co',
    ],
    [
      'others see a generic partner',
      'Lone Star',
      'Partner Co',
      false,
      'Lone Star / Secondary Partner',
    ],
    ['without a partner, the agency alone', 'Lone Star', null, false, 'Lone Star'],
    ['a partner alone for admins', null, 'Partner Co', true, 'Partner Co'],
    ['a partner alone for others', null, 'Partner Co', false, 'Secondary Partner'],
    ['nobody assigned', null, null, true, ''],
  ])('assignee: %s', (_name, assignedAgency, assignedPartner, admin, text) => {
    expect(assigneeText({ assignedAgency, assignedPartner }, admin)).toBe(text);
  });
});
