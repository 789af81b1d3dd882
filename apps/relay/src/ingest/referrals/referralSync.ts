import type { LiveStatus, Opportunity } from '@referrals/shared';
import { logger } from '../../log.js';
import { formatReferralHash, hashOfCommitted } from '../../changeLog/referralHash.js';
import { yieldIfDue } from '../../lib/slices.js';
import { StaleCommitError, type ReadModelStore } from '../../changeLog/store.js';
import type { ReferralPageQuery } from '../../upstream/client.js';
import {
  hashRecords,
  HELD_ROWS,
  type HashedPage,
  type HashedRows,
  type KeepText,
  type LaterRecords,
} from '../pages/hashedPage.js';
import { byPlace, KnownTable, type Known, type Place } from './knownTable.js';

const log = logger('poller');

/** Referrals are read back this many days (agent-console: the widest date filter). */
export const REFERRAL_WINDOW_DAYS = 30;

/** The orders the sync reads in: newest change first, and newest referral first. */
const BY_CHANGE = ['lastModDate,desc', 'opportunityId,desc'] as const;
const BY_ADDED = ['addDate,desc', 'opportunityId,desc'] as const;

/**
 * Sizes of the change read. Its first page is sized from what the last change read found (the
 * changes since the watermark less the slack, half again): one request in a steady market
 * whatever its rate of change. When a burst does not fit, it reads on from the top in pages of
 * the largest size.
 */
const MIN_CHANGE_PAGE = 100;
const MAX_CHANGE_PAGE = 10_000;

/**
 * Chunk size of the reconciliation: a pass takes about PASS_CHUNKS intervals (under a minute at
 * 3 s), within the upstream's page bounds: 100,000 referrals in 18 chunks of 5,556; 1,000,000 in
 * 100 chunks of 10,000 (five minutes at 3 s: the largest page the upstream serves).
 */
const PASS_CHUNKS = 18;
const MIN_CHUNK = 1000;
export const MAX_CHUNK = 10_000;

/**
 * Chunks of a pass read ahead at once at most: one, and a second while the pass is behind its
 * schedule (see readAhead).
 */
const MAX_AHEAD = 2;

/**
 * Referral requests a cycle makes at most when it reads a chunk more to catch up (the change read
 * and any gap lookups count): issue 17's bound per interval.
 */
const CATCH_UP_REQUESTS = 3;

/**
 * The longest a pass may take: issue 17's bound at 1,000,000 referrals, whose 100 chunks of the
 * largest page (or 101 once the window has grown past 1,000,000) need as many intervals of 3 s.
 */
const PASS_BUDGET_MS = 5 * 60_000;

/**
 * Intervals of its budget a pass keeps spare for cycles that start or compare late: with one, a
 * pass of 101 chunks took 298.3-300.7 s at 1,000,000 referrals in the bench (a busy relay's
 * cycles slip a little each); with two it is planned to end 6 s inside its budget.
 */
export const PASS_MARGIN_INTERVALS = 2;

/** Referrals a chunk's gap (see readChunk) is checked by, one request each, per cycle at most. */
const GAP_LOOKUPS = 50;

/**
 * Records per commit: each part reaches every relay as a delta (not a reload), small enough that
 * applying it stays a short task on their event loops. A referral costs ~0.15 ms to place in the
 * ~50 list views a relay keeps at 1,000,000 referrals, so a part of 250 is a task of ~40 ms at
 * most (bench/src/tools/indexApply.ts measures it).
 */
export const COMMIT_PART = 250;

/** MM/DD/YYYY of a date, in UTC. */
export function upstreamDate(d: Date): string {
  const mm = String(d.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(d.getUTCDate()).padStart(2, '0');
  return `${mm}/${dd}/${d.getUTCFullYear()}`;
}

/** The start of the window the upstream serves for `now`: midnight UTC, 30 days back. */
function windowOf(now: Date): { startDate: string; startMs: number } {
  const d = new Date(now.getTime() - REFERRAL_WINDOW_DAYS * 86_400_000);
  return {
    startDate: upstreamDate(d),
    startMs: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()),
  };
}

/**
 * The first `n` values of an iterable after its first `skip` (a spread of a staged map of 50,000
 * per part of 250 was quadratic).
 */
function firstOf<T>(values: Iterable<T>, n: number, skip = 0): T[] {
  const out: T[] = [];
  if (n <= 0) return out;
  let skipped = 0;
  for (const v of values) {
    if (skipped < skip) {
      skipped += 1;
      continue;
    }
    out.push(v);
    if (out.length === n) break;
  }
  return out;
}

