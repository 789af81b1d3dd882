import type { FeatureFlag } from '@referrals/shared';

/** Feature flags in memory; names are unique, compared case-sensitively like the service's key. */
export class FeatureFlagStore {
  private readonly byId = new Map<number, FeatureFlag>();
  private lastId = 0;

  /** Every flag, by id. */
  list(): FeatureFlag[] {
    return [...this.byId.values()].sort((a, b) => a.id - b.id);
  }

  /** A flag by id. */
  get(id: number): FeatureFlag | undefined {
    return this.byId.get(id);
  }

  /** A flag by name. */
  byName(name: string): FeatureFlag | undefined {
    return [...this.byId.values()].find((f) => f.name === name);
  }

  /** Creates a flag with the next id. */
  create(flag: Omit<FeatureFlag, 'id'>): FeatureFlag {
    const created: FeatureFlag = { ...flag, id: ++this.lastId };
    this.byId.set(created.id, created);
    return created;
  }

  /** Replaces a stored flag; undefined when the id is unknown. */
  update(flag: FeatureFlag): FeatureFlag | undefined {
    if (!this.byId.has(flag.id)) return undefined;
    this.byId.set(flag.id, { ...flag });
    return this.byId.get(flag.id);
  }
}
