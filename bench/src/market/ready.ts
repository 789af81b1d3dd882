import { call } from '../bench.js';
import { POLL_INTERVAL_MS } from '../plan.js';
import { sleep } from '../procs.js';
import { FILTERS, LIST_SOURCES, type Totals } from './queries.js';

interface ListAnswer {
  readonly seq: number;
  readonly totalElements: number;
}

const WHOLE_MARKET = '/api/public/referrals?size=1&dateFilter=30days&showClaimed=true';

/**
 * Waits until the relay has loaded the market: its public list (the whole 30 days, claimed
 * included) has referrals and its seq has not moved for two poll intervals (the bench's stand-in
 * changes only when the bench changes it, so a moving seq means the load is still committing).
 * Answers the referrals seen and when the final seq was first seen; fails after `timeoutMs`.
 */
/**
 * Whether the relay built every list order of the market (it builds them one by one after a
 * load; a page in an order not built yet waits for its sort). True when the relay does not say.
 */
async function listsBuilt(relayUrl: string): Promise<boolean> {
  const answer = await fetch(`${relayUrl}/readyz`);
  const body = (await answer.json()) as { lists?: { orders: number; ordersBuilt: number } };
  return !body.lists || body.lists.ordersBuilt >= body.lists.orders;
}

export async function waitForMarket(
  relayUrl: string,
  timeoutMs: number,
  exited: () => boolean,
): Promise<{ total: number; seq: number; loadedAt: number }> {
  const deadline = Date.now() + timeoutMs;
  let last: ListAnswer | null = null;
  let stableSince = 0;
  let lastError = '';
  while (Date.now() < deadline) {
    if (exited()) throw new Error('the relay exited while loading the market');
    try {
      const a = (await call(relayUrl, 'GET', WHOLE_MARKET)) as ListAnswer;
      if (a.totalElements > 0 && last !== null && a.seq === last.seq) {
        if (Date.now() - stableSince >= 2 * POLL_INTERVAL_MS && (await listsBuilt(relayUrl)))
          return { total: a.totalElements, seq: a.seq, loadedAt: stableSince };
      } else stableSince = Date.now();
      last = a;
    } catch (err) {
      // A list call may time out while a big first load holds the event loop: keep waiting.
      lastError = err instanceof Error ? err.message : String(err);
    }
    await sleep(1000);
  }
  throw new Error(
    `market not loaded after ${timeoutMs / 1000} s (last: ${last ? `${last.totalElements} referrals, seq ${last.seq}` : lastError || 'no answer'})`,
  );
}

/** The total of every list of the grid under every filter (deeper pages are drawn within it). */
export async function listTotals(
  relayUrl: string,
  tokens: ReadonlyMap<string, string>,
): Promise<Totals> {
  const totals = new Map<string, number>();
  for (const s of LIST_SOURCES) {
    for (const f of FILTERS) {
      const token = s.user ? tokens.get(s.user) : undefined;
      const a = (await call(
        relayUrl,
        'GET',
        `${s.path}${f}size=1`,
        undefined,
        token,
      )) as ListAnswer;
      totals.set(`${s.label}|${f}`, a.totalElements);
    }
  }
  return totals;
}