/** Where a reconciliation pass has got to. */
interface Pass {
  /** Page size of this pass (fixed for the pass: pages are offsets). */
  readonly size: number;
  /** The next page to read. */
  page: number;
  /**
   * The last place checked: every referral before it (newer) was compared with the upstream in
   * this pass; null at the start.
   */
  upper: Place | null;
  readonly startedAt: number;
  /**
   * Cycles run since the pass began (the one that began it not counted): the pass's schedule is
   * one chunk compared a cycle. Absent in notes of older relays (taken as `page`).
   */
  cycles?: number;
  /** Chunks compared in this pass (a chunk that paged back counts too); absent as `cycles`. */
  compared?: number;
}

/**
 * A chunk of the pass read in the background (steady state): sent after a cycle's commit, compared
 * with the store by a later cycle.
 */
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

/** What the sync saves with each commit, so another instance can take over where it stopped. */
interface Note {
  /** The change watermark: every change up to it (less the slack) has been read. */
  readonly w: number | null;
  /**
   * When the upstream served the last change read, by its own clock (its Date header, ms): a
   * change that read did not see became visible later, so it was stamped no earlier than this less
   * the slack. Null when the upstream sends no Date; absent in notes of older relays.
   */
  readonly r?: number | null;
  readonly pass: Pass | null;
  /** A first load completed. */
  readonly loaded: boolean;
  readonly total: number;
}

/** How far the first load has got (the status stream's `loading`). */
export type LoadProgress = NonNullable<LiveStatus['loading']>;

/** Figures of the sync, for metrics, the bench and tests. */
export interface SyncStats {
  readonly referrals: number;
  readonly watermark: number | null;
  readonly loading: LoadProgress | null;
  readonly passes: number;
  readonly lastPassMs: number | null;
  readonly pass: { readonly page: number; readonly size: number } | null;
  readonly requests: number;
}

/**
 * The upstream read the sync makes: one page of the window in an order, hashed (pageReader.ts);
 * the rows `keep` does not want may come without their JSON.
 */
export type ReadPage = (q: ReferralPageQuery, keep?: KeepText) => Promise<HashedPage>;

/** Reads one referral by id as the upstream sends it; null when the upstream has none. */
export type ReadOne = (id: number) => Promise<unknown>;

export interface ReferralSyncOptions {
  /** Changes whose lastModDate is this close below the watermark are read again. */
  readonly slackMs: number;
  /** Time a first-load cycle may spend reading chunks before it commits and lets others run. */
  readonly loadBudgetMs: number;
  /**
   * Rows of the pages a first-load cycle reads `'later'` at most (default HELD_ROWS, what the page
   * worker holds; tests set fewer).
   */
  readonly heldRows?: number;
  /** Chunk bounds of a pass (tests use small ones): see PASS_CHUNKS. */
  readonly chunks?: { readonly min: number; readonly max: number; readonly perPass: number };
  /**
   * The poll's interval: a pass is also behind its schedule when fewer chunks were compared than
   * intervals went by since it began (cycles start an interval apart but take time, so a pass
   * counted by cycles alone ends a cycle's time late per interval: 313 s for 100 chunks at
   * 1,000,000 referrals). Without it the schedule is one chunk a cycle.
   */
  readonly intervalMs?: number;
  /**
   * The longest a pass may take (default PASS_BUDGET_MS), with `intervalMs`: a pass of more chunks
   * than intervals in it is scheduled faster than one chunk an interval (see readAhead).
   */
  readonly passBudgetMs?: number;
}

/** The outcome of one cycle. */
export interface SyncOutcome {
  readonly seq: number;
  readonly changed: number;
  readonly requests: number;
}

/**
 * A staged upsert: the row of its page (its id, dates and hashes stay in the page's columns), and
 * the record's JSON, or ('') the page's `later` to take it from when its part commits. A first-load
 * cycle stages up to 50,000: as a record object and two hash strings each, the staged rows were
 * what the event loop's longest scavenges promoted (4-17 MB each, session 26).
 */
interface Upsert {
  readonly rows: HashedRows;
  readonly at: number;
  json: string;
  readonly later?: LaterRecords;
  /** Its JSON being taken (settles once `json` is set): no row is taken twice. */
  taking?: Promise<void>;
}

/** Whether row `i` of `a` is the same record as row `j` of `b` (its hash and dates). */
const sameRecord = (a: HashedRows, i: number, b: HashedRows, j: number): boolean =>
  a.valid.same(i, b.valid, j) && a.added[i] === b.added[j] && a.lastMod[i] === b.lastMod[j];

/** What an upsert commits, as the sync knows it. */
const knownOf = ({ rows, at }: Upsert): Known => {
  const { id, valid, raw, added, lastMod } = rows.row(at);
  return { id, valid, raw, added, lastMod };
};

