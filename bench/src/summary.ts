import type { BareLevel } from './bare/run.js';
import type { Bench } from './bench.js';
import type { MarketOutcome } from './market/one.js';
import { OLD_POLLS_PER_MINUTE_PER_BROWSER } from './plan.js';
import type { Recorder } from './report.js';

/** The run-wide figures: upstream load against the client count, and sockets held. */
export function summarizeRun(
  b: Bench,
  rates: ReadonlyMap<number, number>,
  capacity: { held: number; p99AtHeld: number | null; stopReason: string },
): void {
  const levels = [...rates.keys()].sort((x, y) => x - y);
  if (levels.length >= 2) {
    const values = levels.map((l) => rates.get(l) ?? 0);
    const min = Math.min(...values);
    const max = Math.max(...values);
    const top = levels[levels.length - 1] ?? 0;
    const topRate = rates.get(top) ?? 0;
    // One poll cycle's worth of requests either way is window-edge noise, not growth.
    const flat = max <= min * 1.1 + 6;
    b.rec.add({
      section: 'upstream',
      measure: 'upstream load against clients',
      value: `${min}–${max}`,
      unit: 'req/min',
      detail: `at ${levels.join(', ')} clients: ${values.join(', ')} req/min; at ${top} clients the old polling would make ${top * OLD_POLLS_PER_MINUTE_PER_BROWSER}/min, ${((top * OLD_POLLS_PER_MINUTE_PER_BROWSER) / Math.max(topRate, 1)).toFixed(0)}x the relay's`,
      target: 'flat in the number of clients',
      met: flat,
    });
  }
  const ramped = b.plan.ramp.length > 0;
  b.rec.add({
    section: 'connections',
    measure: 'most sockets held with after-poll p99 < 250 ms',
    clients: capacity.held,
    value: capacity.held,
    unit: 'sockets',
    detail: `p99 ${capacity.p99AtHeld ?? '?'} ms there; ${capacity.stopReason}`,
    target: '≥ 10,000 sockets',
    met: capacity.held >= 10_000 ? true : ramped ? false : null,
  });
}

/**
 * The `--market` comparisons: after-poll p99 at `sockets` at each market size against the same at
 * 2,000 referrals (or the smallest size run), and the relay's after-poll p99 against the bare
 * Socket.IO server's at each socket count, measured in one sitting.
 */
export function summarizeMarkets(
  rec: Recorder,
  outcomes: readonly MarketOutcome[],
  bare: readonly BareLevel[],
  sockets: number,
): void {
  const base =
    outcomes.find((o) => o.size === 2000) ?? [...outcomes].sort((x, y) => x.size - y.size)[0];
  const baseP99 = base?.afterPoll.get(sockets)?.p99 ?? null;
  for (const o of outcomes) {
    if (!base || o === base) continue;
    const p99 = o.afterPoll.get(sockets)?.p99 ?? null;
    const ratio = p99 !== null && baseP99 ? p99 / baseP99 : null;
    rec.add({
      section: 'market',
      measure: `after-poll p99 at ${sockets} sockets against ${base.size} referrals`,
      clients: sockets,
      market: o.size,
      value: ratio === null ? null : Math.round(ratio * 100) / 100,
      unit: '×',
      detail: `${p99 ?? '?'} ms against ${baseP99 ?? '?'} ms`,
      target: '≤ 1.2×',
      met: ratio === null ? null : ratio <= 1.2,
    });
  }
  const first = outcomes[0];
  for (const l of bare) {
    const relayP99 = first?.afterPoll.get(l.sockets)?.p99 ?? null;
    const ratio = relayP99 !== null && l.after ? relayP99 / l.after.p99 : null;
    rec.add({
      section: 'fanout',
      measure: 'relay after-poll p99 against bare Socket.IO (same frames, same fleet)',
      clients: l.sockets,
      ...(first ? { market: first.size } : {}),
      value: ratio === null ? null : Math.round(ratio * 100) / 100,
      unit: '×',
      detail: `relay ${relayP99 ?? '?'} ms; bare p50 ${l.after?.p50 ?? '?'} · p99 ${l.after?.p99 ?? '?'} · max ${l.after?.max ?? '?'} ms, delivered ${l.delivered}/${l.expected}`,
      ...(l.sockets === 10_000
        ? { target: '≤ 1.25×', met: ratio === null ? null : ratio <= 1.25 }
        : {}),
    });
  }
}
