import { describe, expect, it } from 'vitest';
import type { ReferralAction } from './actions.js';
import { actionText, fullContactWhenText, talkNowNoteText, wasPriceText } from './actionText.js';

const fullContact = (overrides: Partial<Extract<ReferralAction, { kind: 'fullContact' }>>) =>
  ({
    kind: 'fullContact',
    label: 'Claimed',
    price: 35,
    verb: 'Claimed',
    when: { kind: 'today', time: '1:00 PM' },
    agencyName: 'Lone Star',
    ...overrides,
  }) as const;

describe('agent-console §4 action texts', () => {
  it.each<[ReferralAction, string, string | null]>([
    [{ kind: 'claim', price: 25, wasPrice: 40 }, 'Claim Now - $25', 'was $40'],
    [{ kind: 'claim', price: 27.5, wasPrice: null }, 'Claim Now - $27.50', null],
    [{ kind: 'claim', price: null, wasPrice: null }, 'Claim Now', null],
    [{ kind: 'talkNow', price: 40, icon: 'phone' }, 'Talk Now ($40)', null],
    [{ kind: 'talkNow', price: null, icon: 'phone' }, 'Talk Now', null],
    [{ kind: 'statusButton', label: 'Transferred', behaviour: 'disabled' }, 'Transferred', null],
    [
      { kind: 'statusLine', label: 'Available', price: 25, wasPrice: 40 },
      'Available ($25)',
      'was $40',
    ],
    [{ kind: 'statusLine', label: 'Settled', price: null, wasPrice: null }, 'Settled', null],
    [fullContact({}), 'Claimed ($35)', null],
    [fullContact({ label: 'Assigned', price: null }), 'Assigned', null],
    [{ kind: 'none' }, '', null],
  ])('writes %j as %j with was-price %j', (action, text, was) => {
    expect(actionText(action)).toBe(text);
    expect(wasPriceText(action)).toBe(was);
  });

  it.each<[ReferralAction, string | null]>([
    [fullContact({}), 'Claimed Today at 1:00 PM'],
    [
      fullContact({ verb: 'Assigned', when: { kind: 'date', date: '3/13/24', time: '6:00 PM' } }),
      'Assigned on 3/13/24 at 6:00 PM',
    ],
    [fullContact({ when: null }), null],
    [{ kind: 'none' }, null],
  ])('writes the when-line of %j as %j', (action, text) => {
    expect(fullContactWhenText(action)).toBe(text);
  });

  it.each([
    [true, 'Talk now - $30'],
    [false, null],
  ])('notes-column Talk now button when shown is %s: %j', (show, text) => {
    expect(talkNowNoteText(show)).toBe(text);
  });
});