/** One cycle's staged changes: later reads replace earlier ones. */
class Staged {
  readonly upserts = new Map<number, Upsert>();
  /** Raw hashes learnt for records that did not change (kept in memory only). */
  readonly raws = new Map<number, string>();
  readonly removed = new Set<number>();
  /** The pages read `'later'` this cycle, dropped once it ends, and their rows. */
  private readonly held = new Set<LaterRecords>();
  heldRows = 0;

  upsert(rows: HashedRows, at: number, json: string, later?: LaterRecords): void {
    const id = rows.id[at] as number;
    this.removed.delete(id);
    this.upserts.set(id, later ? { rows, at, json, later } : { rows, at, json });
  }

  hold(page: LaterRecords, rows: number): void {
    this.held.add(page);
    this.heldRows += rows;
  }

  /** Lets the readers go of the pages read `'later'` this cycle. */
  drop(): void {
    for (const h of this.held) h.drop();
    this.held.clear();
    this.heldRows = 0;
  }

  remove(id: number): void {
    this.upserts.delete(id);
    this.removed.add(id);
  }

  get size(): number {
    return this.upserts.size + this.removed.size;
  }
}

/**
 * The referrals stream, read by what changed instead of whole (issue 17):
 * - each cycle reads the window sorted by lastModDate, newest first, down to the watermark less a
 *   slack (usually one request of 100);
 * - it also reads one chunk of a reconciliation pass over the whole window, newest referral first,
 *   and compares the chunk with the store: a record that changed without a new lastModDate is
 *   upserted, one the store holds in the chunk's range that the upstream no longer has is removed;
 * - referrals older than the window are removed as the window moves.
 *
 * Reads never overlap and are applied in the order they were made, so a chunk never overwrites a
 * newer change (DBLog interleaves chunks with the change log for the same reason; here both come
 * from one loop). A chunk's range is where the previous chunk stopped to where this one stops: if
 * inserts shifted the pages, the chunk overlaps the last (harmless); if deletes shifted them, the
 * chunk starts past referrals no chunk has read, and the previous page is read again.
 *
 * A store with no referrals is loaded in chunks a cycle at a time, each committed as it lands, with
 * the change read running alongside, so the first rows are visible at once and changes made
 * during a long load are not lost.
 *
 * The watermark and the pass are saved with each commit: a relay that takes the poll over goes on
 * from there.
 */
export class ReferralSync {
  private known = new KnownTable();
  private seq = 0;
  private watermark: number | null = null;
  /** When the upstream served the last change read (see Note.r). */
  private readAt: number | null = null;
  private pass: Pass | null = null;
  private loaded = false;
  private total = 0;
  private loadedState = false;
  private passes = 0;
  private lastPassMs: number | null = null;
  private requests = 0;
  private inFlight: Promise<SyncOutcome> | undefined;
  /** Chunks of the pass read ahead, in page order (at most MAX_AHEAD). */
  private aheads: Ahead[] = [];
  /** The first page size of the next change read (see MIN_CHANGE_PAGE). */
  private changePage = MIN_CHANGE_PAGE;

  constructor(
    private readonly store: ReadModelStore,
    private readonly read: ReadPage,
    private readonly readOne: ReadOne,
    private readonly options: ReferralSyncOptions,
  ) {}

  /** Figures for metrics and tests. */
  stats(): SyncStats {
    return {
      referrals: this.known.size,
      watermark: this.watermark,
      loading: this.loadedState && !this.loaded ? this.progress() : null,
      passes: this.passes,
      lastPassMs: this.lastPassMs,
      pass: this.pass ? { page: this.pass.page, size: this.pass.size } : null,
      requests: this.requests,
    };
  }

  /** Rows loaded and expected while a first load runs; null once the market is whole. */
  loading(): LoadProgress | null {
    return this.loadedState && !this.loaded ? this.progress() : null;
  }

  private progress(): LoadProgress {
    return { loaded: this.known.size, expected: Math.max(this.total, this.known.size) };
  }

  /** Forgets what it knows: the next cycle reads the store again (another poller committed). */
  forget(): void {
    this.loadedState = false;
  }

