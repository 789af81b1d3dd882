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
/** The store's log since a seq, and one change set of it (records as JSON). */
type Logged = NonNullable<Awaited<ReturnType<ReadModel['store']['changesSince']>>>;
type LoggedChange = Logged[number];

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
 * The room's change sets of the log's change sets after `seq`, when they follow it unbroken and
 * reach at least `held`, the seq the feed held once the room was joined (every change after that
 * reaches the room from fan-out, so none falls between; any the log holds past it are sent twice,
 * and a client drops the second as one it holds). Null when they do not: the client reloads.
 */
function cutLog(spec: StreamRoomSpec, seq: number, log: Logged, held: number) {
  if (log.length === 0) return seq === held ? [] : null;
  if (log.some((c) => c.kind !== 'delta')) return null;
  if (log[0]?.seq !== seq + 1 || (log[log.length - 1]?.seq ?? 0) < held) return null;
  return log.map((c) => changesOfLogged(spec, c));
}

/**
 * A room's change sets since `seq` from the store's log, when they run unbroken from it up to at
 * least the seq the feed holds, the room being joined already (so none is missing between them and
 * what fan-out sends next); [] when the client holds the feed's seq; null otherwise (a seq the
 * feed does not hold yet, one the log no longer reaches back to, a reset between), and the client
 * reloads a snapshot.
 */
export async function changesSinceLog(
  readModel: ReadModel,
  spec: StreamRoomSpec,
  seq: number,
): Promise<ChangesMessage[] | null> {
  const held = feedOf(readModel, spec.stream).seq;
  if (seq === held) return [];
  if (seq > held) return null;
  const log = await readModel.store.changesSince(spec.stream, seq);
  return log && cutLog(spec, seq, log, held);
}

/**
 * How long before the change set a client holds was committed a change of a stream that re-cuts
 * its room (`reloadOn`) still counts as one the client may have missed: the relays follow each
 * stream on its own, so the re-cut may have reached the room a little after that change set.
 */
export const RECUT_MARGIN_MS = 30_000;

/**
 * Whether a stream that re-cuts the room (an edited appetite) may have changed since `since`
 * (epoch ms of a commit): its newest change set is that recent, or the log cannot say.
 */
async function recutSince(
  readModel: ReadModel,
  streams: readonly StreamRoomSpec['stream'][],
  since: number,
): Promise<boolean> {
  for (const stream of streams) {
    const seq = feedOf(readModel, stream).seq;
    if (seq === 0) continue; // never committed: nothing re-cut the room
    const log = await readModel.store.changesSince(stream, seq - 1);
    const newest = log?.[log.length - 1];
    if (!newest) return true;
    // A reset (an epoch's first commit, a change too large to log) names the time it was made.
    if ((newest.kind === 'delta' ? newest.committedAt : newest.at) >= since) return true;
  }
  return false;
}

/**
 * What a client resuming a stream room at `seq` is sent short of a snapshot: the change sets since
 * (see changesSinceLog), [] when it is current, or null when it must reload. A seq ahead of the
 * feed is never trusted (null). A room also cut by other streams (`reloadOn`) was sent a snapshot
 * whenever one of them changed, which a client away missed: unless none changed since the change
 * set it holds was committed (less RECUT_MARGIN_MS), it reloads.
 */
export async function resumeChanges(
  readModel: ReadModel,
  spec: StreamRoomSpec,
  seq: number,
): Promise<ChangesMessage[] | null> {
  if (spec.reloadOn.length === 0) return changesSinceLog(readModel, spec, seq);
  const held = feedOf(readModel, spec.stream).seq;
  if (seq > held || seq < 1) return null;
  // The change set the client holds, for its commit time, and those after it.
  const log = await readModel.store.changesSince(spec.stream, seq - 1);
  const holds = log?.[0];
  if (!log || holds?.kind !== 'delta' || holds.seq !== seq) return null;
  if (await recutSince(readModel, spec.reloadOn, holds.committedAt - RECUT_MARGIN_MS)) return null;
  return cutLog(spec, seq, log.slice(1), held);
}
