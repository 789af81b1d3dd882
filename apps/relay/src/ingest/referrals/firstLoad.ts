/**
 * The first load: a store with no referrals is loaded by the pass's chunks read in line, as many
 * a cycle as its budget allows, each cycle's committed as it lands, with the change read running
 * alongside, so the first rows are visible at once and changes made during a long load are not
 * lost. Invariants: a cycle reads at least one chunk, and no further chunk once it has staged
 * LOAD_STAGED records or the chunk would take the rows held of pages read `'later'` (whose JSON
 * stays with the page reader until its part commits) past `heldRows`.
 */
import { HELD_ROWS } from '../pages/hashedPage.js';
import type { ReferralWindow } from './referralWindow.js';
import { chunkQuery, type Pass, type Reconciliation } from './reconciliation.js';
import type { Staged } from './staging.js';
import type { UpstreamReads } from './upstreamReads.js';

/** Records a first-load cycle stages at most before it commits and lets others run. */
const LOAD_STAGED = 50_000;

export interface FirstLoadOptions {
  /** Time a first-load cycle may spend reading chunks before it commits and lets others run. */
  readonly loadBudgetMs: number;
  /**
   * Rows of the pages a first-load cycle reads `'later'` at most (default HELD_ROWS, what the page
   * worker holds; tests set fewer).
   */
  readonly heldRows?: number;
}

/**
 * Reads and compares chunks of the pass, one after another, until the pass ends or the cycle's
 * budget is spent; true when the pass ended (the first load is complete). Each record's JSON is
 * taken from the reader as its part commits (see LaterRecords).
 */
export async function loadChunks(
  pass: Pass,
  { startDate, startMs }: ReferralWindow,
  staged: Staged,
  reads: UpstreamReads,
  reconciliation: Reconciliation,
  options: FirstLoadOptions,
): Promise<boolean> {
  const started = performance.now();
  let finished = false;
  do {
    const page = await reads.page(chunkQuery(pass, startDate), 'later');
    if (page.later) staged.hold(page.later, page.rows.length);
    finished = await reconciliation.compareChunk(pass, page, startMs, staged, null);
  } while (
    !finished &&
    performance.now() - started < options.loadBudgetMs &&
    staged.size < LOAD_STAGED &&
    staged.heldRows + pass.size <= (options.heldRows ?? HELD_ROWS)
  );
  return finished;
}