  /**
   * One cycle: the changes, then one chunk (or, while loading, as many as the budget allows).
   * Cycles never overlap: a call made while one runs (a requested poll arriving mid-cycle) gets
   * that cycle's outcome rather than a second reader of the same state.
   */
  cycle(now: Date): Promise<SyncOutcome> {
    this.inFlight ??= this.runCycle(now).finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  private async runCycle(now: Date): Promise<SyncOutcome> {
    const staged = new Staged();
    try {
      return await this.runStaged(now, staged);
    } finally {
      staged.drop();
    }
  }

  private async runStaged(now: Date, staged: Staged): Promise<SyncOutcome> {
    const startedRequests = this.requests;
    await this.refresh();
    const { startDate, startMs } = windowOf(now);

    this.ageOut(startMs, staged);
    let watermark = this.watermark;
    let readAt: number | null;
    if (watermark === null) {
      // A fresh store: everything changed up to the newest change is read by the chunks, which
      // all come after this read; later changes by the change reads.
      const top = await this.fetch({ page: 0, size: 1, sort: BY_CHANGE, startDate });
      watermark = top.rows.length > 0 ? (top.rows.lastMod[0] as number) : now.getTime();
      readAt = top.servedAt;
      this.total = top.totalElements;
    } else {
      ({ newest: watermark, servedAt: readAt } = await this.readChanges(
        watermark,
        startDate,
        staged,
      ));
    }

    // A pass that went on from an earlier cycle counts this cycle as one of its slots.
    const pass = this.pass ? counted(this.pass) : this.newPass(now.getTime());
    let finished = false;
    let compared = 0;
    if (!this.loaded) {
      // A first load reads its chunks in line, as many as the budget allows; each record's JSON
      // is taken from the reader as its part commits (see LaterRecords).
      const started = performance.now();
      do {
        const page = await this.fetch(chunkQuery(pass, startDate), 'later');
        if (page.later) staged.hold(page.later, page.rows.length);
        finished = await this.applyChunk(pass, page, startMs, staged, null);
      } while (
        !finished &&
        performance.now() - started < this.options.loadBudgetMs &&
        staged.size < 50_000 &&
        staged.heldRows + pass.size <= (this.options.heldRows ?? HELD_ROWS)
      );
    } else {
      // Every chunk read ahead that landed, in page order: two after a cycle that caught up. A
      // second chunk leaves alone what the first staged, as it would have had the first been
      // committed a cycle earlier (its copies are no older, and a change read's are newer).
      for (
        let ready = this.takeAhead(pass);
        ready;
        ready = finished ? null : this.takeAhead(pass)
      ) {
        finished = await this.applyChunk(pass, ready.page, startMs, staged, ready.touched);
        pass.compared = (pass.compared ?? 0) + 1;
        compared += 1;
      }
    }

    // A pass that ends starts the next at once: its first chunk is read ahead below.
    const next = finished ? this.newPass(now.getTime()) : pass;
    const note = (): Note => ({
      w: watermark,
      r: readAt,
      pass: next,
      loaded: this.loaded || finished,
      total: this.total,
    });
    const changed = staged.size;
    await this.commit(staged, now.getTime(), note);
    this.watermark = watermark;
    this.readAt = readAt;
    this.pass = next;
    if (finished) {
      this.passes += 1;
      this.lastPassMs = now.getTime() - pass.startedAt;
      this.loaded = true;
    }
    if (this.loaded)
      this.readAhead(
        next,
        startDate,
        now.getTime(),
        // A chunk more to catch up only when this cycle compared one, and within the bound
        // with its read-ahead (1) and what it already requested.
        compared > 0 ? CATCH_UP_REQUESTS - 1 - (this.requests - startedRequests) : 0,
      );
    return { seq: this.seq, changed, requests: this.requests - startedRequests };
  }

  /**
   * Sends the read of the pass's next chunk unless one is on its way: it lands while the
   * interval goes on, and the next cycle compares it (takeAhead). So a cycle costs the change
   * read and a comparison, never the wait for a page of 10,000 and its hashing.
   *
   * A cycle whose read-ahead chunk had not landed (the event loop busy, the upstream slow) leaves
   * the pass a slot behind its schedule of one chunk a cycle (a poll asked for after a write is a
   * cycle too, as it compares a chunk when one landed). The cycle that compares that chunk then
   * sends the chunk after it as well, when `extra` (the requests it may make beyond its one
   * read-ahead) allows, and the next cycle compares both: a pass ends on schedule whichever of
   * its slots but the last two were missed, one interval late otherwise, and never reads ahead
   * of its schedule. It never waits for a chunk in line either.
   */
  private readAhead(pass: Pass, startDate: string, nowMs: number, extra: number): void {
    // Reads of another pass or page (a pass ended, or paged back) are left to land unused.
    const kept = this.aheads.findIndex((a, i) => !isAheadOf(a, pass, pass.page + i));
    if (kept >= 0) this.aheads.length = kept;
    if (this.aheads.length > 0) return;
    const compared = pass.compared ?? 0;
    const { intervalMs, passBudgetMs = PASS_BUDGET_MS } = this.options;
    // One chunk an interval, or faster when the pass has more chunks than intervals in its budget
    // less the margin (PASS_MARGIN_INTERVALS): the chunks due by the next cycle, which
    // compares what this one sends, against those compared by then with one sent.
    const chunks = Math.ceil(this.total / pass.size);
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
    const want = Math.min(MAX_AHEAD, 1 + Math.max(0, Math.min(behind, extra)));
    for (let i = 0; i < want; i += 1) {
      const page = pass.page + i;
      // The first chunk is read whatever the total says (it may have grown); another only when
      // the pass has one there.
      if (i > 0 && page * pass.size >= this.total) break;
      this.sendAhead(pass, page, startDate);
    }
  }

  private sendAhead(pass: Pass, page: number, startDate: string): void {
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
    this.fetch(
      chunkQuery({ ...pass, page }, startDate),
      (rows, i) => !this.known.rawSame(rows.id[i] as number, rows.raw, i),
    ).then(
      (page) => {
        ahead.result = page;
      },
      (err: unknown) => {
        ahead.error = err ?? new Error('the chunk read failed');
      },
    );
  }

  /** The chunk read ahead for the pass's current page, once it landed; null while it has not. */
  private takeAhead(pass: Pass): { page: HashedPage; touched: ReadonlySet<number> } | null {
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

  /**
   * Brings what the sync knows up to the store: what other writers committed since (claims, or
   * another instance that polled), and the note of whichever instance polled last, so the
   * watermark and the pass go on from there however the poll moves between instances.
   */
  private async refresh(): Promise<void> {
    if (this.loadedState) {
      const { seq, meta } = await this.store.loadMeta('referrals');
      if (seq !== this.seq) await this.catchUp();
      const note = parseNote(meta);
      if (this.loadedState && note) this.adopt(note);
    }
    if (!this.loadedState) await this.loadState();
  }

  private adopt(note: Note): void {
    this.watermark = note.w;
    this.readAt = note.r ?? null;
    this.pass = note.pass;
    this.loaded = note.loaded;
    this.total = note.total;
  }

  /** Reads what the store holds: the referrals' hashes and the note of the last commit. */
  private async loadState(): Promise<void> {
    const { seq, hashes, meta } = await this.store.loadHashes('referrals');
    const { table: known, newest } = await KnownTable.fromHashes(hashes);
    this.known = known;
    this.seq = seq;
    this.aheads = [];
    // A store written without a note (an older relay) already holds the market: its newest
    // change is where to read on from, and the first pass checks everything before it.
    this.adopt(
      parseNote(meta) ?? {
        w: Number.isFinite(newest) ? newest : null,
        pass: null,
        loaded: known.size > 0,
        total: known.size,
      },
    );
    this.loadedState = true;
    log.info(
      { referrals: known.size, seq, watermark: this.watermark, pass: this.pass?.page ?? null },
      'referral poll state loaded',
    );
  }

  private newPass(at: number): Pass {
    const expected = Math.max(this.total, this.known.size);
    const { min, max, perPass } = this.options.chunks ?? {
      min: MIN_CHUNK,
      max: MAX_CHUNK,
      perPass: PASS_CHUNKS,
    };
    const size = Math.min(max, Math.max(min, Math.ceil(expected / perPass)));
    return { size, page: 0, upper: null, startedAt: at, cycles: 0, compared: 0 };
  }

  private async fetch(q: ReferralPageQuery, keep?: KeepText): Promise<HashedPage> {
    this.requests += 1;
    return this.read(q, keep);
  }

  /**
   * Reads changes newest first down to the later of the watermark and the time the upstream served
   * the last change read, less the slack; returns the new watermark (the newest change read, never
   * lower than before) and when the upstream served this read's first page.
   */
  private async readChanges(watermark: number, startDate: string, staged: Staged) {
    // A change the last read did not see became visible after the upstream served it, so it was
    // stamped no earlier than that less the slack (late commits), both by the upstream's clock. In
    // a quiet market the floor moves on with time, instead of the same slack below the newest
    // change being read again every cycle (at 1,000,000 referrals, a bench market whose start
    // stamped ~20,000 referrals within a second: 20 MB and two requests a cycle).
    const floor = Math.max(watermark, this.readAt ?? -Infinity) - this.options.slackMs;
    let newest = watermark;
    let size = this.changePage;
    let inWindow = 0;
    let servedAt: number | null | undefined;
    for (let page = 0; ;) {
      const answer = await this.fetch({ page, size, sort: BY_CHANGE, startDate });
      servedAt ??= answer.servedAt;
      this.total = answer.totalElements;
      const { lastMod } = await this.ingest(answer.rows, staged);
      for (const t of lastMod) {
        if (t > newest) newest = t;
        if (t >= floor) inWindow += 1;
      }
      const last = lastMod[lastMod.length - 1];
      if (lastMod.length < size || last === undefined || last < floor) break;
      // More changed than the first page holds: read on in the largest pages, from the top.
      if (size < MAX_CHANGE_PAGE) {
        size = MAX_CHANGE_PAGE;
        page = 0;
        inWindow = 0;
      } else page += 1;
    }
    this.changePage = Math.min(
      MAX_CHANGE_PAGE,
      Math.max(MIN_CHANGE_PAGE, Math.ceil(inWindow * 1.5)),
    );
    return { newest, servedAt: servedAt ?? null };
  }

  /**
   * Compares a chunk of the pass with the store and moves the pass on. Returns true when the pass
   * is complete. With `touched` (a chunk read ahead), the referrals committed or staged since it
   * was read are left as they are.
   */
  private async applyChunk(
    pass: Pass,
    answer: HashedPage,
    startMs: number,
    staged: Staged,
    touched: ReadonlySet<number> | null,
  ) {
    this.total = answer.totalElements;
    const rows = await this.ingest(answer.rows, staged, touched, answer.later);
    const seen = new Set(rows.id);
    const first = placeOf(rows, 0);
    const last = placeOf(rows, rows.length - 1);
    const isLast =
      answer.rows.length < pass.size || (pass.page + 1) * pass.size >= answer.totalElements;
    if (pass.upper && (!first || byPlace(first, pass.upper) > 0)) {
      // The chunk starts past the last place checked (or the pages ran out before it): deletes
      // shifted the pages, and referrals between the two were read by no chunk. Each the store
      // holds there is asked for by id.
      const gap = this.knownBetween(pass.upper, first ?? null, startMs, GAP_LOOKUPS + 1);
      for (const k of gap.slice(0, GAP_LOOKUPS)) {
        this.requests += 1;
        const record = await this.readOne(k.id);
        if (record === null) staged.remove(k.id);
        else {
          const again = await this.ingest(hashRecords([record]), staged);
          if ((again.added[0] ?? Infinity) < startMs) staged.remove(k.id);
          seen.add(k.id);
        }
      }
      if (gap.length > GAP_LOOKUPS) {
        // More than a cycle's worth: this chunk's own range is whole; the previous page, read
        // again, now holds what shifted, and each cycle's lookups remove what is gone.
        if (first && last)
          await this.removeBetween(first, last, seen, touched, staged, startMs, true);
        pass.page = Math.max(0, pass.page - 1);
        return false;
      }
    }
    await this.removeBetween(
      pass.upper,
      isLast ? null : (last ?? null),
      seen,
      touched,
      staged,
      startMs,
    );
    if (isLast || !last) return true;
    pass.upper = { added: last.added, id: last.id };
    pass.page += 1;
    return false;
  }

  /**
   * Up to `max` referrals the store holds strictly between two places (null: to the end of the
   * window), in order.
   */
  private knownBetween(after: Place, before: Place | null, startMs: number, max: number): Place[] {
    const out: Place[] = [];
    for (const k of this.known.from(after)) {
      if (byPlace(k, after) <= 0) continue;
      if ((before && byPlace(k, before) >= 0) || k.added < startMs || out.length >= max) break;
      out.push(k);
    }
    return out;
  }

  /**
   * Removes the referrals the store holds after `after` (exclusive; null: from the newest) down to
   * `to` (inclusive; null: to the end of the window) that the chunk did not have, unless touched
   * since it was read. With `fromIncl`, `after` itself is in the range too.
   */
  private async removeBetween(
    after: Place | null,
    to: Place | null,
    seen: ReadonlySet<number>,
    touched: ReadonlySet<number> | null,
    staged: Staged,
    startMs: number,
    fromIncl = false,
  ): Promise<void> {
    const it = after ? this.known.from(after) : this.known.places();
    // In slices, as ingest: a chunk's range is 10,000 referrals at 1,000,000 (8-11 ms of 33-35 ms
    // turns in a CPU profile of a first load, session 27). Nothing else changes the table or the
    // staged changes meanwhile: the sync's cycles run one at a time.
    let since = performance.now();
    let n = 0;
    for (const k of it) {
      if ((++n & 255) === 0) since = await yieldIfDue(since);
      if (after && !fromIncl && byPlace(k, after) <= 0) continue;
      if (to && byPlace(k, to) > 0) break;
      if (k.added < startMs) break;
      if (!seen.has(k.id) && !staged.upserts.has(k.id) && !touched?.has(k.id)) staged.remove(k.id);
    }
    if (after === null && to === null) {
      // A whole pass ended: a referral the store holds without a place (written by an older
      // relay) that no read saw is gone too.
      for (const id of this.known.unplaced())
        if (!seen.has(id) && !staged.upserts.has(id)) staged.remove(id);
    }
  }

  /** Removes the referrals that are older than the window now. */
  private ageOut(startMs: number, staged: Staged): void {
    for (const k of this.known.from({ added: startMs, id: -Infinity })) {
      if (k.added >= startMs) continue;
      staged.remove(k.id);
    }
  }

  /**
   * Compares upstream records with the store: an unchanged raw record costs a lookup; a changed one
   * (validated by the page reader) is staged if its content changed. With `touched` (a chunk read
   * ahead), a referral committed or staged since the chunk was read is left alone. With `later`,
   * a row without its JSON is staged with where to take it from. Returns the rows (each record's
   * place and dates).
   */
  private async ingest(
    rows: HashedRows,
    staged: Staged,
    touched: ReadonlySet<number> | null = null,
    later?: LaterRecords,
  ): Promise<HashedRows> {
    const changed: number[] = [];
    // A chunk of 10,000 rows compared in one go held the event loop for 10-20 ms of the cycle's
    // ~50 (a CPU profile at 1,000,000): in slices, as the rest of the cycle, the clock read every
    // 256 rows (read every 1,024, its part of one turn reached 24-27 ms in a CPU profile of a
    // first load at 1,000,000, session 26). What another writer commits meanwhile is in
    // `touched` or wins at the commit (see commit).
    let since = performance.now();
    for (let i = 0; i < rows.length; i += 1) {
      if ((i & 255) === 255) since = await yieldIfDue(since);
      const id = rows.id[i] as number;
      if (touched && (touched.has(id) || staged.upserts.has(id) || staged.removed.has(id)))
        continue;
      const mine = staged.upserts.get(id);
      // Compared as bytes: no string made for a row that did not change.
      const same = mine
        ? rows.raw.same(i, mine.rows.raw, mine.at)
        : this.known.rawSame(id, rows.raw, i);
      if (!same || staged.removed.has(id)) changed.push(i);
    }
    if (changed.length === 0) return rows;
    for (let j = 0; j < changed.length; j += 1) {
      if ((j & 255) === 255) since = await yieldIfDue(since);
      // Validated by the page reader (its worker, for a large page).
      const at = changed[j] as number;
      const id = rows.id[at] as number;
      const json = rows.jsonOf(at);
      if (json === '' && (!later || rows.valid.is(at, '')))
        throw new Error(`the page reader left out referral ${id}, which changed`);
      const mine = staged.upserts.get(id);
      const same = mine
        ? sameRecord(rows, at, mine.rows, mine.at)
        : this.known.recordIs(id, rows, at);
      if (same && !staged.removed.has(id)) staged.raws.set(id, rows.raw.get(at));
      else staged.upsert(rows, at, json, json === '' ? later : undefined);
    }
    return rows;
  }

  /**
   * Commits what a cycle staged in parts, each part's effect kept as soon as it lands. When
   * another writer committed meanwhile (a claim's answer), its change sets are applied first and
   * win over what this cycle read of the same referrals, if they are as new or newer.
   */
  private async commit(staged: Staged, at: number, note: () => Note): Promise<void> {
    for (const [id, raw] of staged.raws) {
      const k = this.known.get(id);
      if (k) this.setKnown({ ...k, raw });
    }
    if (staged.size === 0 && this.seq > 0) {
      // Nothing changed: the note alone moves on (the watermark, the pass).
      for (let attempt = 0; attempt < 3; attempt += 1) {
        if (await this.store.saveMeta('referrals', this.seq, JSON.stringify(note()))) return;
        if ((await this.catchUp()) === null) return;
      }
      return;
    }
    for (let attempt = 0; staged.size > 0; attempt += 1) {
      // The first parts of what is left (each part's records leave `staged` as it lands).
      const up = firstOf(staged.upserts.values(), COMMIT_PART);
      const rm = firstOf(staged.removed, COMMIT_PART - up.length);
      const last = up.length + rm.length === staged.size;
      await takeLater(up);
      const knowns = up.map(knownOf);
      // The next part's records come from the reader while this one commits, so a part does not
      // wait for a round trip to the page worker: two parts' JSON at most on the event loop's heap.
      // A take that fails fails the part that awaits it.
      takeLater(firstOf(staged.upserts.values(), COMMIT_PART, up.length)).catch(() => {});
      try {
        const change = await this.store.commit(
          'referrals',
          {
            upserts: up.map((u, i) => ({
              id: String(u.rows.id[u.at]),
              json: u.json,
              hash: formatReferralHash(knowns[i] as Known),
            })),
            removed: rm.map(String),
            added: 0,
          },
          this.seq,
          at,
          last ? JSON.stringify(note()) : undefined,
        );
        this.seq = change.seq;
      } catch (err) {
        if (!(err instanceof StaleCommitError) || attempt >= 3) throw err;
        const touched = await this.catchUp();
        if (touched === null) throw err;
        for (const [id, lastMod] of touched) {
          const mine = staged.upserts.get(id);
          if (
            staged.removed.has(id) ||
            (mine && (mine.rows.lastMod[mine.at] as number) <= lastMod)
          ) {
            staged.upserts.delete(id);
            staged.removed.delete(id);
          }
        }
        continue;
      }
      for (const k of knowns) {
        this.setKnown(k);
        staged.upserts.delete(k.id);
      }
      for (const id of rm) {
        this.dropKnown(id);
        staged.removed.delete(id);
      }
    }
  }

  /**
   * Applies what other writers committed since this sync's seq (a claim's answer, or another
   * poller) to what it knows; returns the referrals they touched with their lastModDate. Null
   * when the log does not reach back: the store is read again at the next cycle.
   */
  private async catchUp(): Promise<Map<number, number> | null> {
    const changes = await this.store.changesSince('referrals', this.seq).catch(() => null);
    if (changes === null || changes.some((c) => c.kind !== 'delta')) {
      this.loadedState = false;
      return null;
    }
    const touched = new Map<number, number>();
    for (const c of changes) {
      if (c.kind !== 'delta') continue;
      for (const u of c.upserts) {
        const record = JSON.parse(u.json) as Opportunity;
        const known: Known = { id: record.opportunityId, ...hashOfCommitted(u.json, record) };
        this.setKnown(known);
        touched.set(known.id, known.lastMod);
      }
      for (const id of c.removed) {
        this.dropKnown(Number(id));
        touched.set(Number(id), Infinity);
      }
      this.seq = c.seq;
    }
    return touched;
  }

  private setKnown(k: Known): void {
    for (const a of this.aheads) a.touched.add(k.id);
    this.known.set(k);
  }

  private dropKnown(id: number): void {
    for (const a of this.aheads) a.touched.add(id);
    this.known.delete(id);
  }
}

/** The place of row `i` (null when there is none). */
const placeOf = (rows: HashedRows, i: number): Place | null =>
  i >= 0 && i < rows.length ? { added: rows.added[i] as number, id: rows.id[i] as number } : null;

/**
 * Fills in the JSON of the upserts staged from pages read `'later'`, from their readers: one take
 * a page, made just before the part commits (or while the part before commits); an upsert already
 * being taken is waited for, not taken again.
 */
async function takeLater(up: readonly Upsert[]): Promise<void> {
  const waits: Promise<void>[] = [];
  const byPage = new Map<LaterRecords, Upsert[]>();
  for (const u of up) {
    if (u.json !== '' || !u.later) continue;
    if (u.taking) {
      waits.push(u.taking);
      continue;
    }
    const of = byPage.get(u.later);
    if (of) of.push(u);
    else byPage.set(u.later, [u]);
  }
  for (const [records, ups] of byPage) {
    const taking = records.take(ups.map((u) => u.at)).then((texts) => {
      if (texts.length !== ups.length || texts.some((t) => t === ''))
        throw new Error('the page reader did not hand over the records taken');
      ups.forEach((u, i) => {
        u.json = texts[i] as string;
      });
    });
    for (const u of ups) u.taking = taking;
    waits.push(taking);
  }
  await Promise.all(waits);
}

/** Whether a chunk read ahead is the given page of the pass. */
const isAheadOf = (a: Ahead, pass: Pass, page: number): boolean =>
  a.startedAt === pass.startedAt && a.size === pass.size && a.page === page;

/** The pass with this cycle counted as one of its slots (an older relay's note: see Pass). */
function counted(pass: Pass): Pass {
  pass.cycles = (pass.cycles ?? pass.page) + 1;
  pass.compared ??= pass.page;
  return pass;
}

/** The upstream query of the pass's current chunk: the window newest referral first. */
const chunkQuery = (pass: Pass, startDate: string): ReferralPageQuery => ({
  page: pass.page,
  size: pass.size,
  sort: BY_ADDED,
  startDate,
});

function parseNote(meta: string | null): Note | null {
  if (meta === null) return null;
  try {
    const n = JSON.parse(meta) as Note;
    return typeof n === 'object' && n !== null ? n : null;
  } catch {
    return null;
  }
}
