/**
 * A page of the referral list as the sync compares it: each row's id, dates and hashes in typed
 * columns, and records' JSON only where the sync wants it. Invariants: a record is validated
 * before its JSON is handed over (what the store keeps is schema-valid); a held page's JSON is
 * handed over once a row.
 */
import * as yup from 'yup';
import { opportunitySchema, type Opportunity } from '@referrals/shared';
import { contentHash } from '../../changeLog/diff.js';
import { referralDates } from '../../changeLog/referralHash.js';
import { UpstreamError } from '../../upstream/http.js';
import { recordValidator } from '../../upstream/compiledSchema.js';
import type { RawPage } from '../../upstream/pageValidation.js';
import { HashColumn, type HashColumnData } from './hashColumn.js';

/** What the referral list is called in errors. */
export const REFERRAL_LIST = 'GET /api/v1/marketplace-opportunities';

/**
 * One upstream referral as the sync compares it: its id and dates, the hash of its raw JSON (an
 * unchanged record is recognised by it, and costs nothing more), and, when the reader hands it
 * over, the record as validated: `json`, what the store keeps, and `valid`, that JSON's hash.
 * The reader validates (on its worker thread for large pages), so the relay's event loop neither
 * parses nor validates a referral, which was a large share of what a first load allocated there.
 */
export interface HashedRow {
  readonly id: number;
  readonly added: number;
  readonly lastMod: number;
  readonly raw: string;
  /** The validated record's JSON; '' when the reader left it out (see KeepText). */
  readonly json: string;
  /** The hash of `json`; '' with it. */
  readonly valid: string;
}

/** A row without its record: what the sync looks at to decide whether it needs the record. */
export type RowStub = Omit<HashedRow, 'json' | 'valid'>;

/**
 * Which rows of a page the reader should hand over validated (`rows`' row `i`, its record not in
 * yet); the others may come without (`json` and `valid` ''). The sync wants the records of changed
 * rows only.
 *
 * `'later'`: every row validated (`valid` set), its `json` handed over when the sync takes it
 * (the page's `later`), just before it commits: a first load's records then live for one commit
 * part on the event loop's heap rather than for a cycle's whole load (see LaterRecords).
 */
export type KeepText = ((rows: HashedRows, i: number) => boolean) | 'later';

/** A page's rows as they cross between threads (see HashedRows.data). */
export interface HashedRowsData {
  readonly id: Float64Array;
  readonly added: Float64Array;
  readonly lastMod: Float64Array;
  readonly raw: HashColumnData;
  readonly valid: HashColumnData;
  /** The records handed over, by row. */
  readonly json: Map<number, string>;
}

/**
 * A page's rows in columns: ids, dates and hashes in typed arrays, the records handed over by row.
 * A page of 10,000 rows crossing from the page worker as 10,000 objects would be received on the
 * event loop in one long task, and its 20,000 hash strings decoded again to be compared; as
 * columns its buffers are transferred, and the sync compares a row's hash as bytes and makes
 * objects of the rows that changed only.
 */
export class HashedRows {
  readonly length: number;
  readonly id: Float64Array;
  readonly added: Float64Array;
  readonly lastMod: Float64Array;
  readonly raw: HashColumn;
  readonly valid: HashColumn;
  private readonly json: Map<number, string>;

  /** `n` rows, each to be written (`put`), or rows that crossed from another thread. */
  constructor(n: number | HashedRowsData) {
    if (typeof n === 'number') {
      this.id = new Float64Array(n);
      this.added = new Float64Array(n);
      this.lastMod = new Float64Array(n);
      this.raw = new HashColumn(n);
      this.valid = new HashColumn(n);
      this.json = new Map();
    } else {
      ({ id: this.id, added: this.added, lastMod: this.lastMod, json: this.json } = n);
      this.raw = new HashColumn(n.raw);
      this.valid = new HashColumn(n.valid);
    }
    this.length = this.id.length;
  }

  /** Writes row `i`'s place and raw hash. */
  put(i: number, row: RowStub): void {
    this.id[i] = row.id;
    this.added[i] = row.added;
    this.lastMod[i] = row.lastMod;
    this.raw.set(i, row.raw);
  }

  /** Row `i`'s record as validated (`json` '' when left out, `valid` its hash). */
  setRecord(i: number, json: string, valid: string): void {
    if (json === '') this.json.delete(i);
    else this.json.set(i, json);
    this.valid.set(i, valid);
  }

  /** Row `i`'s record as validated, '' when left out. */
  jsonOf(i: number): string {
    return this.json.get(i) ?? '';
  }

  /** Row `i` as an object. */
  row(i: number): HashedRow {
    return {
      id: this.id[i] as number,
      added: this.added[i] as number,
      lastMod: this.lastMod[i] as number,
      raw: this.raw.get(i),
      json: this.jsonOf(i),
      valid: this.valid.get(i),
    };
  }

  /** Every row as an object (tests). */
  all(): HashedRow[] {
    return Array.from({ length: this.length }, (_, i) => this.row(i));
  }

