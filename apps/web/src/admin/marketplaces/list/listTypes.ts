import type { Marketplace } from '@referrals/shared';

/** A marketplace as GET /api/marketplaces lists it (with its version); live items have none. */
export type ListItem = Marketplace & { readonly version?: string };

/** GET /api/marketplaces. */
export interface MarketplacesAnswer {
  readonly seq: number;
  readonly priorityVersion: string;
  readonly items: readonly ListItem[];
}

/** Body of POST /api/marketplaces/list-save. */
export interface ListSaveBody {
  readonly version: string;
  readonly priorities: readonly { id: number; priority: number }[];
  readonly updates: readonly { id: number; enabled: boolean }[];
}

const sortKeys = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([k]) => k !== 'version');
    return Object.fromEntries(
      entries.sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, sortKeys(v)]),
    );
  }
  return value;
};

/**
 * A fingerprint of a set of marketplaces, independent of order, key order and the REST-only
 * version: equal fingerprints mean the live topic and the loaded list agree.
 */
export const marketplacesSignature = (items: readonly Marketplace[]): string =>
  JSON.stringify(sortKeys([...items].sort((a, b) => a.id - b.id)));
