/**
 * The small streams the poller reads whole each cycle: marketplaces, delivery stats, delivery
 * errors and feature flags. Invariant: each source keys its records by the upstream's id, and the
 * delivery errors are one record, the same object while every page the upstream sends is
 * unchanged, so the poller hashes it once.
 */
import type { DeliveryError } from '@referrals/shared';
import type { StreamName } from '../keys.js';
import type { UpstreamClient } from '../upstream/client.js';

/**
 * One small stream the poller reads whole each cycle: how to fetch it and how to key its records.
 * (The referrals are read by what changed: see referralSync.ts.)
 */
export interface PollSource {
  readonly stream: StreamName;
  fetch(now: Date): Promise<readonly object[]>;
  idOf(record: object): string | number;
}

/** Page size of the delivery-errors read. */
const DELIVERY_ERRORS_PAGE = 1000;
/**
 * Delivery errors kept at most. The screen pages through every one the upstream reports (5 a
 * page), so all are read; past this bound the total shown is the number kept, so no page the
 * screen offers is empty.
 */
export const DELIVERY_ERRORS_KEPT = 20_000;

/**
 * Every delivery error, in the upstream's order: page 0, then the rest in parallel; each page's
 * answer as read is pushed on `pages`.
 */
async function allDeliveryErrors(upstream: UpstreamClient, pages: unknown[]) {
  const first = await upstream.deliveryErrors(0, DELIVERY_ERRORS_PAGE);
  pages.push(first);
  const count = Math.min(
    first.totalPages,
    Math.ceil(Math.min(first.totalElements, DELIVERY_ERRORS_KEPT) / DELIVERY_ERRORS_PAGE),
  );
  const others = await Promise.all(
    Array.from({ length: Math.max(0, count - 1) }, (_, i) =>
      upstream.deliveryErrors(i + 1, DELIVERY_ERRORS_PAGE),
    ),
  );
  pages.push(...others);
  const rest = others.map((p) => p.content);
  const content: DeliveryError[] = [first.content, ...rest].flat().slice(0, DELIVERY_ERRORS_KEPT);
  const totalElements =
    first.totalElements > DELIVERY_ERRORS_KEPT ? content.length : first.totalElements;
  return {
    content,
    totalElements,
    totalPages: Math.ceil(totalElements / DELIVERY_ERRORS_PAGE),
  };
}

/** The sources of the streams read whole, from the upstream services. */
export function pollSources(upstream: UpstreamClient): readonly PollSource[] {
  // The delivery errors as one record: the same object while every page the upstream sends is
  // the same (the client hands back what it made of an unchanged answer), so the poller hashes it
  // once, not a list of up to 20,000 errors every cycle.
  let lastErrors: { pages: readonly unknown[]; record: object } | undefined;
  const deliveryErrorsRecord = async (): Promise<object> => {
    const pages: unknown[] = [];
    const all = await allDeliveryErrors(upstream, pages);
    const same =
      lastErrors !== undefined &&
      lastErrors.pages.length === pages.length &&
      pages.every((p, i) => p === lastErrors?.pages[i]);
    if (!same || !lastErrors) lastErrors = { pages, record: { id: 'page0', ...all } };
    return lastErrors.record;
  };
  return [
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
      // The list as a whole is one record: its order and total count are what the screen shows.
      fetch: async () => [await deliveryErrorsRecord()],
      idOf: (r) => (r as { id: string }).id,
    },
    {
      stream: 'featureFlags',
      fetch: () => upstream.featureFlags(),
      idOf: (r) => (r as { id: number }).id,
    },
  ];
}
