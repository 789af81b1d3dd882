import { useCallback, useEffect, useRef } from 'react';
import {
  ADMIN_UI,
  FORM_TOASTS,
  isValidEmail,
  toDisplayPhone,
  type Agency,
  type AgencyUser,
  type MarketplaceFormContext,
} from '@referrals/shared';
import { apiQuery } from '../../../api/queries';
import { useServices } from '../../../app/services';
import { useToast } from '../../../toasts/useToast';
import type { MarketplaceForm } from './formTypes';
import { useDebouncedLookup } from './useDebouncedLookup';

/** The agency and purchaser lookups of section 1, and what they found. */
export interface Lookups {
  readonly agency: Agency | null;
  readonly agencyPending: boolean;
  readonly purchaser: AgencyUser | null;
  readonly purchaserPending: boolean;
  /** A typed agency id: looked up 1 s after the last keystroke; the result fills the form. */
  readonly agencyTyped: (id: number | null) => void;
  /** A typed purchaser email: looked up 1 s after the last keystroke. */
  readonly purchaserTyped: (email: string) => void;
  /** Looks up what was loaded, at once and without filling anything. */
  readonly loaded: (agencyId: number | null, email: string) => void;
}

/**
 * Runs the agency (GET /api/agencies/:id) and purchaser (GET /api/users?email=) lookups, through
 * the query cache (the same agency asked by the form's other reads is one request), and hands
 * what they found to `record`, which keeps it in the yup context the form's resolver validates with.
 * A found agency fills name, legal entity name and phone; a missing one clears them, both only
 * after typing, so opening a saved marketplace never rewrites it. `onAgencyTyped` hears the
 * agency a typed id settled on (null when none was found or the id was cleared), so that
 * agency's users can be read.
 */
export const useLookups = (
  form: MarketplaceForm,
  record: (found: Partial<MarketplaceFormContext>) => void,
  onAgencyTyped: (agencyId: number | null) => void,
): Lookups => {
  const { api } = useServices();
  const toast = useToast();
  const fill = useRef(false);
  const agencyLookup = useDebouncedLookup(
    (id: number) => apiQuery(api, `/api/agencies/${id}`),
    ADMIN_UI.lookupDebounceMs,
  );
  const purchaserLookup = useDebouncedLookup(
    (email: string) => apiQuery(api, '/api/users', { email }),
    ADMIN_UI.lookupDebounceMs,
  );
  const a = agencyLookup.state;
  const p = purchaserLookup.state;

  useEffect(() => {
    record({ agencyFound: a.status === 'done' ? a.result !== null : undefined });
    if (a.status === 'failed') toast(FORM_TOASTS.agencyFailed(a.key));
    if (a.status === 'done' && fill.current) {
      fill.current = false;
      const found = a.result;
      const opts = { shouldDirty: true, shouldValidate: true } as const;
      form.setValue('marketplaceName', found?.name ?? '', opts);
      form.setValue('legalEntityName', found?.name ?? '', opts);
      form.setValue('phoneNumber', toDisplayPhone(found?.contact.phone ?? null), opts);
      onAgencyTyped(found ? a.key : null);
    }
    if (a.status !== 'pending')
      void form.trigger(['agencyId', 'defaultPurchasingAgentEmailAddress']);
  }, [a, record, form, toast, onAgencyTyped]);

  useEffect(() => {
    record({ purchaserFound: p.status === 'done' ? p.result.length === 1 : undefined });
    if (p.status === 'failed') toast(FORM_TOASTS.purchaserFailed(p.key));
    if (p.status !== 'pending') void form.trigger('defaultPurchasingAgentEmailAddress');
  }, [p, record, form, toast]);

  const { schedule: scheduleAgency, run: runAgency, clear: clearAgency } = agencyLookup;
  const { schedule: schedulePurchaser, run: runPurchaser, clear: clearPurchaser } = purchaserLookup;
  const agencyTyped = useCallback(
    (id: number | null) => {
      fill.current = id !== null;
      if (id === null || !Number.isInteger(id) || id < 0) {
        clearAgency();
        onAgencyTyped(null);
      } else scheduleAgency(id);
    },
    [clearAgency, scheduleAgency, onAgencyTyped],
  );
  const purchaserTyped = useCallback(
    (email: string) => (isValidEmail(email) ? schedulePurchaser(email.trim()) : clearPurchaser()),
    [clearPurchaser, schedulePurchaser],
  );
  const loaded = useCallback(
    (agencyId: number | null, email: string) => {
      fill.current = false;
      if (agencyId === null) clearAgency();
      else runAgency(agencyId);
      if (isValidEmail(email)) runPurchaser(email.trim());
      else clearPurchaser();
    },
    [clearAgency, clearPurchaser, runAgency, runPurchaser],
  );

  return {
    agency: a.status === 'done' ? a.result : null,
    agencyPending: a.status === 'pending',
    purchaser: p.status === 'done' && p.result.length === 1 ? (p.result[0] ?? null) : null,
    purchaserPending: p.status === 'pending',
    agencyTyped,
    purchaserTyped,
    loaded,
  };
};
