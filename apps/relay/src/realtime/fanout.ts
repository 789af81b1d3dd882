import type { ChangesMessage, SnapshotMessage } from '@referrals/shared';
import type { StreamName } from '../keys.js';
import type { MirrorEvent } from '../readModel/mirror.js';
import { mirrorOf, type ReadModel } from '../readModel/readModel.js';
import { createComputedRooms, type ComputedRoomsOptions } from './computedRooms.js';
import type { RoomEmitter } from './emitter.js';
import { isComputed, type RoomSpec, type StreamRoomSpec } from './roomTypes.js';
import { ROOM_STREAMS } from './topicSources.js';

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

  function snapshotOf(spec: RoomSpec): SnapshotMessage {
    if (isComputed(spec)) return computed.snapshotOf(spec);
    const mirror = mirrorOf(readModel, spec.stream);
    const items = [];
    if (spec.complete) {
      // A referral room reads its scope's view; a view not built (a load under way) or a small
      // stream is read whole.
      const records =
        spec.records?.() ??
        (spec.scope && readModel.referralIndex.allNow(spec.scope)) ??
        mirror.values();
      for (const r of records) {
        const item = spec.select(r);
        if (item !== undefined) items.push(item);
      }
    }
    return {
      topic: spec.topic,
      seq: mirror.seq,
      complete: spec.complete,
      items,
    } as SnapshotMessage;
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
        if (e.kind === 'reset') out.emit(room, 'snapshot', snapshotOf(spec));
        else out.emit(room, 'changes', changesFor(spec, e));
        delivered = true;
      } else if (e.kind === 'delta' && spec.reloadOn.includes(e.stream)) {
        // What the room holds changed with another stream (an edited appetite): clients reload.
        out.emit(room, 'snapshot', snapshotOf(spec));
      }
    }
    if (delivered && e.kind === 'delta') options.onDelivered?.(e.stream, e.committedAt);
  }

  const stops = ROOM_STREAMS.map((s) => mirrorOf(readModel, s).onEvent(onEvent));

  return {
    /** Records the room a socket is joining; returns its snapshot, consistent with what follows. */
    join(spec: RoomSpec): SnapshotMessage {
      if (isComputed(spec)) return computed.join(spec);
      specs.set(spec.room, spec);
      return snapshotOf(spec);
    },
    snapshotOf,
    /** Change sets since `seq` from the store's log, for this room, if they reach the mirror's seq. */
    async changesSince(spec: RoomSpec, seq: number): Promise<ChangesMessage[] | null> {
      // A computed room keeps no log: its one item is always sent whole.
      if (isComputed(spec)) return null;
      const mirror = mirrorOf(readModel, spec.stream);
      if (seq === mirror.seq) return [];
      const log = await readModel.store.changesSince(spec.stream, seq);
      if (!log || log.length === 0 || log.some((c) => c.kind !== 'delta')) return null;
      if (log[log.length - 1]?.seq !== mirror.seq) return null;
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
