/**
 * What the change log keeps beside each referral: its content hash, its raw hash and its dates,
 * so a poller that takes over places every referral without reading the records.
 */
import type { Opportunity } from '@referrals/shared';
import { contentHash } from './diff.js';

/**
 * What the store keeps as a referral's hash: the content hash of its validated JSON (what the
 * diff compares), the hash of the upstream's raw JSON when the poll read it (an unchanged raw
 * record is not validated again), and its addDate and lastModDate in ms, so a poller that takes
 * over can place every referral in the window's order without reading the records themselves.
 */
export interface ReferralHash {
  readonly valid: string;
  /** '' when the record came another way than a poll (a claim's answer). */
  readonly raw: string;
  /** NaN in a hash written before dates were kept: such a record is checked by a full pass. */
  readonly added: number;
  readonly lastMod: number;
}

/** The hash as stored: 'valid|raw|added|lastMod'. */
export const formatReferralHash = (h: ReferralHash): string =>
  `${h.valid}|${h.raw}|${h.added}|${h.lastMod}`;

/** Reads a stored hash; a plain content hash (older relays) has no dates. */
export function parseReferralHash(text: string): ReferralHash {
  const [valid = '', raw = '', added, lastMod] = text.split('|');
  return {
    valid,
    raw,
    added: added === undefined ? NaN : Number(added),
    lastMod: lastMod === undefined ? NaN : Number(lastMod),
  };
}

/** The instants (ms) a referral was added and last changed; lastModDate falls back to addDate. */
export function referralDates(o: Pick<Opportunity, 'addDate' | 'lastModDate'>): {
  added: number;
  lastMod: number;
} {
  const added = Date.parse(o.addDate);
  const lastMod = o.lastModDate ? Date.parse(o.lastModDate) : added;
  return { added, lastMod: Number.isNaN(lastMod) ? added : lastMod };
}

/**
 * The hash of a referral that reached the store another way than a poll read it (a claim's
 * answer): its content hash and dates, no raw hash (a poll validates it once when it reads it).
 */
export const hashOfCommitted = (json: string, record: Opportunity): ReferralHash => ({
  valid: contentHash(json),
  raw: '',
  ...referralDates(record),
});
