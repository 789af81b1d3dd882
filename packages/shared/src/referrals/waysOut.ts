import { DateFilter } from './constants.js';
import { DATE_FILTER_LABELS } from './dateFilters.js';
import type { ReferralView } from './listDefaults.js';

/** The filters of a list that an empty list's ways out widen. */
export interface ListFilters {
  /** Absent on lists without a view toggle (the public feed). */
  readonly view?: ReferralView;
  /** Null is All States. */
  readonly state: string | null;
  readonly dateFilter: DateFilter;
  readonly showClaimed: boolean;
}

/** One way out of an empty list: the change to make and the button's words. */
export interface WayOut {
  readonly key: 'allStates' | 'allReferrals' | 'longer' | 'showClaimed';
  readonly label: string;
  readonly change: Partial<ListFilters>;
}

/** The next longer window a list can widen to: a week from a few days, a month from a week. */
const LONGER: Readonly<Partial<Record<DateFilter, DateFilter>>> = {
  [DateFilter.Last24Hours]: DateFilter.Last7Days,
  [DateFilter.Last48Hours]: DateFilter.Last7Days,
  [DateFilter.Last72Hours]: DateFilter.Last7Days,
  [DateFilter.Last7Days]: DateFilter.Last30Days,
};

/**
 * The one-click ways out of an empty list, each widening one filter: all states, every referral
 * instead of the appetite, a longer window, the claimed ones too. The relay counts each of them
 * for the empty list's buttons, so both ends list the same ones.
 */
export const waysOut = (f: ListFilters): readonly WayOut[] => {
  const out: WayOut[] = [];
  if (f.state !== null)
    out.push({ key: 'allStates', label: 'Show all states', change: { state: null } });
  if (f.view === 'inAppetite')
    out.push({ key: 'allReferrals', label: 'Show all referrals', change: { view: 'all' } });
  const longer = LONGER[f.dateFilter];
  if (longer)
    out.push({ key: 'longer', label: DATE_FILTER_LABELS[longer], change: { dateFilter: longer } });
  if (!f.showClaimed)
    out.push({ key: 'showClaimed', label: 'Show claimed', change: { showClaimed: true } });
  return out;
};

/** Why a list is empty, in words: 'No in-appetite referrals in TX in the last 48 hours.' */
export const emptyListReason = (f: ListFilters): string => {
  const kind = f.view === 'inAppetite' ? 'in-appetite ' : '';
  const where = f.state === null ? '' : ` in ${f.state}`;
  return `No ${kind}referrals${where} in the ${DATE_FILTER_LABELS[f.dateFilter].toLowerCase()}.`;
};

/** What the list says when its geo-located state is outside the user's appetite. */
export const appetiteFallbackText = (state: string): string =>
  `Showing all states: your appetite does not include ${state}.`;
