/**
 * The read model host's change log: what the event loop forwarded, in order. The host's mirrors
 * follow it as they would the real store.
 */
import type { StreamName } from '../../keys.js';
import type { ChangeSet, Snapshot } from '../../changeLog/changeSet.js';
import type { ChangeLogReader } from '../../changeLog/store.js';

/**
 * A reader only (the event loop writes): what the relay's event loop read from the real store and
 * forwarded, snapshots and change sets in order. The host's mirrors load and follow it as they
 * would the real one. A snapshot forwarded while a stream is followed tells the follower to reload
 * (the event loop reloaded: its follow found a gap, or the store came back); changes forwarded
 * while the follower loads wait for it.
 */
export class ForwardedStore implements ChangeLogReader {
  /** Snapshots complete and not taken by a reload yet (the last one of each stream). */
  private readonly snapshots = new Map<StreamName, Snapshot>();
  /** Reloads waiting for a snapshot to be forwarded. */
  private readonly waiting = new Map<StreamName, ((s: Snapshot) => void)[]>();
  /** Snapshots being forwarded, part by part. */
  private readonly parts = new Map<StreamName, { seq: number; records: Map<string, string> }>();
  private readonly followers = new Map<
    StreamName,
    { from: number; onChange: (c: ChangeSet) => unknown }
  >();
  /** Changes forwarded while no one followed the stream (its mirror loading), in order. */
  private readonly queued = new Map<
    StreamName,
    { change: ChangeSet; done: (taken: unknown) => void }[]
  >();

  constructor(readonly kind: 'redis' | 'memory') {}

  /** A part of a forwarded snapshot; the last part completes it. */
  snapshotPart(
    stream: StreamName,
    seq: number,
    records: readonly (readonly [string, string])[],
    last: boolean,
  ): void {
    let part = this.parts.get(stream);
    if (!part || part.seq !== seq) {
      part = { seq, records: new Map() };
      this.parts.set(stream, part);
    }
    for (const [id, json] of records) part.records.set(id, json);
    if (!last) return;
    this.parts.delete(stream);
    const snap: Snapshot = { seq, records: part.records };
    const waiting = this.waiting.get(stream);
    if (waiting?.length) {
      this.waiting.delete(stream);
      for (const resolve of waiting) resolve(snap);
      return;
    }
    this.snapshots.set(stream, snap);
    // Followed: the follower reloads, and takes this snapshot.
    const follower = this.followers.get(stream);
    if (follower) void follower.onChange({ kind: 'reset', stream, seq, at: Date.now() });
  }

  /**
   * A forwarded change set; resolves once the follower has taken it (or passed it over), with what
   * its `onChange` answered (a mirror: the event it applied, see StreamFollower).
   */
  change(c: ChangeSet): Promise<unknown> {
    const follower = this.followers.get(c.stream);
    if (follower) return Promise.resolve(follower.onChange(c));
    return new Promise((done) => {
      const q = this.queued.get(c.stream) ?? [];
      q.push({ change: c, done });
      this.queued.set(c.stream, q);
    });
  }

  snapshot(stream: StreamName): Promise<Snapshot> {
    const snap = this.snapshots.get(stream);
    if (snap) {
      this.snapshots.delete(stream);
      return Promise.resolve(snap);
    }
    return new Promise((resolve) => {
      const waiting = this.waiting.get(stream) ?? [];
      waiting.push(resolve);
      this.waiting.set(stream, waiting);
    });
  }

  follow(stream: StreamName, fromSeq: number, onChange: (c: ChangeSet) => unknown): () => void {
    const follower = { from: fromSeq, onChange };
    this.followers.set(stream, follower);
    const queued = this.queued.get(stream) ?? [];
    this.queued.delete(stream);
    void (async () => {
      for (const { change, done } of queued) {
        done(change.seq > fromSeq ? await onChange(change) : undefined);
      }
    })();
    return () => {
      if (this.followers.get(stream) === follower) this.followers.delete(stream);
    };
  }
}
