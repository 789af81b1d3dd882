/**
 * The sync's reads of the upstream, counted: a page of the window (hashed by the page reader) or
 * one referral by id. Invariant: every request the sync makes goes through here, so `requests`
 * is what the cycle bound (CATCH_UP_REQUESTS) and the stats count; and `total` is the window's
 * size as the last answer the sync used said (or as the saved note had it), never a page merely
 * read ahead.
 */
import type { ReferralPageQuery } from '../../upstream/client.js';
import type { HashedPage, KeepText } from '../pages/hashedPage.js';

/**
 * The upstream read the sync makes: one page of the window in an order, hashed (pageReader.ts);
 * the rows `keep` does not want may come without their JSON.
 */
export type ReadPage = (q: ReferralPageQuery, keep?: KeepText) => Promise<HashedPage>;

/** Reads one referral by id as the upstream sends it; null when the upstream has none. */
export type ReadOne = (id: number) => Promise<unknown>;

export class UpstreamReads {
  /** Requests made since the sync started. */
  requests = 0;
  /** Referrals in the window, as the upstream last counted them in a page the sync used. */
  total = 0;

  constructor(
    private readonly read: ReadPage,
    private readonly readOne: ReadOne,
  ) {}

  /** A page; a read that throws at once fails the promise, as any other failure. */
  async page(q: ReferralPageQuery, keep?: KeepText): Promise<HashedPage> {
    this.requests += 1;
    return this.read(q, keep);
  }

  one(id: number): Promise<unknown> {
    this.requests += 1;
    return this.readOne(id);
  }
}
