/**
 * Computed rooms (dashboards): each room's one item, recomputed once per room after a burst of
 * changes of the streams it depends on, once a minute so hour buckets roll over, and only while
 * a socket of this instance is in the room.
 *
 * Invariant: the item goes out as a complete snapshot with a seq that rises with every new
 * content, and only when its content changed. Clients apply it whatever seq they hold, so there
 * is never a gap to resync and another instance's seq does not matter.
 */
import type { SnapshotMessage, TopicItems } from '@referrals/shared';
import type { StreamName } from '../keys.js';
import { logger } from '../log.js';
import { feedOf, type MirrorEvent, type ReadModel } from '../readModel/api.js';
import type { RoomEmitter } from './emitter.js';
import type { ComputedRoomSpec } from './roomTypes.js';
import { COMPUTED_STREAMS } from './topicSources.js';

const log = logger('realtime');

/** Timing of computed rooms (tests shorten them). */
export interface ComputedRoomsOptions {
  /** How long changes are gathered before one computation per room (a poll commits several streams). */
  readonly coalesceMs?: number;
  /** Recomputes every room this often even without changes, so hour buckets roll over. */
  readonly refreshMs?: number;
  readonly now?: () => number;
}

type Item = TopicItems[keyof TopicItems];

interface Entry {
  readonly spec: ComputedRoomSpec;
  item: Item;
  /** The item's content without its computation time, to send only what changed. */
  fingerprint: string;
  seq: number;
  dirty: boolean;
  /** Its item is being computed elsewhere (the read model's own thread). */
  computing?: boolean;
}

const fingerprintOf = (item: object): string => JSON.stringify({ ...item, at: 0 });

const snapshot = (e: Entry): SnapshotMessage =>
  ({ topic: e.spec.topic, seq: e.seq, complete: true, items: [e.item] }) as SnapshotMessage;

/**
 * The computed rooms' items and when they are computed again. A room's entry is replaced, never
 * changed in place, when its content changes; a computation that ends after its room moved on
 * to another entry is dropped.
 */
class ComputedRoomItems {
  private readonly entries = new Map<string, Entry>();
  private version = 0;
  private pending: NodeJS.Timeout | undefined;

  constructor(
    private readonly out: RoomEmitter,
    private readonly coalesceMs: number,
    private readonly now: () => number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /**
   * The room's current item as a snapshot, computed now when it is stale or unknown (a promise of
   * it when computed on the read model's own thread).
   */
  current(spec: ComputedRoomSpec): SnapshotMessage | Promise<SnapshotMessage> {
    const held = this.entries.get(spec.room);
    if (held && !held.dirty) return snapshot(held);
    if (held) held.dirty = false;
    const keep = (next: Entry): SnapshotMessage => {
      this.entries.set(spec.room, next);
      // The room's other sockets would otherwise wait for the next change to see this one.
      if (held && next !== held) this.out.emit(spec.room, 'snapshot', snapshot(next));
      return snapshot(next);
    };
    const next = this.compute(held, held?.spec ?? spec);
    return next instanceof Promise ? next.then(keep) : keep(next);
  }

  /** Marks the rooms depending on `stream` (every room when null) for computing after a pause. */
  markDirty(stream: StreamName | null): void {
    let any = false;
    for (const e of this.entries.values()) {
      if (stream !== null && !e.spec.dependsOn.includes(stream)) continue;
      e.dirty = true;
      any = true;
    }
    if (any) this.schedule();
  }

  stop(): void {
    clearTimeout(this.pending);
    this.pending = undefined;
  }

  private schedule(): void {
    this.pending ??= setTimeout(() => this.flush(), this.coalesceMs);
  }

  /** Computes every marked room still joined on this instance; forgets the others. */
  private flush(): void {
    this.pending = undefined;
    for (const [room, e] of this.entries) {
      if (!this.out.has(room)) {
        this.entries.delete(room);
        continue;
      }
      if (!e.dirty || e.computing) continue;
      this.recompute(room, e);
    }
  }

  /** Computes a marked room's item again; one computed elsewhere runs one at a time per room. */
  private recompute(room: string, e: Entry): void {
    e.dirty = false;
    const failed = (err: unknown) => log.error({ err, room }, 'could not compute a room');
    try {
      const next = this.compute(e, e.spec);
      if (!(next instanceof Promise)) return this.replace(room, e, next);
      e.computing = true;
      next
        .then((n) => this.replace(room, e, n), failed)
        .finally(() => {
          e.computing = false;
          if (this.entries.get(room)?.dirty) this.schedule();
        });
    } catch (err) {
      failed(err);
    }
  }

  /**
   * Computes a room's item (see settle); a promise of it when the item is computed where the
   * referrals are (the read model's own thread).
   */
  private compute(e: Entry | undefined, spec: ComputedRoomSpec): Entry | Promise<Entry> {
    const item = spec.compute(this.now());
    return item instanceof Promise
      ? item.then((i) => this.settle(e, spec, i))
      : this.settle(e, spec, item);
  }

  /** The entry of a computed item: the same entry when its content did not change, else a new one. */
  private settle(e: Entry | undefined, spec: ComputedRoomSpec, item: Item): Entry {
    const fingerprint = fingerprintOf(item);
    if (e && e.fingerprint === fingerprint) return e;
    this.version += 1;
    return { spec, item, fingerprint, seq: this.version, dirty: false };
  }

  /** A room's item computed anew: kept and sent if it changed and the room still holds `e`. */
  private replace(room: string, e: Entry, next: Entry): void {
    if (next === e || this.entries.get(room) !== e) return;
    // Changes that came while it was computed are computed again.
    next.dirty = e.dirty;
    this.entries.set(room, next);
    this.out.emit(room, 'snapshot', snapshot(next));
  }
}

/**
 * The computed rooms of this instance, following the streams they depend on, the list indexes'
 * loads and a periodic refresh.
 */
export function createComputedRooms(
  readModel: ReadModel,
  out: RoomEmitter,
  options: ComputedRoomsOptions = {},
) {
  const { coalesceMs = 50, refreshMs = 60_000, now = Date.now } = options;
  const items = new ComputedRoomItems(out, coalesceMs, now);
  const stops = COMPUTED_STREAMS.map((s) =>
    feedOf(readModel, s).onEvent((e: MirrorEvent<object>) => items.markDirty(e.stream)),
  );
  // Dashboards read the list indexes, which finish a load after the mirror's reset.
  stops.push(readModel.referralIndex.onLoaded(() => items.markDirty('referrals')));
  const refresh = setInterval(() => items.markDirty(null), refreshMs);
  refresh.unref();
  const current = (spec: ComputedRoomSpec) => items.current(spec);

  return {
    /** Records a room a socket is joining; returns its snapshot. */
    join: current,
    snapshotOf: current,
    get roomCount() {
      return items.size;
    },
    stop() {
      for (const s of stops) s();
      clearInterval(refresh);
      items.stop();
    },
  };
}
