/**
 * The change read: each cycle reads the window sorted by lastModDate, newest first, down to the
 * watermark less a slack (usually one request of 100), and stages what changed. Invariants: the
 * watermark never goes back; every change stamped after the floor (the later of the watermark
 * and the time the upstream served the last read, less the slack) is read, however many there
 * are, by reading on from the top in the largest pages when a burst does not fit the first.
 */
import { BY_CHANGE } from './referralWindow.js';
import { stageChanges, type Staged } from './staging.js';
import type { StoreMirror } from './storeMirror.js';
import type { UpstreamReads } from './upstreamReads.js';

/**
 * Sizes of the change read. Its first page is sized from what the last change read found (the
 * changes since the watermark less the slack, half again): one request in a steady market
 * whatever its rate of change. When a burst does not fit, it reads on from the top in pages of
 * the largest size.
 */
const MIN_CHANGE_PAGE = 100;
const MAX_CHANGE_PAGE = 10_000;

export interface ChangeReadOptions {
  /** Changes whose lastModDate is this close below the watermark are read again. */
  readonly slackMs: number;
}

/** Where a change read got to: the watermark it moved to and when the upstream served it. */
export interface ChangesRead {
  /** The newest change read (never lower than the watermark before). */
  readonly newest: number;
  /** When the upstream served the read's first page, by its own clock; null if unknown. */
  readonly servedAt: number | null;
}

export class ChangeRead {
  /** The first page size of the next change read (see MIN_CHANGE_PAGE). */
  private firstPage = MIN_CHANGE_PAGE;

  constructor(
    private readonly reads: UpstreamReads,
    private readonly mirror: StoreMirror,
    private readonly options: ChangeReadOptions,
  ) {}

  /**
   * The first watermark of a fresh store: the newest change (now when the window is empty).
   * Everything changed up to it is read by the first load's chunks, which all come after this
   * read; later changes by the change reads.
   */
  async readNewest(startDate: string, now: Date): Promise<ChangesRead> {
    const top = await this.reads.page({ page: 0, size: 1, sort: BY_CHANGE, startDate });
    this.reads.total = top.totalElements;
    return {
      newest: top.rows.length > 0 ? (top.rows.lastMod[0] as number) : now.getTime(),
      servedAt: top.servedAt,
    };
  }

  /**
   * Reads changes newest first down to the later of the watermark and the time the upstream served
   * the last change read (`readAt`), less the slack, and stages them.
   */
  async readSince(
    watermark: number,
    readAt: number | null,
    startDate: string,
    staged: Staged,
  ): Promise<ChangesRead> {
    // A change the last read did not see became visible after the upstream served it, so it was
    // stamped no earlier than that less the slack (late commits), both by the upstream's clock. In
    // a quiet market the floor moves on with time, instead of the same slack below the newest
    // change being read again every cycle (a market whose start stamped many referrals within a
    // second would otherwise be read again whole every cycle).
    const floor = Math.max(watermark, readAt ?? -Infinity) - this.options.slackMs;
    let newest = watermark;
    let size = this.firstPage;
    let inWindow = 0;
    let servedAt: number | null | undefined;
    for (let page = 0; ;) {
      const answer = await this.reads.page({ page, size, sort: BY_CHANGE, startDate });
      servedAt ??= answer.servedAt;
      this.reads.total = answer.totalElements;
      const { lastMod } = await stageChanges(this.mirror.known, answer.rows, staged);
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
    this.firstPage = Math.min(
      MAX_CHANGE_PAGE,
      Math.max(MIN_CHANGE_PAGE, Math.ceil(inWindow * 1.5)),
    );
    return { newest, servedAt: servedAt ?? null };
  }
}
