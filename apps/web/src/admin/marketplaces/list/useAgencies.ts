import { useEffect, useRef } from 'react';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { LIST_TOASTS, type Agency, type Toast } from '@referrals/shared';
import { apiQuery } from '../../../api/queries';
import { useServices } from '../../../app/services';
import { logger } from '../../../log';
import { useToast } from '../../../toasts/useToast';
import type { ListItem } from './listTypes';

const log = logger('marketplaces');

/** Agencies and prepaid balances of the listed marketplaces, by agency id. */
export interface AgencyInfo {
  readonly agencies: ReadonlyMap<number, Agency | null>;
  readonly balances: ReadonlyMap<number, number>;
}

const agencyIds = (items: readonly ListItem[], only?: (m: ListItem) => boolean) => [
  ...new Set(
    items
      .filter((m) => m.agencyId !== null && (only?.(m) ?? true))
      .map((m) => m.agencyId as number),
  ),
];

/** The answers of lookups by id, the ids without one, and whether any is still under way. */
interface Lookups<T> {
  readonly found: ReadonlyMap<number, T>;
  readonly errors: readonly Error[];
  readonly busy: boolean;
}

const lookupsOf =
  <A, T>(ids: readonly number[], pick: (answer: A) => T) =>
  (results: UseQueryResult<A>[]): Lookups<T> => ({
    found: new Map(
      results.flatMap((r, i) => (r.data !== undefined ? [[ids[i] as number, pick(r.data)]] : [])),
    ),
    errors: results.flatMap((r) => (r.error ? [r.error] : [])),
    busy: results.some((r) => r.isFetching),
  });

/**
 * One toast per kind of failure and batch, not one per agency: failures are told once every
 * lookup under way has settled, each failure once.
 */
const useBatchFailureToast = (lookups: Lookups<unknown>, toastSpec: Toast, what: string) => {
  const toast = useToast();
  const told = useRef(new WeakSet<Error>());
  const { errors, busy } = lookups;
  useEffect(() => {
    if (busy) return;
    const fresh = errors.filter((e) => !told.current.has(e));
    if (fresh.length === 0) return;
    fresh.forEach((e) => told.current.add(e));
    log.warn(`some ${what} could not be loaded`);
    toast(toastSpec);
  }, [errors, busy, toast, toastSpec, what]);
};

/**
 * Looks each distinct agency up (GET /api/agencies/:id), and the prepaid balance of each agency
 * of a marketplace that debits one, through the query cache: an id asked before is answered from
 * it, a failed lookup is tried again (the cache's retries, and again when the screen is opened
 * anew) instead of being marked as asked for good.
 */
export const useAgencies = (items: readonly ListItem[]): AgencyInfo => {
  const { api } = useServices();
  const ids = agencyIds(items);
  const balanceIds = agencyIds(items, (m) => m.debitPrepaidBalance);
  const agencies = useQueries({
    queries: ids.map((id) => apiQuery(api, `/api/agencies/${id}`)),
    combine: lookupsOf(ids, (a: Agency | null) => a),
  });
  const balances = useQueries({
    queries: balanceIds.map((id) => apiQuery(api, `/api/agencies/${id}/prepaid-balance`)),
    combine: lookupsOf(balanceIds, (b: { balance: number }) => b.balance),
  });
  useBatchFailureToast(agencies, LIST_TOASTS.agencyFailed, 'agencies');
  useBatchFailureToast(balances, LIST_TOASTS.prepaidBalanceFailed, 'prepaid balances');
  return { agencies: agencies.found, balances: balances.found };
};
