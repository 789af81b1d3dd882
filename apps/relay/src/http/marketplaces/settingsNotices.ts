/**
 * Announces each change of an agency's self-serve settings to the agency's screens (and the
 * admins'), on the `agencySettings` notice stream, whoever made it: the agency's admin, an admin
 * setting cap bounds, or the pause clock.
 * Invariant: a notice is published only once the store has kept the change, and names the agency
 * the marketplace belongs to as the read model holds it (no agency: nothing is announced).
 */
import type { AgencySetting, AgencySettingsNotice, Marketplace } from '@referrals/shared';
import type { SelfServeStore } from '../../db/selfServe.js';

/** Publishes one notice (the relay's notice publisher, bound to the stream). */
export type PublishSettingsNotice = (notice: AgencySettingsNotice) => void;

/** The notice of a change of one agency's setting at `now`. */
export const settingsNotice = (
  agencyId: number,
  marketplaceId: number | null,
  setting: AgencySetting,
  now: Date,
): AgencySettingsNotice => ({ agencyId, marketplaceId, setting, at: now.toISOString() });

/** The store, announcing each kept change of a marketplace's pause or bounds. */
export function announcingSelfServe(
  store: SelfServeStore,
  marketplaceOf: (id: number) => Marketplace | undefined,
  publish: PublishSettingsNotice,
  now: () => Date,
): SelfServeStore {
  const announce = (marketplaceId: number) => {
    const agencyId = marketplaceOf(marketplaceId)?.agencyId;
    if (agencyId === undefined || agencyId === null) return;
    publish(settingsNotice(agencyId, marketplaceId, 'selfServe', now()));
  };
  return {
    get: (id) => store.get(id),
    list: () => store.list(),
    pauseOf: (id) => store.pauseOf(id),
    due: (at) => store.due(at),
    async setBounds(id, bounds, by) {
      const saved = await store.setBounds(id, bounds, by);
      announce(id);
      return saved;
    },
    async setPause(id, pause, by) {
      const saved = await store.setPause(id, pause, by);
      announce(id);
      return saved;
    },
  };
}
