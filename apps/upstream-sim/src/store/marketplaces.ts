import type { Marketplace, MarketplaceCreate, PriorityEntry } from '@referrals/shared';

/** Marketplaces in memory: written by the admin calls, read by the matching of the live market. */
export class MarketplaceStore {
  private readonly byId = new Map<number, Marketplace>();
  private lastId = 0;
  /** Rises on every write; appetite caches key on it. */
  version = 0;

  /** Stores a marketplace as generated (its id is kept). */
  seed(marketplace: Marketplace): void {
    this.byId.set(marketplace.id, marketplace);
    this.lastId = Math.max(this.lastId, marketplace.id);
    this.version++;
  }

  /** Every marketplace, by id. */
  list(): Marketplace[] {
    return [...this.byId.values()].sort((a, b) => a.id - b.id);
  }

  /** One marketplace, or undefined. */
  get(id: number): Marketplace | undefined {
    return this.byId.get(id);
  }

  /** Creates a marketplace with the next id; the creation date is the server's. */
  create(body: MarketplaceCreate, nowMs: number): Marketplace {
    const marketplace: Marketplace = {
      ...body,
      id: ++this.lastId,
      creationDate: new Date(nowMs).toISOString(),
    };
    this.seed(marketplace);
    return marketplace;
  }

  /** Replaces a marketplace; the creation date stays the stored one. Undefined when unknown. */
  update(body: Marketplace): Marketplace | undefined {
    const stored = this.byId.get(body.id);
    if (stored === undefined) return undefined;
    const marketplace: Marketplace = { ...body, creationDate: stored.creationDate };
    this.byId.set(body.id, marketplace);
    this.version++;
    return marketplace;
  }

  /** Ids of a priorities body that name no marketplace. */
  unknownIds(entries: readonly PriorityEntry[]): number[] {
    return entries.map((e) => e.id).filter((id) => !this.byId.has(id));
  }

  /** Applies 1-based priorities; marketplaces not named keep theirs. */
  setPriorities(entries: readonly PriorityEntry[]): Marketplace[] {
    for (const { id, priority } of entries) {
      const stored = this.byId.get(id);
      if (stored !== undefined) this.byId.set(id, { ...stored, priority });
    }
    this.version++;
    return this.list();
  }
}
