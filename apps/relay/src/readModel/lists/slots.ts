/**
 * The slots: up to MAX_SLOTS large scopes whose members the market's views count per node, so
 * that any page of such a scope, however deep, is one descent of the market's view in the page's
 * order. An entry says which slots it is in by a bit per slot, over two 30-bit words (`slotsLow`
 * for slots 0 to 29, `slotsHigh` for 30 to 59: each word a small integer on every V8; see
 * slotBits.ts).
 *
 * Invariant: a scope's `slot` is set only once every member has the slot's bit (while a change set
 * gives the bit to each referral that joins as it lands), and a slot is reused only once no entry
 * has its bit any more (`clearing`); a view counts a slot only while a scope holds it.
 */
import { forEachInSlices } from '../../lib/slices.js';
import { logger } from '../../log.js';
import type { IndexContext, ScopeGroup, SlotsPart } from './parts.js';
import { ALL } from './scopes.js';
import { SORT_SHARE } from './settings.js';
import { setSlot } from './slotBits.js';

const log = logger('readModel');

/** How long a scope keeps its slot while others want one and no page reads it. */
const SLOT_IDLE_MS = 10_000;

export class Slots implements SlotsPart {
  /** The scope that holds each slot, or is setting its bit on its members (see `take`). */
  owners: (ScopeGroup | undefined)[] = [];
  /** The slots whose bit is being cleared from their last scope's members (see `free`). */
  private clearing: (object | undefined)[] = [];

  constructor(private readonly ctx: IndexContext) {}

  /** Forgets every slot (a load replaced the market): work under way on one stops. */
  clear(): void {
    this.owners = [];
    this.clearing = [];
  }

  /**
   * Gives a scope whose members are read a slot in the market's views (see `ScopeGroup.slot`): a
   * free one, else the one of the scope read least recently if no page read it for SLOT_IDLE_MS
   * (scopes taking slots from each other would count them again and again). The slot's bit is set
   * on its members in slices (`taking`; an appetite's ~600,000 at 1,000,000 referrals), the slot
   * owned meanwhile and usable once they all have it; a slot taken from another scope is cleared
   * first (see `free`).
   */
  take(group: ScopeGroup): void {
    const { maxSlots, now } = this.ctx.settings;
    if (maxSlots === 0 || group.slot !== undefined || group.taking || !group.members) return;
    if (group.scope.dateField === 'lastModDate') return;
    // A scope of fewer than a sixteenth of the market builds its views from its members sorted,
    // a cheap sort, and leaves the slots to larger scopes, whose views would filter the market.
    if (group.members.size * SORT_SHARE < this.ctx.market.size) return;
    let evicted: ScopeGroup | undefined;
    if (this.unused() < 0) {
      for (const g of this.owners)
        if (g?.slot !== undefined && (!evicted || g.usedAt < evicted.usedAt)) evicted = g;
      if (!evicted || now() - evicted.usedAt < SLOT_IDLE_MS) return;
    }
    group.taking = this.fill(group, evicted)
      .catch((err: unknown) => log.error({ err, scope: group.scope.key }, 'could not take a slot'))
      .finally(() => (group.taking = undefined));
  }

  /** See `take`: clears the evicted scope's slot, then sets the slot's bit on the members. */
  private async fill(group: ScopeGroup, evicted: ScopeGroup | undefined): Promise<void> {
    if (evicted) await this.free(evicted);
    const slot = this.unused();
    const members = group.members;
    // Another scope took the slot meanwhile, or this one was dropped.
    if (slot < 0 || !members || this.ctx.scopes.byKey.get(group.scope.key) !== group) return;
    // Owned from now on: a referral that joins the scope gets the bit as it lands (see
    // `ScopeGroups.change`).
    this.owners[slot] = group;
    const owned = (): boolean => this.owners[slot] === group;
    await forEachInSlices(members.values(), (e) => setSlot(e, slot, true), owned);
    // Unless it was freed meanwhile (whoever freed it clears it) or a load replaced the indexes.
    if (owned()) group.slot = slot;
  }

  /** A slot no scope holds or is clearing, or -1. */
  private unused(): number {
    for (let s = 0; s < this.ctx.settings.maxSlots; s += 1)
      if (!this.owners[s] && !this.clearing[s]) return s;
    return -1;
  }

  /**
   * Takes a scope's slot back (also while its bit is being set): no view counts it any more, and
   * then, in slices, no entry says it is in it; the slot is unused once that is done. Entries
   * that land meanwhile do not get the bit (no scope holds the slot), and those replaced lose it
   * with them.
   */
  free(group: ScopeGroup): Promise<void> {
    const slot = this.owners.indexOf(group);
    if (slot < 0) return Promise.resolve();
    for (const v of this.ctx.views.byKey.values()) if (v.scope === ALL) v.tree?.dropSlot(slot);
    group.slot = undefined;
    this.owners[slot] = undefined;
    const clearing = {};
    this.clearing[slot] = clearing;
    const mine = (): boolean => this.clearing[slot] === clearing;
    return forEachInSlices(group.members?.values() ?? [], (e) => setSlot(e, slot, false), mine)
      .then(
        () => undefined,
        (err: unknown) => log.error({ err, slot }, 'could not clear a slot'),
      )
      .finally(() => {
        if (mine()) this.clearing[slot] = undefined;
      });
  }
}
