import { describe, expect, it } from 'vitest';
import { appBarTitle } from './appBarTitle';

describe('the app bar title', () => {
  it('joins the brand and the section on a desk', () => {
    expect(appBarTitle('Fulcrum', 'Opportunity Admin', false)).toBe('Fulcrum · Opportunity Admin');
  });

  it('names the brand once when the section already carries it', () => {
    expect(appBarTitle('Fulcrum', 'Fulcrum Marketplace', false)).toBe('Fulcrum Marketplace');
    expect(appBarTitle('Fulcrum', 'Fulcrum Marketplace', true)).toBe('Fulcrum Marketplace');
  });

  it('keeps the brand alone on a phone', () => {
    expect(appBarTitle('Trusted Choice', 'Referrals', true)).toBe('Trusted Choice');
  });
});
