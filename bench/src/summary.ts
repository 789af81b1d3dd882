import type { Bench } from './bench.js';
import { OLD_POLLS_PER_MINUTE_PER_BROWSER } from './plan.js';

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
