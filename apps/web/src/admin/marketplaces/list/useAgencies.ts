import { useEffect, useRef, useState } from 'react';
import { LIST_TOASTS, type Agency } from '@referrals/shared';
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

/**
 * Looks each distinct agency up once (GET /api/agencies/:id), and the prepaid balance once per
 * agency of a marketplace that debits one. Later list changes only fetch agencies not seen yet.
 * One toast per kind of failure and batch, not one per agency.
 */
export const useAgencies = (items: readonly ListItem[]): AgencyInfo => {
  const { api } = useServices();
  const toast = useToast();
  const [agencies, setAgencies] = useState<ReadonlyMap<number, Agency | null>>(new Map());
  const [balances, setBalances] = useState<ReadonlyMap<number, number>>(new Map());
  const askedAgencies = useRef(new Set<number>());
  const askedBalances = useRef(new Set<number>());

  useEffect(() => {
    const newAgencies = agencyIds(items).filter((id) => !askedAgencies.current.has(id));
    const newBalances = agencyIds(items, (m) => m.debitPrepaidBalance).filter(
      (id) => !askedBalances.current.has(id),
    );
    newAgencies.forEach((id) => askedAgencies.current.add(id));
    newBalances.forEach((id) => askedBalances.current.add(id));
    if (newAgencies.length > 0) {
      void Promise.allSettled(
        newAgencies.map((id) =>
          api.get<Agency | null>(`/api/agencies/${id}`).then((a) => [id, a] as const),
        ),
      ).then((results) => {
        const found = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
        setAgencies((m) => new Map([...m, ...found]));
        if (found.length < results.length) {
          log.warn('some agencies could not be loaded');
          toast(LIST_TOASTS.agencyFailed);
        }
      });
    }
    if (newBalances.length > 0) {
      void Promise.allSettled(
        newBalances.map((id) =>
          api
            .get<{ balance: number }>(`/api/agencies/${id}/prepaid-balance`)
            .then((b) => [id, b.balance] as const),
        ),
      ).then((results) => {
        const found = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
        setBalances((m) => new Map([...m, ...found]));
        if (found.length < results.length) {
          log.warn('some prepaid balances could not be loaded');
          toast(LIST_TOASTS.prepaidBalanceFailed);
        }
      });
    }
  }, [api, items, toast]);

  return { agencies, balances };
};
