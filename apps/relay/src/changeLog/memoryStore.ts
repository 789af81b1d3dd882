/**
 * The change log in this process's memory, for a relay alone (no Redis): the same contract as the
 * Redis store (check-and-set commits, a bounded log, seqs that start an epoch at the clock).
 */
import { EventEmitter } from 'node:events';
import type { StreamName } from '../keys.js';
import type { ChangeSet, Snapshot } from './changeSet.js';
import type { Diff } from './diff.js';
import {
  epochStartSeq,
  logLengthFor,
  MAX_DELTA_RECORDS,
  StaleCommitError,
  type ReadModelStore,
} from './store.js';

interface StreamState {
  seq: number;
  meta: string | null;
  records: Map<string, string>;
  hashes: Map<string, string>;
  log: ChangeSet[];
}

/** Applies a diff checked against the stream's seq; returns the change set it logs. */
function applyDiff(
  st: StreamState,
  stream: StreamName,
  diff: Diff,
  at: number,
  meta: string | undefined,
): ChangeSet {
  const first = st.seq === 0;
  for (const r of diff.upserts) {
    st.records.set(r.id, r.json);
    st.hashes.set(r.id, r.hash);
  }
  for (const id of diff.removed) {
    st.records.delete(id);
    st.hashes.delete(id);
  }
  if (meta !== undefined) st.meta = meta;
  st.seq = first ? epochStartSeq(at) : st.seq + 1;
  if (diff.upserts.length + diff.removed.length > MAX_DELTA_RECORDS || first)
    return { kind: 'reset', stream, seq: st.seq, at };
  return {
    kind: 'delta',
    stream,
    seq: st.seq,
    at,
    committedAt: Date.now(),
    upserts: diff.upserts.map(({ id, json }) => ({ id, json })),
    removed: [...diff.removed],
  };
}

/** The read model of a single relay instance with no Redis. Same contract as the Redis store. */
export function createMemoryStore(): ReadModelStore {
  const streams = new Map<StreamName, StreamState>();
  const events = new EventEmitter();
  events.setMaxListeners(0);
  const state = (s: StreamName): StreamState => {
    let st = streams.get(s);
    if (!st) {
      st = { seq: 0, meta: null, records: new Map(), hashes: new Map(), log: [] };
      streams.set(s, st);
    }
    return st;
  };

  return {
    kind: 'memory',
    loadHashes: (stream) => {
      const st = state(stream);
      return Promise.resolve({ seq: st.seq, hashes: new Map(st.hashes), meta: st.meta });
    },
    loadSeq: (stream) => Promise.resolve(state(stream).seq),
    loadMeta: (stream) => Promise.resolve({ seq: state(stream).seq, meta: state(stream).meta }),
    saveMeta: (stream, expectedSeq, meta) => {
      const st = state(stream);
      if (st.seq !== expectedSeq) return Promise.resolve(false);
      st.meta = meta;
      return Promise.resolve(true);
    },
    commit: (stream, diff: Diff, expectedSeq, at, meta) => {
      const st = state(stream);
      if (st.seq !== expectedSeq) {
        return Promise.reject(new StaleCommitError(stream, expectedSeq, st.seq));
      }
      const change = applyDiff(st, stream, diff, at, meta);
      st.log.push(change);
      const keep = logLengthFor(diff.upserts.length + diff.removed.length);
      if (st.log.length > keep) st.log.splice(0, st.log.length - keep);
      events.emit(stream, change);
      return Promise.resolve(change);
    },
    snapshot: (stream): Promise<Snapshot> => {
      const st = state(stream);
      return Promise.resolve({ seq: st.seq, records: new Map(st.records) });
    },
    changesSince: (stream, seq) => {
      const st = state(stream);
      if (seq === st.seq) return Promise.resolve([]);
      const first = st.log[0];
      if (seq > st.seq || !first || first.seq > seq + 1) return Promise.resolve(null);
      return Promise.resolve(st.log.filter((c) => c.seq > seq));
    },
    follow: (stream, fromSeq, onChange) => {
      const listener = (c: ChangeSet) => {
        if (c.seq > fromSeq) void onChange(c);
      };
      events.on(stream, listener);
      return () => events.off(stream, listener);
    },
    close: () => {
      events.removeAllListeners();
      return Promise.resolve();
    },
  };
}
