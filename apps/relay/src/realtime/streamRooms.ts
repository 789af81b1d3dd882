/**
 * What a stream room is sent, cut from its stream for the room's audience: its snapshot, the
 * change set of each delta the mirror applies, and the change sets the store's log still holds.
 *
 * Invariant: a room is only ever sent items its `select` lets through; a change set at `seq`
 * names `prevSeq = seq - 1`, so a client applies it only on top of exactly what it holds.
 */
import type { ChangesMessage, SnapshotMessage } from '@referrals/shared';
import {
  ALL,
  feedOf,
  mirrorOf,
  type MirrorEvent,
  type ReadModel,
  type ScopeMembers,
} from '../readModel/api.js';
import type { StreamRoomSpec } from './roomTypes.js';

/** A delta as the mirror applied it: each record before and after. */
export type DeltaEvent = Extract<MirrorEvent<object>, { kind: 'delta' }>;
/** A change set as the store's log keeps it (records as JSON). */
type LoggedChange = NonNullable<Awaited<ReturnType<ReadModel['store']['changesSince']>>>[number];

/** A stream room's snapshot at `seq`: the items of `records` it may see. */
function cut(spec: StreamRoomSpec, seq: number, records: Iterable<object>): SnapshotMessage {
  const items = [];
  for (const r of records) {
    const item = spec.select(r);
    if (item !== undefined) items.push(item);
  }
  return { topic: spec.topic, seq, complete: spec.complete, items } as SnapshotMessage;
}

/**
 * A stream room's snapshot: at hand for a small stream's room (so it is sent before any change
 * that follows it), a promise for a whole referral room, whose scope's members are asked of the
 * read model host. A room paged through REST gets an empty one, which names the seq it starts at.
 */
export function streamSnapshot(
  readModel: ReadModel,
  spec: StreamRoomSpec,
): SnapshotMessage | Promise<SnapshotMessage> {
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

/**
 * A room's change set of a delta: the records it may see now, and the ids of those it saw before
 * and no longer may (or that are gone).
 */
export function changesOfDelta(spec: StreamRoomSpec, e: DeltaEvent): ChangesMessage {
  const upserts = [];
  const removed: string[] = [];
  for (const { next, previous } of e.upserts) {
    const item = spec.select(next);
    if (item !== undefined) upserts.push(item);
    else if (previous !== undefined && spec.select(previous) !== undefined)
      removed.push(spec.idOf(next));
  }
  for (const gone of e.removed) if (spec.select(gone) !== undefined) removed.push(spec.idOf(gone));
  return { topic: spec.topic, prevSeq: e.seq - 1, seq: e.seq, upserts, removed } as ChangesMessage;
}

/**
 * A room's change set of a logged one. The log keeps no previous values, so every record the room
 * may not see is named removed: a client ignores ids it does not hold.
 */
function changesOfLogged(spec: StreamRoomSpec, c: LoggedChange): ChangesMessage {
  const upserts = [];
  const removed: string[] = [];
  if (c.kind === 'delta') {
    for (const { id, json } of c.upserts) {
      const item = spec.select(JSON.parse(json) as object);
      if (item !== undefined) upserts.push(item);
      else removed.push(id);
    }
    removed.push(...c.removed);
  }
  return { topic: spec.topic, prevSeq: c.seq - 1, seq: c.seq, upserts, removed } as ChangesMessage;
}

/**
 * A room's change sets since `seq` from the store's log, when they run unbroken up to the seq the
 * feed holds (so none is missing between them and what fan-out sends next); null otherwise, and
 * the client reloads a snapshot.
 */
export async function changesSinceLog(
  readModel: ReadModel,
  spec: StreamRoomSpec,
  seq: number,
): Promise<ChangesMessage[] | null> {
  const feed = feedOf(readModel, spec.stream);
  if (seq === feed.seq) return [];
  const log = await readModel.store.changesSince(spec.stream, seq);
  if (!log || log.length === 0 || log.some((c) => c.kind !== 'delta')) return null;
  if (log[log.length - 1]?.seq !== feed.seq) return null;
  return log.map((c) => changesOfLogged(spec, c));
}
