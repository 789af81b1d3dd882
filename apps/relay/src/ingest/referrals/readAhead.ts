/**
 * The pass's chunks read in the background in steady state: sent after a cycle's commit, they
 * land while the interval goes on, and a later cycle compares them, so a cycle costs the change
 * read and a comparison, never the wait for a page of 10,000 and its hashing. Invariants: the
 * chunks held are consecutive pages of the current pass, from its next page, MAX_AHEAD at most;
 * each remembers the referrals committed after it was sent (`touched`) and is compared without
 * them; a pass is never read ahead of its schedule.
 */
import { logger } from '../../log.js';
import type { HashedPage, KeepText } from '../pages/hashedPage.js';
import { chunkQuery, type Pass } from './reconciliation.js';
import type { MirrorWatcher } from './storeMirror.js';
import type { UpstreamReads } from './upstreamReads.js';

const log = logger('poller');

/**
 * Chunks of a pass read ahead at once at most: one, and a second while the pass is behind its
 * schedule (see chunksToSend).
 */
const MAX_AHEAD = 2;

/**
 * Referral requests a cycle makes at most when it reads a chunk more to catch up (the change read
 * and any gap lookups count): issue 17's bound per interval.
 */
export const CATCH_UP_REQUESTS = 3;

/**
 * The longest a pass may take: issue 17's bound at 1,000,000 referrals, whose 100 chunks of the
 * largest page (or 101 once the window has grown past 1,000,000) need as many intervals of 3 s.
 */
const PASS_BUDGET_MS = 5 * 60_000;

/**
 * Intervals of its budget a pass keeps spare for cycles that start or compare late: a busy
 * relay's cycles each slip a little, and with one spare interval a pass of 101 chunks at
 * 1,000,000 referrals could still end past its budget; with two it is planned to end an interval
 * inside it.
 */
export const PASS_MARGIN_INTERVALS = 2;

export interface ReadAheadOptions {
  /**
   * The poll's interval: a pass is also behind its schedule when fewer chunks were compared than
   * intervals went by since it began (cycles start an interval apart but take time, so a pass
   * counted by cycles alone ends a cycle's time late per interval). Without it the schedule is
   * one chunk a cycle.
   */
  readonly intervalMs?: number;
  /**
   * The longest a pass may take (default PASS_BUDGET_MS), with `intervalMs`: a pass of more chunks
   * than intervals in it is scheduled faster than one chunk an interval (see chunksToSend).
   */
  readonly passBudgetMs?: number;
}

/** A chunk of the pass read in the background: sent after a cycle's commit. */
interface Ahead {
  /** The pass (by its start and size) and the page it reads. */
  readonly startedAt: number;
  readonly size: number;
  readonly page: number;
  /**
   * Referrals committed since the read was sent (a change read, a claim, another poller): the
   * chunk's copies of them may be older than the store's, so the chunk leaves them alone. DBLog
   * drops a chunk's rows that the change log touched between its watermarks for the same reason.
   */
  readonly touched: Set<number>;
  result?: HashedPage;
  error?: unknown;
}

/** A chunk read ahead that landed: its page, and the referrals committed since it was sent. */
export interface LandedChunk {
  readonly page: HashedPage;
  readonly touched: ReadonlySet<number>;
}

/** Whether a chunk read ahead is the given page of the pass. */
const isAheadOf = (a: Ahead, pass: Pass, page: number): boolean =>
  a.startedAt === pass.startedAt && a.size === pass.size && a.page === page;

/**
 * How many chunks to send now (MAX_AHEAD at most): one, and one more when the pass is behind its
 * schedule and `extra` (the requests the cycle may make beyond its one read-ahead) allows.
 *
 * The schedule is one chunk an interval, or faster when the pass has more chunks than intervals
 * in its budget less the margin (PASS_MARGIN_INTERVALS): the chunks due by the next cycle, which
 * compares what this one sends, against those compared by then with one sent. A pass is behind
 * it by that count, or by the cycles it ran without a chunk to compare, whichever is more.
 */
