/**
 * The referrals stream, read by what changed instead of whole (issue 17): the facade that runs a
 * sync cycle over its algorithms, each in a file of its own:
 * - the change read (changeRead.ts): the window by lastModDate, newest first, down to the
 *   watermark less a slack;
 * - the reconciliation pass (reconciliation.ts): one chunk of the whole window a cycle, newest
 *   referral first, compared with the store, read ahead in the background (readAhead.ts);
 * - the first load (firstLoad.ts): an empty store loaded by the pass's chunks read in line;
 * - staging and commit (staging.ts, storeMirror.ts): what differs from the store staged, then
 *   committed in parts, after catching up on other writers;
 * - the saved note (savedNote.ts): the watermark and the pass, saved with each commit.
 *
 * Invariants: cycles never overlap, and a cycle's reads are applied in the order they were made,
 * so a chunk never overwrites a newer change; the note saved with a cycle's last commit is what
 * the next cycle (on this relay or another that took the poll over) goes on from; the state kept
 * here moves on only once the cycle's commit landed.
 */
import type { LiveStatus } from '@referrals/shared';
import { logger } from '../../log.js';
import type { ReadModelStore } from '../../changeLog/store.js';
import { loadChunks, type FirstLoadOptions } from './firstLoad.js';
import { ChangeRead, type ChangeReadOptions, type ChangesRead } from './changeRead.js';
import { CATCH_UP_REQUESTS, ReadAhead, type ReadAheadOptions } from './readAhead.js';
import { countCycle, Reconciliation, type Pass, type PassOptions } from './reconciliation.js';
import { windowOf, type ReferralWindow } from './referralWindow.js';
import {
  formatSavedNote,
  noteOfUnnotedStore,
  parseSavedNote,
  type SavedNote,
} from './savedNote.js';
import { Staged } from './staging.js';
import { StoreMirror } from './storeMirror.js';
import { UpstreamReads, type ReadOne, type ReadPage } from './upstreamReads.js';

export { REFERRAL_WINDOW_DAYS, upstreamDate } from './referralWindow.js';
export { MAX_CHUNK } from './reconciliation.js';
export { PASS_MARGIN_INTERVALS } from './readAhead.js';
export type { ReadOne, ReadPage } from './upstreamReads.js';

const log = logger('poller');

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

/** The sync's options, each documented with the algorithm it tunes. */
export interface ReferralSyncOptions
  extends ChangeReadOptions, FirstLoadOptions, PassOptions, ReadAheadOptions {}

/** The outcome of one cycle. */
export interface SyncOutcome {
  readonly seq: number;
  readonly changed: number;
  readonly requests: number;
}

/** How a cycle's pass went: whether it ended, and the chunks read ahead it compared. */
interface PassStep {
  readonly finished: boolean;
  readonly compared: number;
}

/**
 * The referral sync: runs its cycles one at a time over the algorithms above, and keeps the saved
 * note's fields between them.
 */
export class ReferralSync {
  private readonly reads: UpstreamReads;
  private readonly ahead: ReadAhead;
  private readonly mirror: StoreMirror;
  private readonly changes: ChangeRead;
  private readonly reconciliation: Reconciliation;
  /** The saved note's fields, as of the last commit (its `total` is the reads'). */
  private watermark: number | null = null;
  private readAt: number | null = null;
  private pass: Pass | null = null;
  private loaded = false;
  private passes = 0;
  private lastPassMs: number | null = null;
  private inFlight: Promise<SyncOutcome> | undefined;

  constructor(
    store: ReadModelStore,
    read: ReadPage,
    readOne: ReadOne,
    private readonly options: ReferralSyncOptions,
  ) {
    this.reads = new UpstreamReads(read, readOne);
    this.ahead = new ReadAhead(
      this.reads,
      options,
      (rows, i) => !this.mirror.known.rawSame(rows.id[i] as number, rows.raw, i),
    );
    this.mirror = new StoreMirror(store, this.ahead);
    this.changes = new ChangeRead(this.reads, this.mirror, options);
    this.reconciliation = new Reconciliation(this.mirror, this.reads, options);
  }

  /** Figures for metrics and tests. */
  stats(): SyncStats {
    return {
      referrals: this.mirror.known.size,
      watermark: this.watermark,
      loading: this.loading(),
      passes: this.passes,
      lastPassMs: this.lastPassMs,
      pass: this.pass ? { page: this.pass.page, size: this.pass.size } : null,
      requests: this.reads.requests,
    };
  }

