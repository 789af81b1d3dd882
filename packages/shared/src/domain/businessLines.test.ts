import { describe, expect, it } from 'vitest';
import { ALL_BUSINESS_LINES, BUSINESS_LINES } from './businessLines.js';

const names = (lines: readonly { name: string }[]) => lines.map((l) => l.name);
const collated = (lines: readonly { name: string }[]) =>
  names(lines).sort((a, b) => a.localeCompare(b));

describe('business lines', () => {
  it('are in the order the locale collates their names, in each category and in all', () => {
    for (const lines of Object.values(BUSINESS_LINES)) {
      expect(names(lines)).toEqual(collated(lines));
    }
    expect(names(ALL_BUSINESS_LINES)).toEqual(collated(ALL_BUSINESS_LINES));
    // Upper case before lower case in code units ('RV' < 'Renters'); collated, 'Renters' first.
    expect(names(ALL_BUSINESS_LINES).indexOf('Renters')).toBeLessThan(
      names(ALL_BUSINESS_LINES).indexOf('RV'),
    );
  });
});
