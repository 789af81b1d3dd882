import type { SnapshotMessage, TopicItems } from '@referrals/shared';
import type { StreamName } from '../keys.js';
import { logger } from '../log.js';
import type { MirrorEvent } from '../readModel/api.js';
import { feedOf, type ReadModel } from '../readModel/api.js';
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

interface Entry {
  readonly spec: ComputedRoomSpec;
  item: TopicItems[keyof TopicItems];
  /** The item's content without its computation time, to send only what changed. */
  fingerprint: string;
  seq: number;
  dirty: boolean;
  /** Its item is being computed elsewhere (the read model's own thread). */
  computing?: boolean;
}

const fingerprintOf = (item: object): string => JSON.stringify({ ...item, at: 0 });

/**
 * Keeps each computed room's item: recomputed once per room after a burst of changes of the
 * streams it depends on, once a minute, and only while a socket of this instance is in the room.
 * The item goes out as a complete snapshot with a rising seq, which clients apply whatever seq they
 * hold, so there is never a gap to resync and another instance's seq does not matter.
 */
export function createComputedRooms(
  readModel: ReadModel,
  out: RoomEmitter,
  options: ComputedRoomsOptions = {},
) {
  const { coalesceMs = 50, refreshMs = 60_000, now = Date.now } = options;
  const entries = new Map<string, Entry>();
  let version = 0;
  let pending: NodeJS.Timeout | undefined;

  const snapshot = (e: Entry): SnapshotMessage =>
    ({ topic: e.spec.topic, seq: e.seq, complete: true, items: [e.item] }) as SnapshotMessage;

  /** The entry of a computed item: the same entry when its content did not change, else a new one. */
  function settle(
    e: Entry | undefined,
    spec: ComputedRoomSpec,
    item: TopicItems[keyof TopicItems],
  ): Entry {
    const fingerprint = fingerprintOf(item);
    if (e && e.fingerprint === fingerprint) return e;
    version += 1;
    return { spec, item, fingerprint, seq: version, dirty: false };
  }

  /**
   * Computes a room's item (see settle); a promise of it when the item is computed where the
   * referrals are (the read model's own thread).
   */
  function compute(e: Entry | undefined, spec: ComputedRoomSpec): Entry | Promise<Entry> {
    const item = spec.compute(now());
    return item instanceof Promise ? item.then((i) => settle(e, spec, i)) : settle(e, spec, item);
  }

  /** A room's item computed anew: kept and sent if it changed and the room still holds `e`. */
  function replace(room: string, e: Entry, next: Entry): void {
    if (next === e || entries.get(room) !== e) return;
    // Changes that came while it was computed are computed again.
    next.dirty = e.dirty;
    entries.set(room, next);
    out.emit(room, 'snapshot', snapshot(next));
  }

  function flush(): void {
    pending = undefined;
    for (const [room, e] of entries) {
      if (!out.has(room)) {
        entries.delete(room);
        continue;
      }
      if (!e.dirty || e.computing) continue;
      e.dirty = false;
      const failed = (err: unknown) => log.error({ err, room }, 'could not compute a room');
      try {
        const next = compute(e, e.spec);
        if (!(next instanceof Promise)) {
          replace(room, e, next);
          continue;
        }
        e.computing = true;
        next
          .then((n) => replace(room, e, n), failed)
          .finally(() => {
            e.computing = false;
            if (entries.get(room)?.dirty) pending ??= setTimeout(flush, coalesceMs);
          });
      } catch (err) {
        failed(err);
      }
    }
  }

  function markDirty(stream: StreamName | null): void {
    let any = false;
    for (const e of entries.values()) {
      if (stream !== null && !e.spec.dependsOn.includes(stream)) continue;
      e.dirty = true;
      any = true;
    }
    if (any) pending ??= setTimeout(flush, coalesceMs);
  }

  const stops = COMPUTED_STREAMS.map((s) =>
    feedOf(readModel, s).onEvent((e: MirrorEvent<object>) => markDirty(e.stream)),
  );
  // Dashboards read the list indexes, which finish a load after the mirror's reset.
  stops.push(readModel.referralIndex.onLoaded(() => markDirty('referrals')));
  const refresh = setInterval(() => markDirty(null), refreshMs);
  refresh.unref();

  /**
   * The room's current item as a snapshot, computed now when it is stale or unknown (a promise of
   * it when computed on the read model's own thread).
   */
  function current(spec: ComputedRoomSpec): SnapshotMessage | Promise<SnapshotMessage> {
    const held = entries.get(spec.room);
    if (held && !held.dirty) return snapshot(held);
    if (held) held.dirty = false;
    const keep = (next: Entry): SnapshotMessage => {
      entries.set(spec.room, next);
      // The room's other sockets would otherwise wait for the next change to see this one.
      if (held && next !== held) out.emit(spec.room, 'snapshot', snapshot(next));
      return snapshot(next);
    };
    const next = compute(held, held?.spec ?? spec);
    return next instanceof Promise ? next.then(keep) : keep(next);
  }

  return {
    /** Records a room a socket is joining; returns its snapshot. */
    join: current,
    snapshotOf: current,
    get roomCount() {
      return entries.size;
    },
    stop() {
      for (const s of stops) s();
      clearInterval(refresh);
      clearTimeout(pending);
      pending = undefined;
    },
  };
}