export function chunksToSend(
  pass: Pass,
  total: number,
  nowMs: number,
  extra: number,
  options: ReadAheadOptions,
): number {
  const compared = pass.compared ?? 0;
  const { intervalMs, passBudgetMs = PASS_BUDGET_MS } = options;
  const chunks = Math.ceil(total / pass.size);
  const slots =
    intervalMs === undefined
      ? 1
      : Math.max(1, Math.floor(passBudgetMs / intervalMs) - PASS_MARGIN_INTERVALS);
  const rate = Math.max(1, chunks / slots);
  const byClock =
    intervalMs === undefined
      ? 0
      : Math.floor(((nowMs - pass.startedAt) / intervalMs + 1) * rate) - 1 - compared;
  const behind = Math.max((pass.cycles ?? 0) - compared, byClock);
  return Math.min(MAX_AHEAD, 1 + Math.max(0, Math.min(behind, extra)));
}

/**
 * The chunks read ahead, in page order. Told of every referral the store mirror sets or drops
 * (MirrorWatcher), which each chunk on its way then leaves alone.
 */
export class ReadAhead implements MirrorWatcher {
  private aheads: Ahead[] = [];

  /**
   * `keep`: the rows of a chunk whose JSON the page reader hands over (those the store does not
   * hold unchanged).
   */
  constructor(
    private readonly reads: UpstreamReads,
    private readonly options: ReadAheadOptions,
    private readonly keep: KeepText,
  ) {}

  touch(id: number): void {
    for (const a of this.aheads) a.touched.add(id);
  }

  /** Drops every chunk on its way (the store was read again). */
  clear(): void {
    this.aheads = [];
  }

  /**
   * Sends the read of the pass's next chunk unless one is on its way. A cycle whose read-ahead
   * chunk had not landed (the event loop busy, the upstream slow) leaves the pass a slot behind its
   * schedule of one chunk a cycle (a poll asked for after a write is a cycle too, as it compares a
   * chunk when one landed). The cycle that compares that chunk then sends the chunk after it as
   * well, when `extra` allows, and the next cycle compares both: a pass ends on schedule whichever
   * of its slots but the last two were missed, one interval late otherwise, and never reads ahead
   * of its schedule. It never waits for a chunk in line either.
   */
  send(pass: Pass, startDate: string, nowMs: number, extra: number): void {
    // Reads of another pass or page (a pass ended, or paged back) are left to land unused.
    const kept = this.aheads.findIndex((a, i) => !isAheadOf(a, pass, pass.page + i));
    if (kept >= 0) this.aheads.length = kept;
    if (this.aheads.length > 0) return;
    const total = this.reads.total;
    const want = chunksToSend(pass, total, nowMs, extra, this.options);
    for (let i = 0; i < want; i += 1) {
      const page = pass.page + i;
      // The first chunk is read whatever the total says (it may have grown); another only when
      // the pass has one there.
      if (i > 0 && page * pass.size >= total) break;
      this.sendOne(pass, page, startDate);
    }
  }

  private sendOne(pass: Pass, page: number, startDate: string): void {
    const ahead: Ahead = {
      startedAt: pass.startedAt,
      size: pass.size,
      page,
      touched: new Set(),
    };
    this.aheads.push(ahead);
    // Only the JSON of the rows the store does not hold unchanged (usually none) is handed over:
    // the rest would be garbage at once, and held until the next cycle it would move ~10 MB a
    // chunk into the old generation. A row changed since is in `touched` and left alone anyway.
    this.reads.page(chunkQuery({ ...pass, page }, startDate), this.keep).then(
      (landed) => {
        ahead.result = landed;
      },
      (err: unknown) => {
        ahead.error = err ?? new Error('the chunk read failed');
      },
    );
  }

  /** The chunk read ahead for the pass's current page, once it landed; null while it has not. */
  take(pass: Pass): LandedChunk | null {
    const ahead = this.aheads[0];
    if (!ahead) return null;
    if (!isAheadOf(ahead, pass, pass.page)) {
      // Another instance moved the pass on meanwhile, or the last chunk paged back.
      this.aheads = [];
      return null;
    }
    if (ahead.error !== undefined) {
      this.aheads = [];
      log.warn({ err: ahead.error, page: ahead.page }, 'a reconciliation chunk failed: read again');
      return null;
    }
    if (!ahead.result) return null;
    this.aheads.shift();
    return { page: ahead.result, touched: ahead.touched };
  }
}
