import type { BareOutcome } from './bare/run.js';
import type { Bench } from './bench.js';
import type { PageCost } from './market/lists.js';
import type { MarketOutcome } from './market/one.js';
import { OLD_POLLS_PER_MINUTE_PER_BROWSER } from './plan.js';
import type { Recorder } from './report.js';
import type { CpuSpan } from './result.js';

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
 * 2,000 referrals (or the smallest size run), the relay's after-poll p99 against the bare
 * Socket.IO server's at each socket count, measured in one sitting, and the relay's CPU per unit
 * of work against the floors' (costRatios).
 */
export function summarizeMarkets(
  rec: Recorder,
  outcomes: readonly MarketOutcome[],
  bareRun: BareOutcome | null,
  sockets: number,
): void {
  const bare = bareRun?.levels ?? [];
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
  costRatios(rec, outcomes, bareRun);
}

/** Issue 48's cost targets: the relay's CPU per unit of work at most this many times the floor's. */
export const COST_TARGETS = { page: 2, arrival: 1.5, storm: 2 } as const;

/** The measures of the cost ratios (the README's Scale table shows them). */
export const COST_MEASURES = {
  page: 'relay CPU per list page / floor route CPU per request',
  arrival: 'relay CPU per arriving agent / (bare CPU per connect + floor CPU per request)',
  storm: 'relay CPU of the storm / (bare CPU per connect × agents)',
} as const;

const ms3 = (x: number | null) => (x === null ? '?' : `${x.toFixed(3)} ms`);
const spans = (...xs: (CpuSpan | null | undefined)[]) =>
  xs.filter((x): x is CpuSpan => x !== null && x !== undefined);

/**
 * Issue 48's ratios at each market size: the relay's CPU a list page against the floor route's a
 * request (same load, same concurrency), a relay's arriving agent against a bare connect plus a
 * floor request, and the storm's whole relay CPU against a bare connect per agent. The floors
 * were measured once, after the first size (bare/run.ts); the ratios of every size use them.
 */
export function costRatios(
  rec: Recorder,
  outcomes: readonly MarketOutcome[],
  bare: BareOutcome | null,
): void {
  const floor = bare?.floor ?? new Map<number, PageCost>();
  const connect = bare?.connect ?? null;
  const noFloor = bare
    ? 'floor not measured (see the notes)'
    : 'not measured: the bare server (the floors) did not run';
  // The floor request beside an arriving agent: at the highest concurrency measured (the agents
  // arrive 100 at a time per client process, up to 200 in flight).
  const arrivalC = Math.max(0, ...floor.keys());
  const arrivalFloor = floor.get(arrivalC) ?? null;
  const ratio = (
    o: MarketOutcome,
    r: {
      kind: keyof typeof COST_TARGETS;
      clients: number;
      num: number | null;
      den: number | null;
      detail: string;
      cpu: CpuSpan[];
    },
  ) => {
    const x = r.num !== null && r.den !== null && r.den > 0 ? r.num / r.den : null;
    const target = COST_TARGETS[r.kind];
    rec.add({
      section: 'market',
      measure: COST_MEASURES[r.kind],
      clients: r.clients,
      market: o.size,
      value: x === null ? null : Math.round(x * 100) / 100,
      unit: '×',
      detail: r.detail,
      target: `≤ ${target}×`,
      met: x === null ? null : x <= target,
      cpu: r.cpu,
    });
  };
  for (const o of outcomes) {
    for (const [c, page] of o.cost.pages) {
      const f = floor.get(c) ?? null;
      ratio(o, {
        kind: 'page',
        clients: c,
        num: page.msPerUnit,
        den: f?.msPerUnit ?? null,
        detail: f
          ? `relay ${ms3(page.msPerUnit)} a page (p99 ${page.p99 ?? '?'} ms) against the floor's ${ms3(f.msPerUnit)} a request (p99 ${f.p99 ?? '?'} ms), both at ${c} concurrent for the same time`
          : `relay ${ms3(page.msPerUnit)} a page; ${noFloor} at ${c} concurrent`,
        cpu: spans(page.span, f?.span),
      });
    }
    const agents = o.cost.agents;
    if (!agents) continue;
    const arrival = agents.arrival;
    const connectMs = connect?.msPerUnit ?? null;
    const floorMs = arrivalFloor?.msPerUnit ?? null;
    const arrivalDen = connectMs !== null && floorMs !== null ? connectMs + floorMs : null;
    if (arrival)
      ratio(o, {
        kind: 'arrival',
        clients: agents.agents,
        num: arrival.msPerUnit,
        den: arrivalDen,
        detail:
          arrivalDen !== null
            ? `relay ${ms3(arrival.msPerUnit)} an arriving agent against bare ${ms3(connectMs)} a connect + floor ${ms3(floorMs)} a request (at ${arrivalC} concurrent)`
            : `relay ${ms3(arrival.msPerUnit)} an arriving agent; ${noFloor}`,
        cpu: spans(arrival.span, connect?.span, arrivalFloor?.span),
      });
    const storm = agents.storm;
    if (storm) {
      const stormMs = storm.span ? storm.span.cpuSeconds * 1000 : null;
      const den = connectMs !== null ? connectMs * agents.agents : null;
      ratio(o, {
        kind: 'storm',
        clients: agents.agents,
        num: stormMs,
        den,
        detail:
          den !== null
            ? `relay ${stormMs === null ? '?' : `${(stormMs / 1000).toFixed(2)} s`} CPU over the storm (${storm.units} agents reconnected) against bare ${ms3(connectMs)} a connect × ${agents.agents} = ${(den / 1000).toFixed(2)} s`
            : `relay ${stormMs === null ? '?' : `${(stormMs / 1000).toFixed(2)} s`} CPU over the storm; ${noFloor}`,
        cpu: spans(storm.span, connect?.span),
      });
    }
  }
}
