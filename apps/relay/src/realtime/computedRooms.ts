import type { SnapshotMessage, TopicItems } from '@referrals/shared';
import type { StreamName } from '../keys.js';
import { logger } from '../log.js';
import type { MirrorEvent } from '../readModel/mirror.js';
import { mirrorOf, type ReadModel } from '../readModel/readModel.js';
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

  /** Computes a room's item: the same entry when its content did not change, else a new one. */
  function compute(e: Entry | undefined, spec: ComputedRoomSpec): Entry {
    const item = spec.compute(now());
    const fingerprint = fingerprintOf(item);
    if (e && e.fingerprint === fingerprint) {
      e.dirty = false;
      return e;
    }
    version += 1;
    return { spec, item, fingerprint, seq: version, dirty: false };
  }

  function flush(): void {
    pending = undefined;
    for (const [room, e] of entries) {
      if (!out.has(room)) {
        entries.delete(room);
        continue;
      }
      if (!e.dirty) continue;
      try {
        const next = compute(e, e.spec);
        if (next === e) continue;
        entries.set(room, next);
        out.emit(room, 'snapshot', snapshot(next));
      } catch (err) {
        e.dirty = false;
        log.error({ err, room }, 'could not compute a room');
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
    mirrorOf(readModel, s).onEvent((e: MirrorEvent<object>) => markDirty(e.stream)),
  );
  // Dashboards read the list indexes, which finish a load after the mirror's reset.
  stops.push(readModel.referralIndex.onLoaded(() => markDirty('referrals')));
  const refresh = setInterval(() => markDirty(null), refreshMs);
  refresh.unref();

  /** The room's current item as a snapshot, computed now when it is stale or unknown. */
  function current(spec: ComputedRoomSpec): SnapshotMessage {
    const held = entries.get(spec.room);
    if (held && !held.dirty) return snapshot(held);
    const next = compute(held, held?.spec ?? spec);
    entries.set(spec.room, next);
    // The room's other sockets would otherwise wait for the next change to see this one.
    if (held && next !== held) out.emit(spec.room, 'snapshot', snapshot(next));
    return snapshot(next);
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
