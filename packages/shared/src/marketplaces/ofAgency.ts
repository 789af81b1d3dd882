import type { Marketplace } from '../schemas/marketplace.js';

/** What choosing an agency's marketplace reads of each marketplace. */
type Candidate = Pick<Marketplace, 'id' | 'agencyId' | 'enabled' | 'includedInMarketplaceFlow'>;

/**
 * The marketplace an agency buys through, whose appetite is its In-Appetite view: its flow
 * marketplace, the enabled one first, then the lowest id. None for a user without an agency
 * (staff): their In-Appetite view is empty. The one rule of the relay and the stand-in.
 */
export function marketplaceOfAgency<M extends Candidate>(
  marketplaces: Iterable<M>,
  agencyId: number | null,
): M | undefined {
  if (agencyId === null) return undefined;
  let best: M | undefined;
  for (const m of marketplaces) {
    if (m.agencyId !== agencyId || !m.includedInMarketplaceFlow) continue;
    if (
      best === undefined ||
      Number(m.enabled) > Number(best.enabled) ||
      (m.enabled === best.enabled && m.id < best.id)
    )
      best = m;
  }
  return best;
}
