import type { ChangesMessage, SnapshotMessage } from '@referrals/shared';
import type { StreamName } from '../keys.js';
import type { MirrorEvent } from '../readModel/api.js';
import { logger } from '../log.js';
import { ALL, feedOf, mirrorOf, type ReadModel, type ScopeMembers } from '../readModel/api.js';
import { createComputedRooms, type ComputedRoomsOptions } from './computedRooms.js';
import type { RoomEmitter } from './emitter.js';
import { isComputed, type RoomSpec, type StreamRoomSpec } from './roomTypes.js';
import { ROOM_STREAMS } from './topicSources.js';

const log = logger('realtime');

/** Options of fan-out: those of the computed rooms, and a report of each change set sent. */
export interface FanoutOptions extends ComputedRoomsOptions {
  /** Called once a committed change set has been emitted to its rooms (delivery lag). */
  readonly onDelivered?: (stream: StreamName, committedAt: number) => void;
}

/**
 * Turns every event the read model applies into per-room messages: each room gets the records it
 * may see, projected for its audience, and the ids of records that left it. Every room of a
 * stream gets every change set (empty ones too), so a client can tell a gap from silence.
 */
export function createFanout(readModel: ReadModel, out: RoomEmitter, options: FanoutOptions = {}) {
  const specs = new Map<string, StreamRoomSpec>();
  const computed = createComputedRooms(readModel, out, options);

  /**
   * A room's snapshot: at hand for a small stream's room, a promise for a whole referral room,
   * whose scope's members are asked of the read model host.
   */
  function snapshotOf(spec: RoomSpec): SnapshotMessage | Promise<SnapshotMessage> {
    if (isComputed(spec)) return computed.snapshotOf(spec);
    if (!spec.complete) return cut(spec, feedOf(readModel, spec.stream).seq, []);
    const records = spec.records?.();
    if (records) return cut(spec, feedOf(readModel, spec.stream).seq, records);
    if (spec.stream === 'referrals') {
      const whole = (m: ScopeMembers) => cut(spec, m.seq, m.records);
      return readModel.scopeMembers(spec.scope ?? ALL).then(whole);
    }
    const mirror = mirrorOf(readModel, spec.stream);
    return cut(spec, mirror.seq, mirror.values());
  }

  /** A stream room's snapshot at `seq`: the items of `records` it may see. */
  function cut(spec: StreamRoomSpec, seq: number, records: Iterable<object>): SnapshotMessage {
    const items = [];
    for (const r of records) {
      const item = spec.select(r);
      if (item !== undefined) items.push(item);
    }
    return { topic: spec.topic, seq, complete: spec.complete, items } as SnapshotMessage;
  }

  /** Sends a room its snapshot, once it is at hand. */
  function sendSnapshot(room: string, spec: RoomSpec): void {
    const snap = snapshotOf(spec);
    if (!(snap instanceof Promise)) return out.emit(room, 'snapshot', snap);
    snap.then(
      (s) => out.emit(room, 'snapshot', s),
      (err: unknown) => log.warn({ err, room }, 'could not send a room its snapshot'),
    );
  }

  function changesFor(
    spec: StreamRoomSpec,
    e: Extract<MirrorEvent<object>, { kind: 'delta' }>,
  ): ChangesMessage {
    const upserts = [];
    const removed: string[] = [];
    for (const { next, previous } of e.upserts) {
      const item = spec.select(next);
      if (item !== undefined) upserts.push(item);
      else if (previous !== undefined && spec.select(previous) !== undefined)
        removed.push(spec.idOf(next));
    }
    for (const gone of e.removed)
      if (spec.select(gone) !== undefined) removed.push(spec.idOf(gone));
    return {
      topic: spec.topic,
      prevSeq: e.seq - 1,
      seq: e.seq,
      upserts,
      removed,
    } as ChangesMessage;
  }

  function onEvent(e: MirrorEvent<object>): void {
    let delivered = false;
    for (const [room, spec] of specs) {
      if (!out.has(room)) {
        specs.delete(room);
        continue;
      }
      if (spec.stream === e.stream) {
        if (e.kind === 'reset') sendSnapshot(room, spec);
        else out.emit(room, 'changes', changesFor(spec, e));
        delivered = true;
      } else if (e.kind === 'delta' && spec.reloadOn.includes(e.stream)) {
        // What the room holds changed with another stream (an edited appetite): clients reload.
        sendSnapshot(room, spec);
      }
    }
    if (delivered && e.kind === 'delta') options.onDelivered?.(e.stream, e.committedAt);
  }

  const stops = ROOM_STREAMS.map((s) => feedOf(readModel, s).onEvent(onEvent));

  return {
    /**
     * Records the room a socket is joining; returns its snapshot, consistent with what follows (a
     * snapshot asked for is at the seq it was read at: a client drops the changes it already
     * holds and applies those after).
     */
    join(spec: RoomSpec): SnapshotMessage | Promise<SnapshotMessage> {
      if (isComputed(spec)) return computed.join(spec);
      specs.set(spec.room, spec);
      return snapshotOf(spec);
    },
    snapshotOf,
    /** Change sets since `seq` from the store's log, for this room, if they reach the mirror's seq. */
    async changesSince(spec: RoomSpec, seq: number): Promise<ChangesMessage[] | null> {
      // A computed room keeps no log: its one item is always sent whole.
      if (isComputed(spec)) return null;
      const feed = feedOf(readModel, spec.stream);
      if (seq === feed.seq) return [];
      const log = await readModel.store.changesSince(spec.stream, seq);
      if (!log || log.length === 0 || log.some((c) => c.kind !== 'delta')) return null;
      if (log[log.length - 1]?.seq !== feed.seq) return null;
      return log.map((c) => {
        const upserts = [];
        const removed: string[] = [];
        if (c.kind === 'delta') {
          for (const { id, json } of c.upserts) {
            const item = spec.select(JSON.parse(json) as object);
            if (item !== undefined) upserts.push(item);
            else removed.push(id); // unknown ids are ignored by the client
          }
          removed.push(...c.removed);
        }
        return {
          topic: spec.topic,
          prevSeq: c.seq - 1,
          seq: c.seq,
          upserts,
          removed,
        } as ChangesMessage;
      });
    },
    get roomCount() {
      return specs.size + computed.roomCount;
    },
    stop() {
      for (const s of stops) s();
      computed.stop();
    },
  };
}
export type Fanout = ReturnType<typeof createFanout>;
