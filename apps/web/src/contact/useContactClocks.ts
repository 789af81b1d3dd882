import { useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { withPipelineContact, type ContactClock } from '@referrals/shared';
import { apiKey } from '../api/queries';
import { useOnError } from '../api/useOnError';
import { useServices } from '../app/services';
import { logger } from '../log';
import type { PipelineView } from '../pipeline/pipelineView';
import { useContactTarget } from './useContactTarget';

const log = logger('contact');
const PATH = '/api/contact-clocks';
const EMPTY: ReadonlyMap<number, ContactClock> = new Map();

/** The contact clocks of a list page, by referral id, and the target they count against. */
export interface ContactClocks {
  readonly byId: ReadonlyMap<number, ContactClock>;
  readonly targetMinutes: number;
}

/**
 * The contact clocks of some bought referrals (`GET /api/contact-clocks?ids=`), each stopped as
 * soon as the live pipeline shows its first entry after the claim (a colleague's call stops it on
 * every screen at once), against the agency's live target. Off (`enabled` false) for admins.
 */
export const useContactClocks = (
  ids: readonly number[],
  pipelines: ReadonlyMap<number, PipelineView>,
  enabled = true,
): ContactClocks => {
  const { api } = useServices();
  const key = [...ids].sort((a, b) => a - b).join(',');
  const target = useContactTarget(enabled);
  const read = useQuery({
    queryKey: apiKey(PATH, { ids: key }),
    queryFn: async ({ signal }) => {
      const r = await api.withSignal(signal).get(PATH, { ids: key });
      const items = Array.isArray(r.items) ? r.items : [];
      return new Map(items.map((c) => [c.referralId, c]));
    },
    enabled: enabled && key !== '',
    placeholderData: keepPreviousData,
  });
  useOnError(read.error, (err) => log.warn('could not read the contact clocks', err));
  const held = key === '' || !enabled ? EMPTY : (read.data ?? EMPTY);
  const byId = useMemo(() => {
    const out = new Map<number, ContactClock>();
    for (const [id, c] of held) out.set(id, withPipelineContact(c, pipelines.get(id)));
    return out;
  }, [held, pipelines]);
  const targetMinutes = target.minutes;
  return useMemo(() => ({ byId, targetMinutes }), [byId, targetMinutes]);
};