  /** Rows loaded and expected while a first load runs; null once the market is whole. */
  loading(): LoadProgress | null {
    if (!this.mirror.synced || this.loaded) return null;
    const loaded = this.mirror.known.size;
    return { loaded, expected: Math.max(this.reads.total, loaded) };
  }

  /** Forgets what it knows: the next cycle reads the store again (another poller committed). */
  forget(): void {
    this.mirror.forget();
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
    const startedRequests = this.reads.requests;
    await this.refresh();
    const window = windowOf(now);
    this.reconciliation.ageOut(window.startMs, staged);
    const changes = await this.readChanges(window.startDate, now, staged);
    // A pass that went on from an earlier cycle counts this cycle as one of its slots.
    const pass = this.pass ? countCycle(this.pass) : this.reconciliation.newPass(now.getTime());
    const { finished, compared } = await this.comparePass(pass, window, staged);
    // A pass that ends starts the next at once: its first chunk is read ahead below.
    const next = finished ? this.reconciliation.newPass(now.getTime()) : pass;
    const changed = staged.size;
    await this.mirror.commit(staged, now.getTime(), () =>
      formatSavedNote({
        watermark: changes.newest,
        readAt: changes.servedAt,
        pass: next,
        loaded: this.loaded || finished,
        total: this.reads.total,
      }),
    );
    this.watermark = changes.newest;
    this.readAt = changes.servedAt;
    this.pass = next;
    if (finished) {
      this.passes += 1;
      this.lastPassMs = now.getTime() - pass.startedAt;
      this.loaded = true;
    }
    // A chunk more to catch up only when this cycle compared one, and within the bound with its
    // read-ahead (1) and what it already requested.
    const requested = this.reads.requests - startedRequests;
    if (this.loaded)
      this.ahead.send(
        next,
        window.startDate,
        now.getTime(),
        compared > 0 ? CATCH_UP_REQUESTS - 1 - requested : 0,
      );
    // The cycle's requests, its read-ahead counted.
    return { seq: this.mirror.seq, changed, requests: this.reads.requests - startedRequests };
  }

  /**
   * The cycle's change read; on a fresh store (no watermark yet), the newest change only, which
   * the first load's chunks read everything up to.
   */
  private readChanges(startDate: string, now: Date, staged: Staged): Promise<ChangesRead> {
    if (this.watermark === null) return this.changes.readNewest(startDate, now);
    return this.changes.readSince(this.watermark, this.readAt, startDate, staged);
  }

  /**
   * The cycle's part of the pass: while the first load runs, its chunks read in line; after, every
   * chunk read ahead that landed, in page order (two after a cycle that caught up). A second
   * chunk leaves alone what the first staged, as it would have had the first been committed a
   * cycle earlier (its copies are no older, and a change read's are newer).
   */
  private async comparePass(pass: Pass, window: ReferralWindow, staged: Staged): Promise<PassStep> {
    if (!this.loaded) {
      const { reads, reconciliation, options } = this;
      const finished = await loadChunks(pass, window, staged, reads, reconciliation, options);
      return { finished, compared: 0 };
    }
    let finished = false;
    let compared = 0;
    for (
      let ready = this.ahead.take(pass);
      ready;
      ready = finished ? null : this.ahead.take(pass)
    ) {
      finished = await this.reconciliation.compareChunk(
        pass,
        ready.page,
        window.startMs,
        staged,
        ready.touched,
      );
      pass.compared = (pass.compared ?? 0) + 1;
      compared += 1;
    }
    return { finished, compared };
  }

  /**
   * Brings what the sync knows up to the store: what other writers committed since (claims, or
   * another instance that polled), and the note of whichever instance polled last, so the
   * watermark and the pass go on from there however the poll moves between instances.
   */
  private async refresh(): Promise<void> {
    if (this.mirror.synced) {
      const note = parseSavedNote(await this.mirror.latestNote());
      if (this.mirror.synced && note) this.adopt(note);
    }
    if (!this.mirror.synced) await this.loadState();
  }

  private adopt(note: SavedNote): void {
    this.watermark = note.watermark;
    this.readAt = note.readAt;
    this.pass = note.pass;
    this.loaded = note.loaded;
    this.reads.total = note.total;
  }

  /** Reads what the store holds: the referrals' hashes and the note of the last commit. */
  private async loadState(): Promise<void> {
    const { meta, newest } = await this.mirror.load();
    const held = this.mirror.known.size;
    this.adopt(parseSavedNote(meta) ?? noteOfUnnotedStore(newest, held));
    log.info(
      {
        referrals: held,
        seq: this.mirror.seq,
        watermark: this.watermark,
        pass: this.pass?.page ?? null,
      },
      'referral poll state loaded',
    );
  }
}
