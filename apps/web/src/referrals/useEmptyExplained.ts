import { useQuery } from '@tanstack/react-query';
import { emptyListReason, waysOut, type ListFilters, type WayOut } from '@referrals/shared';
import { apiQuery } from '../api/queries';
import { useServices } from '../app/services';
import type { EmptyExplained } from './EmptyList';
import type { ListState } from './listState';

/** The relay's counts of an empty list's ways out, by way. */
export const WAYS_OUT_PATH = '/api/list-hints/ways-out';

/** What a list lets its empty state widen, and whether the relay counts the ways out. */
export interface EmptyOptions {
  /** The list has the In-Appetite / All Referrals toggle. */
  readonly view: boolean;
  /** The ways the list's toolbar can undo (the public feed: the state only). */
  readonly keys: readonly WayOut['key'][];
  /** Ask the relay how many referrals each way shows (signed-in lists). */
  readonly counts: boolean;
}

const toListChange = (c: WayOut['change']): Partial<ListState> => ({
  ...(c.state !== undefined ? { stateCode: c.state } : {}),
  ...(c.view !== undefined ? { view: c.view } : {}),
  ...(c.dateFilter !== undefined ? { dateFilter: c.dateFilter } : {}),
  ...(c.showClaimed !== undefined ? { showClaimed: c.showClaimed } : {}),
});

/**
 * Why a list is empty and its one-click ways out, each with the count the relay answers in one
 * request (asked only while the list is empty). `empty` is the list's answer: no rows, not loading.
 */
export const useEmptyExplained = (
  state: ListState,
  update: (change: Partial<ListState>) => void,
  o: EmptyOptions,
  empty: boolean,
): EmptyExplained => {
  const { api } = useServices();
  const filters: ListFilters = {
    ...(o.view ? { view: state.view } : {}),
    state: state.stateCode,
    dateFilter: state.dateFilter,
    showClaimed: state.showClaimed,
  };
  const ways = waysOut(filters).filter((w) => o.keys.includes(w.key));
  const params = {
    ...(o.view ? { view: state.view } : {}),
    state: state.stateCode ?? 'all',
    dateFilter: state.dateFilter,
    showClaimed: state.showClaimed,
  };
  const counted = useQuery({
    ...apiQuery(api, WAYS_OUT_PATH, params),
    enabled: o.counts && empty && ways.length > 0,
    staleTime: 10_000,
  });
  return {
    reason: emptyListReason(filters),
    ways: ways.map((w) => ({
      label: w.label,
      count: counted.data?.counts?.[w.key],
      onClick: () => update(toListChange(w.change)),
    })),
  };
};
