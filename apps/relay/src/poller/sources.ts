import type { StreamName } from '../keys.js';
import type { Opportunity } from '@referrals/shared';
import type { UpstreamClient } from '../upstream/client.js';
import { ValidationMemo } from '../upstream/pageValidation.js';

/** One stream the poller reads: how to fetch it whole and how to key its records. */
export interface PollSource {
  readonly stream: StreamName;
  fetch(now: Date): Promise<readonly object[]>;
  idOf(record: object): string | number;
}

/** Referrals are read back this many days (agent-console: the widest date filter). */
export const REFERRAL_WINDOW_DAYS = 30;
/** Page size of the referral poll; pages after the first are fetched this many at a time. */
export const REFERRAL_PAGE_SIZE = 1000;
const PARALLEL_PAGES = 4;
/** How many delivery errors the read model keeps (the screen pages through them 5 at a time). */
export const DELIVERY_ERRORS_KEPT = 100;

/** MM/DD/YYYY of a date, in UTC. */
export function upstreamDate(d: Date): string {
  const mm = String(d.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(d.getUTCDate()).padStart(2, '0');
  return `${mm}/${dd}/${d.getUTCFullYear()}`;
}

/** Every referral of the window: the first page, then the rest a few pages at a time. */
async function allReferrals(
  upstream: UpstreamClient,
  now: Date,
  memo: ValidationMemo<Opportunity>,
) {
  memo.startCycle();
  try {
    const start = upstreamDate(new Date(now.getTime() - REFERRAL_WINDOW_DAYS * 86_400_000));
    const first = await upstream.referralsPage(0, REFERRAL_PAGE_SIZE, start, memo);
    const pages = Math.ceil(first.totalElements / REFERRAL_PAGE_SIZE);
    const rest: (typeof first.content)[] = [];
    for (let p = 1; p < pages; p += PARALLEL_PAGES) {
      const batch = Array.from({ length: Math.min(PARALLEL_PAGES, pages - p) }, (_, i) =>
        upstream.referralsPage(p + i, REFERRAL_PAGE_SIZE, start, memo).then((r) => r.content),
      );
      rest.push(...(await Promise.all(batch)));
    }
    return [first.content, ...rest].flat();
  } finally {
    memo.endCycle();
  }
}

/** The sources of every stream, read from the upstream services. */
export function pollSources(upstream: UpstreamClient): readonly PollSource[] {
  const referralMemo = new ValidationMemo<Opportunity>((r) => r.opportunityId);
  return [
    {
      stream: 'referrals',
      fetch: (now) => allReferrals(upstream, now, referralMemo),
      idOf: (r) => (r as { opportunityId: number }).opportunityId,
    },
    {
      stream: 'marketplaces',
      fetch: () => upstream.marketplaces(),
      idOf: (r) => (r as { id: number }).id,
    },
    {
      stream: 'deliveryStats',
      fetch: () => upstream.deliveryStats(),
      idOf: (r) => (r as { marketplaceId: number }).marketplaceId,
    },
    {
      stream: 'deliveryErrors',
      // The page as a whole is one record: its order and total count are what the screen shows.
      fetch: async () => [
        { id: 'page0', ...(await upstream.deliveryErrors(0, DELIVERY_ERRORS_KEPT)) },
      ],
      idOf: (r) => (r as { id: string }).id,
    },
    {
      stream: 'featureFlags',
      fetch: () => upstream.featureFlags(),
      idOf: (r) => (r as { id: number }).id,
    },
  ];
}
