import type { Opportunity } from '@referrals/shared';
import { contentHash } from '../readModel/diff.js';
import { referralDates } from '../readModel/referralHash.js';
import { UpstreamError } from '../upstream/http.js';
import type { RawPage } from '../upstream/pageValidation.js';

/** What the referral list is called in errors. */
export const REFERRAL_LIST = 'GET /api/v1/marketplace-opportunities';

/**
 * One upstream referral as the sync compares it: its id and dates, the hash of its raw JSON (an
 * unchanged record costs no validation) and that JSON, parsed again only if the hash changed.
 */
export interface HashedRow {
  readonly id: number;
  readonly added: number;
  readonly lastMod: number;
  readonly raw: string;
  readonly text: string;
}

/** A row without its JSON: what the sync looks at to decide whether it needs the JSON at all. */
export type RowStub = Omit<HashedRow, 'text'>;

/**
 * Which rows of a page the reader should hand over with their JSON; the others may come with an
 * empty `text` (the sync keeps the JSON of changed rows only).
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
 * Hashes raw upstream referrals; a record without an opportunityId or an addDate makes the whole
 * answer invalid (the sync cannot place it).
 */
export function hashRecords(content: readonly unknown[]): HashedRow[] {
  const rows: HashedRow[] = [];
  for (const item of content) {
    const record = item as Partial<Opportunity> | null;
    const id = record?.opportunityId;
    if (typeof id !== 'number' || typeof record?.addDate !== 'string') {
      throw new UpstreamError(
        'invalid',
        `invalid answer from ${REFERRAL_LIST}: a referral without opportunityId or addDate`,
      );
    }
    const text = JSON.stringify(record);
    rows.push({ id, raw: contentHash(text), text, ...referralDates(record as Opportunity) });
  }
  return rows;
}

/** The page with the JSON of the rows `keep` does not want dropped (an empty `text`). */
export const keptOnly = (page: HashedPage, keep: KeepText | undefined): HashedPage =>
  keep
    ? { ...page, rows: page.rows.map((r) => (r.text === '' || keep(r) ? r : { ...r, text: '' })) }
    : page;

/** A page whose envelope was checked, hashed. */
export const hashedPage = (page: RawPage, servedAt: number | null): HashedPage => ({
  totalElements: page.totalElements,
  rows: hashRecords(page.content),
  servedAt,
});
