import type { StateCode } from '../domain/states.js';
import { US_STATES } from '../domain/states.js';

/** The URL query parameter holding the state filter. */
export const STATE_QUERY_PARAM = 'state';

/**
 * The `state` query parameter: accepted only when exactly two characters, then upper-cased;
 * anything else is ignored. As the spec says, any two characters pass, so 'zz' becomes 'ZZ' (the
 * list simply finds nothing); only the geo-located state is checked against the state list.
 */
export const parseStateParam = (value: string | null | undefined): string | null =>
  typeof value === 'string' && value.length === 2 ? value.toUpperCase() : null;

/**
 * The state option a geo-location answer maps to, or null. The answer's shape is not in the
 * spec, so both a code ('tx') and a name ('Texas') are recognised, ignoring case and spaces.
 */
export const geoStateCode = (geo: string | null | undefined): StateCode | null => {
  const wanted = geo?.trim().toLowerCase();
  if (!wanted) return null;
  const match = US_STATES.find(
    (s) => s.code.toLowerCase() === wanted || s.name.toLowerCase() === wanted,
  );
  return match ? match.code : null;
};

/** Inputs of the initial state filter. */
export interface InitialStateInput {
  readonly urlState: string | null | undefined;
  /** The geo-location answer; null or undefined when it failed or was not asked. */
  readonly geoState: string | null | undefined;
  readonly isPublic: boolean;
  /**
   * The states the list's view can show (an in-appetite list: its appetite's states); absent or
   * null when any state can appear.
   */
  readonly viewStates?: readonly string[] | null;
}

/** Where the initial state came from. */
export type InitialStateSource = 'geo' | 'url' | 'default' | 'outsideView';

/** The initial state filter: a code, or null for All States. */
export interface InitialState {
  readonly code: string | null;
  readonly source: InitialStateSource;
  /** The geo-located state the list did not open on, because its view cannot show it. */
  readonly outside?: StateCode;
}

/**
 * The initial state filter of a list: a known geo-located state first (never on the public feed),
 * then the URL state, then All States. A failed geo look-up therefore falls back to the URL. A
 * geo-located state the view cannot show (outside the user's appetite) opens All States instead,
 * and says which state it was: opening on a list that can only be empty helps nobody.
 */
export const resolveInitialState = (input: InitialStateInput): InitialState => {
  const geo = input.isPublic ? null : geoStateCode(input.geoState);
  if (geo && input.viewStates && !input.viewStates.includes(geo))
    return { code: null, source: 'outsideView', outside: geo };
  if (geo) return { code: geo, source: 'geo' };
  const url = parseStateParam(input.urlState);
  if (url) return { code: url, source: 'url' };
  return { code: null, source: 'default' };
};
