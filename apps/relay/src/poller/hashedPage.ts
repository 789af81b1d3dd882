import * as yup from 'yup';
import { opportunitySchema, type Opportunity } from '@referrals/shared';
import { contentHash } from '../readModel/diff.js';
import { referralDates } from '../readModel/referralHash.js';
import { UpstreamError } from '../upstream/http.js';
import { recordValidator } from '../upstream/compiledSchema.js';
import type { RawPage } from '../upstream/pageValidation.js';

/** What the referral list is called in errors. */
export const REFERRAL_LIST = 'GET /api/v1/marketplace-opportunities';

/**
 * One upstream referral as the sync compares it: its id and dates, the hash of its raw JSON (an
 * unchanged record is recognised by it, and costs nothing more), and, when the reader hands it
 * over, the record as validated: `json`, what the store keeps, and `valid`, that JSON's hash.
 * The reader validates (on its worker thread for large pages), so the relay's event loop neither
 * parses nor validates a referral: at 100,000 referrals that was a tenth of what a first load
 * allocated there (bench/README "Session 21").
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
 * Which rows of a page the reader should hand over validated; the others may come without
 * (`json` and `valid` ''). The sync wants the records of changed rows only.
 */
export type KeepText = (row: RowStub) => boolean;

/** A page of the referral list, hashed: what a page reader hands the sync. */
export interface HashedPage {
  readonly totalElements: number;
  readonly rows: readonly HashedRow[];
  /** When the upstream served the page, by its own clock (its Date header); null if unknown. */
  readonly servedAt: number | null;
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

/** Raw upstream referrals placed and hashed; those `keep` wants (all without it) validated. */
export function hashRecords(content: readonly unknown[], keep?: KeepText): HashedRow[] {
  const rows: HashedRow[] = [];
  for (const item of content) {
    const { id, added, lastMod, raw } = placeRecord(item);
    const stub = { id, added, lastMod, raw };
    const checked = !keep || keep(stub) ? checkRecord(item) : { json: '', valid: '' };
    rows.push({ ...stub, ...checked });
  }
  return rows;
}

/** A page whose envelope was checked, hashed (see hashRecords). */
export const hashedPage = (
  page: RawPage,
  servedAt: number | null,
  keep?: KeepText,
): HashedPage => ({
  totalElements: page.totalElements,
  rows: hashRecords(page.content, keep),
  servedAt,
});
