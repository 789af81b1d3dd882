import { describe, expect, it } from 'vitest';
import { ALL_BUSINESS_LINES } from '../domain/businessLines.js';
import { allLinesAt } from './formValues.js';
import {
  appetiteCounts,
  lineAppetitesFrom,
  linesForDisplay,
  riskAppetiteLinesFrom,
  setLineAppetite,
} from './lineAppetites.js';

const appetiteOf = (values: ReturnType<typeof lineAppetitesFrom>, code: string) =>
  values.find((v) => v.businessLineCode === code)?.appetite;

describe('marketplace-admin §4 business-line appetite', () => {
  const existing = lineAppetitesFrom([
    {
      riskAppetiteId: 7,
      businessLineCode: 'CAUT',
      businessLineCategory: 'COMMERCIAL',
      excluded: true,
    },
    {
      riskAppetiteId: 7,
      businessLineCode: 'AUTO',
      businessLineCategory: 'PERSONAL',
      excluded: false,
    },
    {
      riskAppetiteId: 7,
      businessLineCode: 'XXXX',
      businessLineCategory: 'PERSONAL',
      excluded: false,
    },
  ]);

  it.each([
    ['CAUT', 'EXCLUDED', 'a listed line with excluded true'],
    ['AUTO', 'REQUIRED', 'a listed line with excluded false'],
    ['CGLY', 'OPTIONAL', 'an unlisted line'],
    ['XXXX', 'REQUIRED', 'a listed line this product does not know'],
  ])('reads %s as %s (%s)', (code, appetite) => {
    expect(appetiteOf(existing, code)).toBe(appetite);
  });

  it('covers every known line, then the unknown ones', () => {
    expect(existing).toHaveLength(ALL_BUSINESS_LINES.length + 1);
  });

  it('defaults every line of a new marketplace to Excluded', () => {
    expect(appetiteCounts(allLinesAt('EXCLUDED'))).toEqual({
      EXCLUDED: ALL_BUSINESS_LINES.length,
      OPTIONAL: 0,
      REQUIRED: 0,
    });
  });

  it('counts appetites per category', () => {
    expect(appetiteCounts(existing, 'COMMERCIAL')).toEqual({
      EXCLUDED: 1,
      OPTIONAL: 16,
      REQUIRED: 0,
    });
    expect(appetiteCounts(existing, 'LIFE_ANNUITIES')).toEqual({
      EXCLUDED: 0,
      OPTIONAL: 4,
      REQUIRED: 0,
    });
  });

  it('saves Excluded and Required lines only: the stored ones in stored order, then new ones', () => {
    const changed = setLineAppetite(existing, 'LIFE', 'EXCLUDED');
    const line = (code: string, category: string, excluded: boolean) => ({
      riskAppetiteId: 7,
      businessLineCode: code,
      businessLineCategory: category,
      excluded,
    });
    expect(riskAppetiteLinesFrom(changed, 7)).toEqual([
      line('CAUT', 'COMMERCIAL', true),
      line('AUTO', 'PERSONAL', false),
      line('XXXX', 'PERSONAL', false),
      line('LIFE', 'LIFE_ANNUITIES', true),
    ]);
  });

  it('shows one category in display-name order, unknown codes last, whatever the stored order', () => {
    const shown = linesForDisplay(existing, 'PERSONAL').map((l) => l.businessLineCode);
    expect(shown[0]).toBe('ATV');
    expect(shown.at(-1)).toBe('XXXX');
    expect(shown.indexOf('AUTO')).toBeGreaterThan(shown.indexOf('ATV'));
    expect(shown).toHaveLength(28);
  });
});
