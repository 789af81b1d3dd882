import { useEffectEvent, useLayoutEffect, useState } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import {
  FORM_TOASTS,
  toFormValues,
  type AgencyUser,
  type BankHoliday,
  type Marketplace,
  type MarketplaceRoute,
  type NaicsCode,
} from '@referrals/shared';
import { apiQuery } from '../../../api/queries';
import { useOnError } from '../../../api/useOnError';
import { useServices } from '../../../app/services';
import { logger } from '../../../log';
import { useToast } from '../../../toasts/useToast';
import type { MarketplaceForm } from './formTypes';

const log = logger('marketplace-form');

/**
 * How long the form's reference data (sources, bank holidays, NAICS codes) is used from the
 * query cache before it is read again; the marketplace and its agency's users are always read.
 */
export const REFERENCE_STALE_MS = 5 * 60_000;

type Saved = Marketplace & { version: string };

/** What the form loaded besides its values. */
export interface FormData {
  readonly loading: boolean;
  readonly sources: readonly string[];
  readonly holidays: readonly BankHoliday[];
  readonly naicsCodes: readonly string[];
  /** The users of the agency the form names (the saved one, or one typed since). */
  readonly agencyUsers: readonly AgencyUser[];
  /** The users of an agency typed since the form was filled, once read (none for no agency). */
  readonly typedAgencyUsers: readonly AgencyUser[] | undefined;
  /** The saved marketplace as loaded (null on creation or before loading). */
  readonly saved: Saved | null;
  /** Reads the marketplace (and stale reference data) again and refills the form. */
  readonly reload: () => Promise<void>;
}

/**
 * The agency typed since the form was last filled (its id, or null when none was found or the id
 * was cleared), or null while the form follows the saved marketplace's agency.
 */
export type TypedAgency = { readonly agencyId: number | null } | null;

const NONE: readonly never[] = [];
const sortedNames = (s: readonly { sourceName: string }[]) =>
  s.map((x) => x.sourceName).sort((x, y) => x.localeCompare(y, 'en'));
const codesOf = (codes: readonly NaicsCode[]) => codes.map((c) => c.code);
const busy = (q: UseQueryResult<unknown>) => q.isPending || q.isFetching;

/**
 * The load sequence of section 4 as dependent queries: sources and this year's bank holidays
 * first, then the marketplace, then its agency's users. The form is filled from each new read of
 * the marketplace (on creation, once the reference data is there). NAICS codes load alongside;
 * they are only needed to swap the NAICS mode and to save in include mode. Every read goes
 * through the query cache (shared with other screens, retried, one request for callers at once);
 * a read keyed by the agency named last drops a slow answer for an id typed before.
 */
export const useFormData = (
  form: MarketplaceForm,
  route: MarketplaceRoute,
  onFilled: (saved: Marketplace | null) => void,
  /** The agency typed (the users query is keyed by it), and how `reload` goes back to the saved. */
  typed: TypedAgency,
  setTyped: (typed: TypedAgency) => void,
): FormData => {
  const { api } = useServices();
  const toast = useToast();
  const [year] = useState(() => new Date().getFullYear());
  const reference = { staleTime: REFERENCE_STALE_MS };
  const sources = useQuery({
    ...apiQuery(api, '/api/sources'),
    ...reference,
    select: sortedNames,
  });
  const holidays = useQuery({
    ...apiQuery(api, `/api/bank-holidays/${year}`),
    ...reference,
  });
  const naics = useQuery({
    ...apiQuery(api, '/api/naics-codes'),
    ...reference,
    select: codesOf,
  });
  // Once there, the reference data stays (a failed read again keeps it): the marketplace query is
  // enabled once, and is read again only by `reload`.
  const referenceHere = sources.data !== undefined && holidays.data !== undefined;
  const savedId = route.mode === 'edit' ? route.id : null;
  // `enabled` rather than skipToken, so `reload` can read it again whatever the render saw; a
  // new marketplace's key is never read.
  const marketplace = useQuery({
    ...apiQuery(api, `/api/marketplaces/${savedId ?? 0}`),
    enabled: savedId !== null && referenceHere,
  });
  const settled = marketplace.isSuccess && !marketplace.isFetching;
  const savedAgency = marketplace.data?.agencyId ?? null;
  const agencyId = typed ? typed.agencyId : savedAgency;
  // The saved agency's users are read after each read of the marketplace, a typed one's at once.
  const users = useQuery({
    ...apiQuery(api, `/api/agencies/${agencyId ?? 0}/users`),
    enabled: agencyId !== null && (typed !== null || settled),
  });

  useOnError(sources.isError || holidays.isError, () => {
    // One toast for the pair, as the sequence stops at the first.
    log.error('could not load sources or bank holidays', sources.error ?? holidays.error);
    toast(FORM_TOASTS.preloadFailed);
  });
  useOnError(marketplace.error, (err) => {
    log.error('could not load the marketplace', err);
    if (savedId !== null) toast(FORM_TOASTS.marketplaceLoadFailed(savedId));
  });
  useOnError(users.error, (err) => {
    log.error('could not load agency users', err);
    if (agencyId !== null) toast(FORM_TOASTS.agencyUsersFailed(agencyId));
  });
  useOnError(naics.error, (err) => {
    log.error('could not load NAICS codes', err);
    toast(FORM_TOASTS.naicsFailed);
  });

  const fill = (m: Saved | null) => {
    form.reset(toFormValues(m, { sources: sources.data ?? [] }));
    onFilled(m);
  };
  // Each new read of the marketplace fills the form once (a failed one leaves what was typed);
  // before paint, so the form never shows unfilled without the loading overlay.
  const fillFrom = savedId === null ? referenceHere : settled && marketplace.dataUpdatedAt;
  const filled = useEffectEvent(() => fill(marketplace.data ?? null));
  useLayoutEffect(() => {
    if (fillFrom !== false) filled();
  }, [fillFrom]);

  const reload = async () => {
    setTyped(null);
    const stale = [sources, holidays].filter((q) => q.isStale);
    const reread = await Promise.all(stale.map((q) => q.refetch()));
    if (reread.some((q) => q.isError)) return;
    if (savedId !== null) await marketplace.refetch();
    // On creation: the defaults again (or, if the reference data was missing, on its arrival).
    else if (referenceHere) fill(null);
  };

  const referenceFailed = !referenceHere && (sources.isError || holidays.isError);
  const loading =
    !referenceFailed &&
    (busy(sources) ||
      busy(holidays) ||
      (savedId !== null && referenceHere && busy(marketplace)) ||
      (typed === null && savedAgency !== null && busy(users)));
  return {
    loading,
    sources: sources.data ?? NONE,
    holidays: holidays.data ?? NONE,
    naicsCodes: naics.data ?? NONE,
    agencyUsers: agencyId === null ? NONE : (users.data ?? NONE),
    typedAgencyUsers: typed === null ? undefined : agencyId === null ? NONE : users.data,
    saved: savedId === null ? null : (marketplace.data ?? null),
    reload,
  };
};
