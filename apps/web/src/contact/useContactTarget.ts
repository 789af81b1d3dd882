import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CONTACT_TARGET, type ContactTarget } from '@referrals/shared';
import { isApiError } from '../api/ApiError';
import { apiKey } from '../api/queries';
import { useServices } from '../app/services';
import { logger } from '../log';
import { useOnError } from '../api/useOnError';
import { targetChanges } from './targetNotices';

const log = logger('contact');
export const CONTACT_TARGET_PATH = '/api/my-agency/contact-target';
/** The agency's settings notices: a changed contact target is read again. */
export const AGENCY_SETTINGS_TOPIC = { kind: 'agencySettings' } as const;

/** The agency's contact target and how its admin changes it. */
export interface ContactTargetState {
  /** Minutes (the default until the relay answered). */
  readonly minutes: number;
  readonly target: ContactTarget | null;
  /** Saves a new target; the relay's reason when it refuses, null when saved. */
  readonly save: (minutes: number) => Promise<string | null>;
  readonly saving: boolean;
}

/**
 * The caller's agency's contact target (`GET /api/my-agency/contact-target`), read again when the
 * agency's settings notices bring a newer target change (targetNotices.ts), so every screen of the agency counts against the new
 * one at once. `enabled` false for a caller without an agency (an admin).
 */
export const useContactTarget = (enabled = true): ContactTargetState => {
  const { api, live } = useServices();
  const client = useQueryClient();
  const key = apiKey(CONTACT_TARGET_PATH);
  const read = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.withSignal(signal).get(CONTACT_TARGET_PATH),
    enabled,
  });
  useOnError(read.error, (err) => log.warn('could not read the contact target', err));
  useEffect(() => {
    if (!enabled) return undefined;
    const changed = targetChanges();
    return live.watch(AGENCY_SETTINGS_TOPIC, (e) => {
      if (changed(e)) void client.invalidateQueries({ queryKey: apiKey(CONTACT_TARGET_PATH) });
    });
  }, [client, live, enabled]);
  // An answer of another shape (an older relay) counts as none: the default applies.
  const target = typeof read.data?.minutes === 'number' ? read.data : null;
  const mutation = useMutation({
    mutationFn: (minutes: number) => api.put(CONTACT_TARGET_PATH, { minutes }),
    onSuccess: (saved) => client.setQueryData(apiKey(CONTACT_TARGET_PATH), saved),
  });
  return {
    minutes: target?.minutes ?? CONTACT_TARGET.defaultMinutes,
    target,
    saving: mutation.isPending,
    save: async (minutes) => {
      try {
        await mutation.mutateAsync(minutes);
        return null;
      } catch (err) {
        return isApiError(err) ? err.error : 'The contact target could not be saved.';
      }
    },
  };
};
