/**
 * One poll cycle over every upstream stream: the small sources read whole and diffed against
 * their last commit, the referrals by their incremental sync (referrals/referralSync.ts), then the
 * status record. Invariants: a stream's diff is made against what the store holds at the seq it
 * commits at (a refused commit reloads the hashes); a failing source leaves its last good snapshot
 * in place and shows in the status record as failing.
 */
import type { StreamName } from '../keys.js';
import { logger } from '../log.js';
import { diffRecords, hashRecords, isEmptyDiff } from '../changeLog/diff.js';
import { StaleCommitError, type ReadModelStore } from '../changeLog/store.js';
import type { LoadProgress, ReferralSync } from './referrals/referralSync.js';
import type { PollSource } from './sources.js';

const log = logger('poller');

/** How one stream fared in one poll cycle. */
export type StreamOutcome =
  | {
      readonly stream: StreamName;
      readonly ok: true;
      readonly seq: number;
      readonly changed: number;
    }
  | { readonly stream: StreamName; readonly ok: false; readonly error: string };

/** The health record of the 'status' stream: clients show live data as stale while it says so. */
export interface PollStatus {
  readonly id: 'poll';
  readonly stale: boolean;
  /** Streams whose last poll failed, sorted. */
  readonly failing: readonly StreamName[];
  /** When the poll last went from healthy to failing or back (epoch ms). */
  readonly since: number;
  /** While a first load of the referrals runs: rows loaded and expected (absent otherwise). */
  readonly loading?: LoadProgress;
}

/** The outcome of one poll cycle. */
export interface PollOutcome {
  readonly at: number;
  readonly durationMs: number;
  readonly streams: readonly StreamOutcome[];
  readonly status: PollStatus;
}

/** The message of a failure, as an outcome carries it. */
const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/**
 * The poller's state between cycles: the hashes of each stream's last commit, and the status
 * record's failing streams and since when.
 */
class StreamsPoller {
  /**
   * The hashes of the last commit, kept between cycles so a cycle costs one read of Redis only
   * when another instance polled in between (then the commit is refused and they are reloaded).
   */
  private readonly known = new Map<
    StreamName,
    { seq: number; hashes: ReadonlyMap<string, string> }
  >();
  /** Hashes of the record objects sources handed over, for as long as those objects live. */
  private readonly hashedObjects = new WeakMap<object, string>();
  private lastFailing: string | undefined;
  private since = 0;

  constructor(
    private readonly store: ReadModelStore,
    private readonly sources: readonly PollSource[],
    private readonly referrals: ReferralSync | undefined,
  ) {}

  /** Runs one cycle over every source at once. */
  async pollOnce(now: Date = new Date()): Promise<PollOutcome> {
    const started = performance.now();
    const { referrals } = this;
    const streams = await Promise.all([
      ...(referrals ? [this.pollReferrals(referrals, now)] : []),
      ...this.sources.map((s) =>
        this.pollStream(s, now).catch((err: unknown): StreamOutcome => {
          this.known.delete(s.stream);
          log.error({ err, stream: s.stream }, 'commit failed');
          return { stream: s.stream, ok: false, error: messageOf(err) };
        }),
      ),
    ]);
    const status = this.statusOf(streams, now);
    await this.pollStream(
      { stream: 'status', fetch: () => Promise.resolve([status]), idOf: () => 'poll' },
      now,
    ).catch((err: unknown) => log.error({ err }, 'could not commit the poll status'));
    return { at: now.getTime(), durationMs: performance.now() - started, streams, status };
  }

  /** The status record after a cycle; `since` moves only when the set of failing streams does. */
  private statusOf(outcomes: readonly StreamOutcome[], now: Date): PollStatus {
    const failing = outcomes
      .filter((o) => !o.ok)
      .map((o) => o.stream)
      .sort();
    const key = failing.join(',');
    if (key !== this.lastFailing) {
      this.lastFailing = key;
      this.since = now.getTime();
    }
    const loading = this.referrals?.loading();
    return {
      id: 'poll',
      stale: failing.length > 0,
      failing,
      since: this.since,
      ...(loading ? { loading } : {}),
    };
  }

  private async pollReferrals(sync: ReferralSync, now: Date): Promise<StreamOutcome> {
    try {
      const { seq, changed } = await sync.cycle(now);
      return { stream: 'referrals', ok: true, seq, changed };
    } catch (err) {
      log.warn({ err, stream: 'referrals' }, 'poll failed; keeping the last snapshot');
      if (err instanceof StaleCommitError) sync.forget();
      return { stream: 'referrals', ok: false, error: messageOf(err) };
    }
  }

  /** Reads a source whole and commits what differs from the last commit. */
  private async pollStream(source: PollSource, now: Date): Promise<StreamOutcome> {
    const { stream } = source;
    let records: readonly object[];
    try {
      records = await source.fetch(now);
    } catch (err) {
      log.warn({ err, stream }, 'poll failed; keeping the last snapshot');
      return { stream, ok: false, error: messageOf(err) };
    }
    const hashed = hashRecords(records, (r) => source.idOf(r), this.hashedObjects);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const base = await this.baseOf(stream);
      const diff = diffRecords(base.hashes, hashed);
      if (isEmptyDiff(diff)) return { stream, ok: true, seq: base.seq, changed: 0 };
      try {
        const change = await this.store.commit(stream, diff, base.seq, now.getTime());
        const hashes = new Map(base.hashes);
        for (const u of diff.upserts) hashes.set(u.id, u.hash);
        for (const id of diff.removed) hashes.delete(id);
        this.known.set(stream, { seq: change.seq, hashes });
        const changed = diff.upserts.length + diff.removed.length;
        return { stream, ok: true, seq: change.seq, changed };
      } catch (err) {
        this.known.delete(stream);
        if (!(err instanceof StaleCommitError)) throw err;
        log.info({ stream }, 'another poller committed first; reloading hashes');
      }
    }
    return { stream, ok: false, error: 'commit kept losing to another poller' };
  }

  /**
   * The hashes a stream's commit is diffed against. The store's seq moved without this poller (a
   * write committed directly, another instance's poll) or went back (Redis restarted empty): what
   * it holds is not what this poller last committed, so its hashes are read again. Else an
   * unchanged source would never be committed to an emptied store.
   */
  private async baseOf(
    stream: StreamName,
  ): Promise<{ seq: number; hashes: ReadonlyMap<string, string> }> {
    let base = this.known.get(stream);
    if (base && (await this.store.loadSeq(stream)) !== base.seq) base = undefined;
    if (!base) {
      base = await this.store.loadHashes(stream);
      this.known.set(stream, base);
    }
    return base;
  }
}

/**
 * One poll cycle: read every small source whole, diff each against the committed hashes and
 * commit what changed, and run one cycle of the referrals' incremental read. A failing source
 * leaves its last good snapshot in place. The poller knows nothing of sockets: committed change
 * sets reach clients through the store's change log.
 */
export function createPoller(
  store: ReadModelStore,
  sources: readonly PollSource[],
  referrals?: ReferralSync,
) {
  const poller = new StreamsPoller(store, sources, referrals);
  return { pollOnce: (now?: Date): Promise<PollOutcome> => poller.pollOnce(now) };
}
export type Poller = ReturnType<typeof createPoller>;
