import { describe, expect, it } from 'vitest';
import { geoStateCode, parseStateParam, resolveInitialState } from './urlState.js';

describe('agent-console §2 state from the URL', () => {
  it.each([
    ['tx', 'TX'],
    ['TX', 'TX'],
    ['zz', 'ZZ'],
    ['T', null],
    ['TEX', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('reads state=%j as %j', (value, state) => {
    expect(parseStateParam(value)).toBe(state);
  });

  it.each([
    ['TX', 'TX'],
    ['tx', 'TX'],
    [' Texas ', 'TX'],
    ['district of columbia', 'DC'],
    ['ZZ', null],
    ['Ontario', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('maps geo-located %j to state option %j', (geo, code) => {
    expect(geoStateCode(geo)).toBe(code);
  });

  it.each([
    ['a known geo state wins', 'ny', 'TX', false, { code: 'TX', source: 'geo' }],
    [
      'an unknown geo state falls back to the URL',
      'ny',
      'ZZ',
      false,
      { code: 'NY', source: 'url' },
    ],
    [
      'a failed geo look-up falls back to the URL',
      'ny',
      null,
      false,
      { code: 'NY', source: 'url' },
    ],
    ['the public feed skips geo-location', 'ny', 'TX', true, { code: 'NY', source: 'url' }],
    [
      'the public feed with no URL state shows all states',
      null,
      'TX',
      true,
      { code: null, source: 'default' },
    ],
    [
      'a malformed URL state is ignored',
      'new york',
      null,
      false,
      { code: null, source: 'default' },
    ],
    [
      'an unknown two-letter URL state is kept',
      'zz',
      undefined,
      false,
      { code: 'ZZ', source: 'url' },
    ],
  ])('initial state: %s', (_name, urlState, geoState, isPublic, expected) => {
    expect(resolveInitialState({ urlState, geoState, isPublic })).toEqual(expected);
  });
});

describe('issue 44: a geo-located state outside the view', () => {
  it('opens All States and names the state when the appetite does not cover it', () => {
    expect(
      resolveInitialState({ urlState: null, geoState: 'TX', isPublic: false, viewStates: ['OH'] }),
    ).toEqual({ code: null, source: 'outsideView', outside: 'TX' });
  });

  it('keeps a geo-located state the appetite covers, and any state when the view has no limit', () => {
    const at = (viewStates: readonly string[] | null) =>
      resolveInitialState({ urlState: null, geoState: 'TX', isPublic: false, viewStates }).code;
    expect(at(['OH', 'TX'])).toBe('TX');
    expect(at(null)).toBe('TX');
  });
});