  /** The rows as they cross to another thread, and the buffers to transfer (not copied). */
  data(): { data: HashedRowsData; transfer: ArrayBuffer[] } {
    const raw = this.raw.data();
    const valid = this.valid.data();
    return {
      data: {
        id: this.id,
        added: this.added,
        lastMod: this.lastMod,
        raw: raw.data,
        valid: valid.data,
        json: this.json,
      },
      transfer: [
        this.id.buffer as ArrayBuffer,
        this.added.buffer as ArrayBuffer,
        this.lastMod.buffer as ArrayBuffer,
        ...raw.transfer,
        ...valid.transfer,
      ],
    };
  }
}

/**
 * The records of a page read `'later'`, held by the reader until the sync takes them. A first load
 * stages up to 50,000 records a cycle and commits them 250 at a time over seconds: held by the
 * sync, their JSON would outlive two scavenges and die in the old generation, the largest source
 * of the garbage a first load's full collections mark.
 */
export interface LaterRecords {
  /** The JSON of the rows at these places of the page; fails if the reader no longer has it. */
  take(at: readonly number[]): Promise<readonly string[]>;
  /** The sync is done with the page: the reader lets go of what was not taken. */
  drop(): void;
}

/**
 * Rows of pages read `'later'` a reader holds at most, should the sync not drop them; a first-load
 * cycle reads no more (it stages up to 50,000 records, and holds the unchanged rows of its pages
 * too). A page let go of fails the takes from it: the sync's cycle fails, and the next reads the
 * page again.
 */
export const HELD_ROWS = 60_000;

/** A page of the referral list, hashed: what a page reader hands the sync. */
export interface HashedPage {
  readonly totalElements: number;
  readonly rows: HashedRows;
  /** When the upstream served the page, by its own clock (its Date header); null if unknown. */
  readonly servedAt: number | null;
  /** Where the rows' JSON left out of a page read `'later'` is taken from. */
  readonly later?: LaterRecords;
}

/**
 * The JSON at places `at` of a page's held texts, each taken out (a row is handed over once); null,
 * and nothing taken, when one of them was taken already or is not there.
 */
export function takeOnce(held: (string | undefined)[], at: readonly number[]): string[] | null {
  const texts: string[] = [];
  for (const i of at) {
    const json = held[i];
    if (json === undefined) {
      // Put back what this take had taken: the caller fails it as a whole.
      texts.forEach((t, j) => (held[at[j] as number] = t));
      return null;
    }
    texts.push(json);
    held[i] = undefined;
  }
  return texts;
}

/**
 * A raw upstream referral placed: its id, dates and the hash of its JSON (`text`); one without an
 * opportunityId or an addDate makes the whole answer invalid (the sync cannot place it).
 */
export function placeRecord(item: unknown): RowStub & { readonly text: string } {
  const record = item as Partial<Opportunity> | null;
  const id = record?.opportunityId;
  if (typeof id !== 'number' || typeof record?.addDate !== 'string') {
    throw new UpstreamError(
      'invalid',
      `invalid answer from ${REFERRAL_LIST}: a referral without opportunityId or addDate`,
    );
  }
  const text = JSON.stringify(record);
  return { id, raw: contentHash(text), text, ...referralDates(record as Opportunity) };
}

/**
 * A raw upstream referral validated against the schema (unknown fields dropped): the JSON the
 * store keeps and its hash. An invalid one makes the whole answer invalid.
 */
export function checkRecord(record: unknown): { json: string; valid: string } {
  let valid: Opportunity;
  try {
    valid = recordValidator(opportunitySchema)(record);
  } catch (err) {
    if (!(err instanceof yup.ValidationError)) throw err;
    throw new UpstreamError('invalid', `invalid answer from ${REFERRAL_LIST}: ${String(err)}`);
  }
  const json = JSON.stringify(valid);
  return { json, valid: contentHash(json) };
}

/**
 * Raw upstream referrals placed and hashed, and those `wanted` (all without it) validated, each
 * handed to `record`.
 */
function hashRows(
  content: readonly unknown[],
  wanted: ((rows: HashedRows, i: number) => boolean) | undefined,
  record: (rows: HashedRows, i: number, checked: { json: string; valid: string }) => void,
): HashedRows {
  const rows = new HashedRows(content.length);
  content.forEach((item, i) => {
    rows.put(i, placeRecord(item));
    if (wanted === undefined || wanted(rows, i)) record(rows, i, checkRecord(item));
  });
  return rows;
}

/**
 * Raw upstream referrals placed and hashed; those `keep` wants (all without it, or with
 * `'later'`: read in the thread, the records are at hand) validated.
 */
export const hashReferralRows = (content: readonly unknown[], keep?: KeepText): HashedRows =>
  hashRows(content, keep === 'later' ? undefined : keep, (rows, i, { json, valid }) =>
    rows.setRecord(i, json, valid),
  );

/**
 * Raw upstream referrals placed, hashed and validated, as a page read `'later'` holds them: the
 * rows without their JSON and the JSON apart, by place.
 */
export function heldRecords(content: readonly unknown[]): { rows: HashedRows; texts: string[] } {
  const texts: string[] = [];
  const rows = hashRows(content, undefined, (rows, i, { json, valid }) => {
    texts[i] = json;
    rows.setRecord(i, '', valid);
  });
  return { rows, texts };
}

/** A page whose envelope was checked, hashed (see hashReferralRows). */
export const hashedPage = (
  page: RawPage,
  servedAt: number | null,
  keep?: KeepText,
): HashedPage => ({
  totalElements: page.totalElements,
  rows: hashReferralRows(page.content, keep),
  servedAt,
});
