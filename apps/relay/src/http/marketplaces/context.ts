/**
 * What the marketplace routes share: the versioned view of a marketplace, the form's own rules
 * checked again on the relay, and the upstream's source names those rules read.
 * Invariant: a marketplace is answered with the version a save must name (`withVersion`), and
 * nothing is stored that the form would refuse (`formRuleErrors`).
 */
import {
  marketplaceFormSchema,
  toFormValues,
  type Marketplace,
  type MarketplaceCreate,
} from '@referrals/shared';
import { LRUCache } from 'lru-cache';
import * as yup from 'yup';
import { versionOf } from '../../readModel/api.js';
import type { GatewayDeps } from '../deps.js';

/** A marketplace with the version a save based on it names. */
export const withVersion = (m: Marketplace) => ({ ...m, version: versionOf(m) });

/** What the marketplace routes of one gateway share. */
export interface MarketplaceContext {
  readonly d: GatewayDeps;
  /** The marketplaces as the read model holds them now. */
  readonly current: () => Marketplace[];
  /** The upstream's source names, cached for the form's rules. */
  readonly sources: () => Promise<string[]>;
}

/** The context of one gateway's marketplace routes (one cache of source names among them). */
export function marketplaceContext(d: GatewayDeps): MarketplaceContext {
  const { readModel, upstream } = d;
  // The sources' names, read again after five minutes; a failed read is not kept.
  const sourceCache = new LRUCache<'names', string[]>({
    max: 1,
    ttl: 300_000,
    fetchMethod: () => upstream.sources().then((list) => list.map((s) => s.sourceName)),
  });
  return {
    d,
    current: () => [...readModel.marketplaces.values()],
    sources: () => sourceCache.forceFetch('names'),
  };
}

/**
 * The form's own rules (marketplace-admin section 5) checked on the relay too, so a client that
 * skips the form cannot store what the form would refuse. Lookups are not rerun here.
 */
export async function formRuleErrors(
  m: MarketplaceCreate,
  sources: () => Promise<string[]>,
): Promise<string[]> {
  const values = toFormValues({ ...m, id: 0 }, { sources: await sources() });
  try {
    await marketplaceFormSchema.validate(values, { abortEarly: false, context: {} });
    return [];
  } catch (err) {
    if (err instanceof yup.ValidationError) return [...new Set(err.errors)];
    throw err;
  }
}
