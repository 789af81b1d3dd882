/**
 * Fan-out: turns every event the read model applies into per-room messages, each room getting the
 * records it may see, projected for its audience (streamRooms.ts cuts them), and the ids of those
 * that left it. Computed rooms (dashboards) are kept by computedRooms.ts.
 *
 * Invariant: every room of a stream gets every change set of it, empty ones too, in seq order, so
 * a client tells a gap from silence; a reset or a change of a stream the room is cut by sends the
 * room a fresh snapshot instead.
 */
import type { ChangesMessage, SnapshotMessage, SubscribeAnswer } from '@referrals/shared';
import type { StreamName } from '../keys.js';
import { logger } from '../log.js';
import { feedOf, type MirrorEvent, type ReadModel } from '../readModel/api.js';
import { createComputedRooms, type ComputedRoomsOptions } from './computedRooms.js';
import type { RoomEmitter } from './emitter.js';
import { isComputed, type RoomSpec, type StreamRoomSpec } from './roomTypes.js';
import { changesOfDelta, changesSinceLog, resumeChanges, streamSnapshot } from './streamRooms.js';
import { ROOM_STREAMS } from './topicSources.js';

const log = logger('realtime');

/** Options of fan-out: those of the computed rooms, and a report of each change set sent. */
export interface FanoutOptions extends ComputedRoomsOptions {
  /** Called once a committed change set has been emitted to its rooms (delivery lag). */
  readonly onDelivered?: (stream: StreamName, committedAt: number) => void;
}

/**
 * Fan-out of the read model's events to the rooms joined on this instance. A room is forgotten
 * once no socket of this instance is in it.
 */
export function createFanout(readModel: ReadModel, out: RoomEmitter, options: FanoutOptions = {}) {
  const specs = new Map<string, StreamRoomSpec>();
  const computed = createComputedRooms(readModel, out, options);

  /**
   * A room's snapshot: at hand for a small stream's room, a promise for a whole referral room or
   * a computed room whose item is computed on the read model host.
   */
  function snapshotOf(spec: RoomSpec): SnapshotMessage | Promise<SnapshotMessage> {
    return isComputed(spec) ? computed.snapshotOf(spec) : streamSnapshot(readModel, spec);
  }

  /** Sends a room its snapshot: at once when it is at hand, else once it is. */
  function sendSnapshot(room: string, spec: RoomSpec): void {
    const snap = snapshotOf(spec);
    if (!(snap instanceof Promise)) return out.emit(room, 'snapshot', snap);
    snap.then(
      (s) => out.emit(room, 'snapshot', s),
      (err: unknown) => log.warn({ err, room }, 'could not send a room its snapshot'),
    );
  }

  /** Whether a change of a stream the room reloads on touches a record that concerns it. */
  function concerns(spec: StreamRoomSpec, e: MirrorEvent<object> & { kind: 'delta' }): boolean {
    const by = spec.recutBy;
    if (!by) return true;
    const of = (r: object) => by(e.stream, r);
    return (
      e.upserts.some((u) => of(u.next) || (u.previous !== undefined && of(u.previous))) ||
      e.removed.some(of)
    );
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
        else out.emit(room, 'changes', changesOfDelta(spec, e));
        delivered = true;
      } else if (e.kind === 'delta' && spec.reloadOn.includes(e.stream) && concerns(spec, e)) {
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
    /**
     * Records the room a socket resuming at `seq` is joining (joined before the log is read, so
     * no change falls between); answers the change sets since, `current` when there are none, or
     * the room's snapshot when the client must reload (a computed room is always sent whole).
     */
    async resume(spec: RoomSpec, seq: number): Promise<SubscribeAnswer> {
      if (isComputed(spec)) return { kind: 'snapshot', snapshot: await computed.join(spec) };
      specs.set(spec.room, spec);
      const changes = await resumeChanges(readModel, spec, seq);
      if (changes === null) return { kind: 'snapshot', snapshot: await snapshotOf(spec) };
      return changes.length === 0 ? { kind: 'current', seq } : { kind: 'changes', changes };
    },
    snapshotOf,
    /** Change sets since `seq` from the store's log, for this room, if they reach the mirror's seq. */
    changesSince(spec: RoomSpec, seq: number): Promise<ChangesMessage[] | null> {
      // A computed room keeps no log: its one item is always sent whole.
      if (isComputed(spec)) return Promise.resolve(null);
      return changesSinceLog(readModel, spec, seq);
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
