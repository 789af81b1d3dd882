/** What the stand-in knows about a referral beyond the fields it serves. */
export interface ReferralMeta {
  /** Whether its price decays while Available. */
  readonly decays: boolean;
  /** The agency that acquired it (claimed, assigned or delivered to), if any. */
  readonly ownerAgencyId: number | null;
  /** When an Incoming referral is routed on (epoch ms). */
  readonly routeAtMs: number | null;
}

const INITIAL_CAPACITY = 1_024;

/**
 * The hidden facts of every referral as columns indexed by the referral's position in the store.
 * At 1,000,000 referrals one object and one Map entry per referral cost ~150 MB; three typed
 * columns cost 17 MB and nothing for the garbage collector to trace.
 */
export class MetaColumns {
  private decays = new Uint8Array(INITIAL_CAPACITY);
  /** NaN stands for null in both number columns. */
  private owner = new Float64Array(INITIAL_CAPACITY).fill(NaN);
  private routeAt = new Float64Array(INITIAL_CAPACITY).fill(NaN);

  /** Writes the facts of the referral at `position` (positions are appended in order). */
  set(position: number, meta: ReferralMeta): void {
    if (position >= this.decays.length) this.grow(position + 1);
    this.decays[position] = meta.decays ? 1 : 0;
    this.owner[position] = meta.ownerAgencyId ?? NaN;
    this.routeAt[position] = meta.routeAtMs ?? NaN;
  }

  /** The facts at `position` as a fresh object. */
  get(position: number): ReferralMeta {
    return {
      decays: this.decays[position] === 1,
      ownerAgencyId: this.ownerAt(position),
      routeAtMs: nullable(this.routeAt[position]),
    };
  }

  /** The owning agency at `position`, without building an object (list filters call this a lot). */
  ownerAt(position: number): number | null {
    return nullable(this.owner[position]);
  }

  /** Whether the price at `position` decays. */
  decaysAt(position: number): boolean {
    return this.decays[position] === 1;
  }

  /** Sets the owning agency at `position`. */
  setOwner(position: number, agencyId: number | null): void {
    this.owner[position] = agencyId ?? NaN;
  }

  /** Stops or starts the decay at `position`. */
  setDecays(position: number, decays: boolean): void {
    this.decays[position] = decays ? 1 : 0;
  }

  /**
   * Deletes the facts at `positions` (ascending, distinct, each below `length`, the number of
   * positions in use) and moves the later ones down to close the gaps, as the store's list does.
   */
  removePositions(positions: readonly number[], length: number): void {
    let write = positions[0] ?? length;
    for (let k = 0; k < positions.length; k++) {
      const from = (positions[k] as number) + 1;
      const to = positions[k + 1] ?? length;
      if (to > from) {
        this.decays.copyWithin(write, from, to);
        this.owner.copyWithin(write, from, to);
        this.routeAt.copyWithin(write, from, to);
        write += to - from;
      }
    }
    // Freed slots at the end read as "no facts", as unwritten ones do.
    this.decays.fill(0, write, length);
    this.owner.fill(NaN, write, length);
    this.routeAt.fill(NaN, write, length);
  }

  private grow(minimum: number): void {
    let capacity = this.decays.length * 2;
    while (capacity < minimum) capacity *= 2;
    const decays = new Uint8Array(capacity);
    decays.set(this.decays);
    const owner = new Float64Array(capacity).fill(NaN);
    owner.set(this.owner);
    const routeAt = new Float64Array(capacity).fill(NaN);
    routeAt.set(this.routeAt);
    this.decays = decays;
    this.owner = owner;
    this.routeAt = routeAt;
  }
}

const nullable = (value: number | undefined): number | null =>
  value === undefined || Number.isNaN(value) ? null : value;
