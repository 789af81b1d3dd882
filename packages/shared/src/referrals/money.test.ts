import { describe, expect, it } from 'vitest';
import { formatUsd, hasPriceDecay } from './money.js';

describe('agent-console §2 US currency', () => {
  it.each([
    [30, '$30'],
    [0, '$0'],
    [12500, '$12,500'],
    [27.5, '$27.50'],
    [1234.567, '$1,234.57'],
  ])('formats %d as %s', (amount, text) => {
    expect(formatUsd(amount)).toBe(text);
  });
});

describe('agent-console §4 price decay', () => {
  it.each([
    [25, 40, true],
    [40, 40, false],
    [45, 40, false],
    [null, 40, false],
    [25, null, false],
    [null, null, false],
  ])('dynamic %j and discount %j decay: %s', (dynamicPrice, discountPrice, decays) => {
    expect(hasPriceDecay({ dynamicPrice, discountPrice })).toBe(decays);
  });
});
