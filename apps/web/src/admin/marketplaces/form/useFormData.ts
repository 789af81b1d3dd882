import { useCallback, useEffect, useRef, useState } from 'react';
import {
  FORM_TOASTS,
  toFormValues,
  type AgencyUser,
  type BankHoliday,
  type Marketplace,
  type MarketplaceRoute,
  type NaicsCode,
} from '@referrals/shared';
import { useApiRead } from '../../../api/useApiRead';
import { logger } from '../../../log';
import { useToast } from '../../../toasts/useToast';
import type { MarketplaceForm } from './formTypes';

const log = logger('marketplace-form');

/**
 * How long the form's reference data (sources, bank holidays, NAICS codes) is used from the
 * query cache before it is read again; the marketplace and its agency's users are always read.
 */
export const REFERENCE_STALE_MS = 5 * 60_000;
const REFERENCE = { staleTime: REFERENCE_STALE_MS };

/** What the form loaded besides its values. */
export interface FormData {
  readonly loading: boolean;
  readonly sources: readonly string[];
  readonly holidays: readonly BankHoliday[];
  readonly naicsCodes: readonly string[];
  readonly agencyUsers: readonly AgencyUser[];
  /** The saved marketplace as loaded (null on creation or before loading). */
  readonly saved: (Marketplace & { version: string }) | null;
  /** Runs the load sequence again and refills the form (after a save, on Discard). */
  readonly reload: () => Promise<void>;
  /**
   * Reads the users of another agency after the agency id changed (none for null). Answers the
   * users, or null when the read failed (with its toast) or a later one superseded it.
   */
  readonly loadAgencyUsers: (agencyId: number | null) => Promise<readonly AgencyUser[] | null>;
}

/**
 * The load sequence of section 4: sources and this year's bank holidays first, then the
 * marketplace, then its agency's users, then the form is filled. NAICS codes load alongside; they
 * are only needed to swap the NAICS mode and to save in include mode. Every read goes through the
 * query cache (shared with other screens, retried, one request for callers at once).
 */
export const useFormData = (
  form: MarketplaceForm,
  route: MarketplaceRoute,
  onFilled: (saved: Marketplace | null) => void,
): FormData => {
  const read = useApiRead();
  const toast = useToast();
  const [loading, setLoading] = useState(true);
  const [sources, setSources] = useState<readonly string[]>([]);
  const [holidays, setHolidays] = useState<readonly BankHoliday[]>([]);
  const [naicsCodes, setNaicsCodes] = useState<readonly string[]>([]);
  const [agencyUsers, setAgencyUsers] = useState<readonly AgencyUser[]>([]);
  const [saved, setSaved] = useState<(Marketplace & { version: string }) | null>(null);
  const filled = useRef(onFilled);
  useEffect(() => {
    filled.current = onFilled;
  });
  // Only the latest load may fill the form: an earlier one finishing late (a double-run effect,
  // a Discard during a load) would otherwise reset what the user typed since.
  const generation = useRef(0);

  // The sequence itself; the first run starts loading already (a reload says so first).
  const run = useCallback(async () => {
    const mine = ++generation.current;
    const stale = () => mine !== generation.current;
    try {
      let names: string[];
      try {
        const year = new Date().getFullYear();
        const [s, h] = await Promise.all([
          read<{ sourceName: string }[]>('/api/sources', REFERENCE),
          read<BankHoliday[]>(`/api/bank-holidays/${year}`, REFERENCE),
        ]);
        if (stale()) return;
        names = s.map((x) => x.sourceName).sort((x, y) => x.localeCompare(y, 'en'));
        setSources(names);
        setHolidays(h);
      } catch (err) {
        log.error('could not load sources or bank holidays', err);
        toast(FORM_TOASTS.preloadFailed);
        return;
      }
      if (route.mode !== 'edit') {
        if (stale()) return;
        form.reset(toFormValues(null, { sources: names }));
        filled.current(null);
        return;
      }
      let m: Marketplace & { version: string };
      try {
        m = await read<Marketplace & { version: string }>(`/api/marketplaces/${route.id}`);
      } catch (err) {
        log.error('could not load the marketplace', err);
        toast(FORM_TOASTS.marketplaceLoadFailed(route.id));
        return;
      }
      if (m.agencyId !== null) {
        try {
          setAgencyUsers(await read<AgencyUser[]>(`/api/agencies/${m.agencyId}/users`));
        } catch (err) {
          log.error('could not load agency users', err);
          toast(FORM_TOASTS.agencyUsersFailed(m.agencyId));
        }
      }
      if (stale()) return;
      setSaved(m);
      form.reset(toFormValues(m, { sources: names }));
      filled.current(m);
    } finally {
      if (!stale()) setLoading(false);
    }
  }, [read, form, route, toast]);
  const reload = useCallback(async () => {
    setLoading(true);
    await run();
  }, [run]);

  useEffect(() => {
    void run();
    read<NaicsCode[]>('/api/naics-codes', REFERENCE)
      .then((codes) => setNaicsCodes(codes.map((c) => c.code)))
      .catch((err: unknown) => {
        log.error('could not load NAICS codes', err);
        toast(FORM_TOASTS.naicsFailed);
      });
  }, [read, run, toast]);

  // Only the latest agency's users are kept: a slow answer for an id typed before is dropped.
  const usersTicket = useRef(0);
  const loadAgencyUsers = useCallback(
    async (agencyId: number | null): Promise<readonly AgencyUser[] | null> => {
      const mine = ++usersTicket.current;
      if (agencyId === null) {
        setAgencyUsers([]);
        return [];
      }
      try {
        const users = await read<AgencyUser[]>(`/api/agencies/${agencyId}/users`);
        if (mine !== usersTicket.current) return null;
        setAgencyUsers(users);
        return users;
      } catch (err) {
        log.error('could not load agency users', err);
        if (mine === usersTicket.current) toast(FORM_TOASTS.agencyUsersFailed(agencyId));
        return null;
      }
    },
    [read, toast],
  );

  return { loading, sources, holidays, naicsCodes, agencyUsers, saved, reload, loadAgencyUsers };
};
