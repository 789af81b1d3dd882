import { describe, expect, it } from 'vitest';
import { formatPhone } from './phone.js';

describe('formatPhone', () => {
  it('reads ten bare digits as a North American number, dialable with its country code', () => {
    expect(formatPhone('5125550134')).toEqual({
      text: '(512) 555-0134',
      href: 'tel:+15125550134',
    });
  });

  it('drops a leading country code 1 and any punctuation', () => {
    expect(formatPhone('1-512-555-0134')?.text).toBe('(512) 555-0134');
    expect(formatPhone('+1 (512) 555.0134')).toEqual({
      text: '(512) 555-0134',
      href: 'tel:+15125550134',
    });
  });

  it('shows other numbers as stored, dialling the number before any words', () => {
    expect(formatPhone('+44 20 7946 0958')).toEqual({
      text: '+44 20 7946 0958',
      href: 'tel:+442079460958',
    });
    expect(formatPhone('512-555-0134 ext 12')).toEqual({
      text: '512-555-0134 ext 12',
      href: 'tel:5125550134',
    });
  });

  it('has nothing to show for an absent number, and nothing to dial without digits', () => {
    expect(formatPhone(null)).toBeNull();
    expect(formatPhone('  ')).toBeNull();
    expect(formatPhone('unknown')).toEqual({ text: 'unknown', href: null });
  });
});
