/**
 * A cycle's staged changes: the upstream rows compared with what the store holds, and what
 * differs kept as an upsert or a removal until the cycle commits it. Invariants: a referral is
 * staged at most once (a later read replaces an earlier one, and an upsert and a removal of the
 * same referral exclude each other); a staged upsert keeps its page's row, not a record object,
 * and its JSON is taken from the page reader only when its part commits; no row's JSON is taken
 * twice.
 */
import { yieldIfDue } from '../../lib/slices.js';
import type { HashedRows, LaterRecords } from '../pages/hashedPage.js';
import type { Known, KnownTable } from './knownTable.js';

/**
 * A staged upsert: the row of its page (its id, dates and hashes stay in the page's columns), and
 * the record's JSON, or ('') the page's `later` to take it from when its part commits. A first-load
 * cycle stages up to 50,000: as a record object and two hash strings each, the staged rows would
 * live long enough to be promoted out of the young generation, and make its collections long.
 */
export interface Upsert {
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
export const knownOf = ({ rows, at }: Upsert): Known => {
  const { id, valid, raw, added, lastMod } = rows.row(at);
  return { id, valid, raw, added, lastMod };
};

/** One cycle's staged changes: later reads replace earlier ones. */
export class Staged {
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
 * Compares upstream records with the store: an unchanged raw record costs a lookup; a changed one
 * (validated by the page reader) is staged if its content changed. With `touched` (a chunk read
 * ahead), a referral committed or staged since the chunk was read is left alone. With `later`,
 * a row without its JSON is staged with where to take it from. Returns the rows (each record's
 * place and dates).
 *
 * In slices, the clock read every 256 rows: a chunk of 10,000 rows compared in one go would hold
 * the event loop for a large part of the cycle, and a clock read more rarely lets a slice overrun
 * its budget. What another writer commits meanwhile is in `touched` or wins at the commit.
 */
export async function stageChanges(
  known: KnownTable,
  rows: HashedRows,
  staged: Staged,
  touched: ReadonlySet<number> | null = null,
  later?: LaterRecords,
): Promise<HashedRows> {
  const changed: number[] = [];
  const since = await findChanged(known, rows, staged, touched, changed);
  if (changed.length === 0) return rows;
  await stageChanged(known, rows, changed, staged, later, since);
  return rows;
}

/**
 * Pushes on `changed` the rows whose raw record differs from the one staged or held (or whose
 * referral is staged for removal); returns the clock of the slice it ends in.
 */
async function findChanged(
  known: KnownTable,
  rows: HashedRows,
  staged: Staged,
  touched: ReadonlySet<number> | null,
  changed: number[],
): Promise<number> {
  let since = performance.now();
  for (let i = 0; i < rows.length; i += 1) {
    if ((i & 255) === 255) since = await yieldIfDue(since);
    const id = rows.id[i] as number;
    if (touched && (touched.has(id) || staged.upserts.has(id) || staged.removed.has(id))) continue;
    const mine = staged.upserts.get(id);
    // Compared as bytes: no string made for a row that did not change.
    const same = mine ? rows.raw.same(i, mine.rows.raw, mine.at) : known.rawSame(id, rows.raw, i);
    if (!same || staged.removed.has(id)) changed.push(i);
  }
  return since;
}

/**
 * Stages the `changed` rows whose validated record differs (an upsert); of the others only the
 * new raw hash is kept. The page reader validated each (on its worker, for a large page).
 */
async function stageChanged(
  known: KnownTable,
  rows: HashedRows,
  changed: readonly number[],
  staged: Staged,
  later: LaterRecords | undefined,
  since: number,
): Promise<void> {
  for (let j = 0; j < changed.length; j += 1) {
    if ((j & 255) === 255) since = await yieldIfDue(since);
    const at = changed[j] as number;
    const id = rows.id[at] as number;
    const json = rows.jsonOf(at);
    if (json === '' && (!later || rows.valid.is(at, '')))
      throw new Error(`the page reader left out referral ${id}, which changed`);
    const mine = staged.upserts.get(id);
    const same = mine ? sameRecord(rows, at, mine.rows, mine.at) : known.recordIs(id, rows, at);
    if (same && !staged.removed.has(id)) staged.raws.set(id, rows.raw.get(at));
    else staged.upsert(rows, at, json, json === '' ? later : undefined);
  }
}

/**
 * The first `n` values of an iterable after its first `skip`: a commit part is taken from the
 * front of a staged map of up to 50,000, and a spread of the map for each part would be quadratic.
 */
export function firstOf<T>(values: Iterable<T>, n: number, skip = 0): T[] {
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

/**
 * Fills in the JSON of the upserts staged from pages read `'later'`, from their readers: one take
 * a page, made just before the part commits (or while the part before commits); an upsert already
 * being taken is waited for, not taken again.
 */
export async function takeLater(up: readonly Upsert[]): Promise<void> {
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
