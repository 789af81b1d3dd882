import { describe, expect, it } from 'vitest';
import { availableLegendWord } from './legendWords.js';

describe("the legend's word for Available", () => {
  it('is Claim Now for agents, whose cells are Claim Now buttons', () => {
    expect(availableLegendWord(false)).toBe('Claim Now');
  });

  it('is Available for admins and carriers, whose cells say Available', () => {
    expect(availableLegendWord(true)).toBe('Available');
  });
});
