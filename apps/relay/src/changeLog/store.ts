/**
 * The change log's interfaces: a reader (snapshot and follow) for the read model, a writer
 * (hashes, note, check-and-set commit) for the poll and the gateway, and the log's bounds.
 */
import type { StreamName } from '../keys.js';
import type { ChangeSet, Snapshot } from './changeSet.js';
import type { Diff } from './diff.js';

/** Thrown by commit when another poller committed since the hashes were loaded. */
export class StaleCommitError extends Error {
  constructor(
    readonly stream: StreamName,
    readonly expected: number,
    readonly actual: number,
  ) {
    super(`${stream}: expected seq ${expected}, store is at ${actual}`);
    this.name = 'StaleCommitError';
  }
}

/**
 * What a stream's change log gives its readers: the snapshot, the change sets since a seq, and
 * every change set from now on, in order. Each relay's read model follows it; the read model
 * host's own store (readModel/host/forwardedStore.ts) is one too, fed by the event loop.
 */
export interface ChangeLogReader {
  /** 'redis' or 'memory', for health and logs. */
  readonly kind: 'redis' | 'memory';
  /** The whole stream as committed. */
  snapshot(stream: StreamName): Promise<Snapshot>;
  /**
   * Calls `onChange` with every change set committed from now on, in order, until stopped. When
   * it returns a promise, a store that reads its log (Redis) reads on once it settles: a follower
   * that falls behind (a first load's parts) leaves the change sets in the store, not in its heap.
   */
  follow(stream: StreamName, fromSeq: number, onChange: (c: ChangeSet) => unknown): () => void;
}

/**
 * What the poll and the gateway's writes need of a stream's change log: the committed hashes to
 * diff against, the poller's note, and a check-and-set commit that fails when another writer
 * committed first.
 */
export interface ChangeLogWriter {
  /**
   * The committed hashes, sequence number and poller's note of a stream (for the diff). Large
   * streams are read in pages, with turns of the event loop between them.
   */
  loadHashes(
    stream: StreamName,
  ): Promise<{ seq: number; hashes: ReadonlyMap<string, string>; meta: string | null }>;
  /** The last committed sequence number of a stream. */
  loadSeq(stream: StreamName): Promise<number>;
  /** The stream's seq and the poller's note, read together. */
  loadMeta(stream: StreamName): Promise<{ seq: number; meta: string | null }>;
  /**
   * Saves the poller's note without a commit, if the stream is still at `expectedSeq` (a cycle
   * that changed nothing still moves its watermark and pass on); false when it is not.
   */
  saveMeta(stream: StreamName, expectedSeq: number, meta: string): Promise<boolean>;
  /**
   * Applies a diff atomically, if the stream is still at `expectedSeq`; returns the change set
   * committed (with the new seq). Throws StaleCommitError otherwise. `meta` (the poller's note:
   * where it has read up to) is saved in the same step, when given.
   */
  commit(
    stream: StreamName,
    diff: Diff,
    expectedSeq: number,
    at: number,
    meta?: string,
  ): Promise<ChangeSet>;
}

/**
 * Where the streams live: Redis across a cluster, memory on a single instance. Each stream has a
 * snapshot, a rising sequence number and a bounded log of change sets.
 */
export interface ReadModelStore extends ChangeLogReader, ChangeLogWriter {
  /** Change sets after `seq`, oldest first; null when the log no longer reaches back that far. */
  changesSince(stream: StreamName, seq: number): Promise<ChangeSet[] | null>;
  close(): Promise<void>;
}

/** Change sets larger than this are logged as a reset: readers reload the snapshot. */
export const MAX_DELTA_RECORDS = 5000;
/** How many change sets each stream's log keeps at most. */
export const CHANGE_LOG_LENGTH = 1000;
/** About how many records the change sets a log keeps add up to (a first load's are large). */
const CHANGE_LOG_RECORDS = 200_000;

/**
 * How many change sets a log keeps after a commit of `size` records: fewer as they grow, so a
 * first load of 1,000,000 referrals in parts does not keep a second copy of the market in the log.
 * A reader that falls further behind reloads the snapshot.
 */
export function logLengthFor(size: number): number {
  return Math.max(
    50,
    Math.min(CHANGE_LOG_LENGTH, Math.floor(CHANGE_LOG_RECORDS / Math.max(1, size))),
  );
}

/**
 * The seq that opens an epoch of a stream's log: its first commit after the store started empty
 * (a first start, Redis restarted empty, a single instance restarted) takes the commit time in ms
 * rather than 1. Each later commit adds 1, far slower than the clock, so a new epoch starts above
 * every seq of the ones before, and a reader holding a seq of an old epoch sees a gap and reloads:
 * seqs order positions across epochs, and no reader applies a new epoch's changes over an old one.
 */
export function epochStartSeq(at: number): number {
  return Math.max(1, Math.floor(at));
}
