import { describe, expect, it } from 'vitest';
import type { BareOutcome } from '../bare/run.js';
import type { Recorder } from '../report.js';
import type { CpuSpan, Figure } from '../result.js';
import { COST_MEASURES, costRatios } from '../summary.js';
import { cpuMs, unitCost } from './cpu.js';
import type { MarketOutcome } from './one.js';

const span = (process: string, cpuSeconds: number): CpuSpan => ({
  process,
  phase: 'a phase',
  cpuSeconds,
  wallSeconds: 5,
  sharePct: Math.round((cpuSeconds / 5) * 100),
  load1: 1.5,
});

/** A recorder that keeps what it is given. */
function recorder(): { rec: Recorder; rows: Figure[] } {
  const rows: Figure[] = [];
  const rec = { add: (f: Figure) => rows.push(f), note: () => undefined } as unknown as Recorder;
  return { rec, rows };
}

const outcome = (size: number): MarketOutcome =>
  ({
    size,
    cost: {
      // 3 s of relay CPU over 2,000 pages: 1.5 ms a page.
      pages: new Map([[20, { ...unitCost(span('relay', 3), 2000), p99: 40 }]]),
      agents: {
        agents: 5000,
        // 10 s over 5,000 arrivals: 2 ms each; 20 s over the storm.
        arrival: unitCost(span('relay', 10), 5000),
        storm: unitCost(span('relay', 20), 5000),
      },
    },
  }) as unknown as MarketOutcome;

const bare: BareOutcome = {
  levels: [],
  // 1 s over 10,000 connects: 0.1 ms each.
  connect: unitCost(span('bare Socket.IO', 1), 10_000),
  floor: new Map([
    [20, { ...unitCost(span('floor HTTP', 2), 4000), p99: 8 }],
    [200, { ...unitCost(span('floor HTTP', 2), 5000), p99: 60 }],
  ]),
  page: null,
};

describe('the cost ratios of issue 48', () => {
  it('divides the relay CPU a unit by the floors of the same run, against the targets', () => {
    const { rec, rows } = recorder();
    costRatios(rec, [outcome(2000)], bare);
    const by = (m: string) => rows.find((r) => r.measure === m);
    // 1.5 ms a page / 0.5 ms a floor request at 20 concurrent.
    expect(by(COST_MEASURES.page)).toMatchObject({
      clients: 20,
      market: 2000,
      value: 3,
      unit: '×',
      target: '≤ 2×',
      met: false,
    });
    // 2 ms an agent / (0.1 ms a connect + 0.4 ms a floor request at 200 concurrent).
    expect(by(COST_MEASURES.arrival)).toMatchObject({ value: 4, target: '≤ 1.5×', met: false });
    // 20 s / (0.1 ms × 5,000 = 0.5 s).
    expect(by(COST_MEASURES.storm)).toMatchObject({ value: 40, target: '≤ 2×', met: false });
    expect(by(COST_MEASURES.storm)?.cpu?.map((s) => s.process)).toEqual([
      'relay',
      'bare Socket.IO',
    ]);
  });

  it('says a ratio is not measured when the floors did not run', () => {
    const { rec, rows } = recorder();
    costRatios(rec, [outcome(2000)], null);
    expect(rows).toHaveLength(3);
    for (const r of rows) expect(r).toMatchObject({ value: null, met: null });
    expect(rows[0]?.detail).toContain('the bare server (the floors) did not run');
  });

  it('rounds CPU milliseconds to what the ticks can tell', () => {
    expect(cpuMs(1.23456)).toBe(1.235);
    expect(cpuMs(123.456)).toBe(123.5);
    expect(cpuMs(null)).toBeNull();
    expect(unitCost(span('relay', 1), 0).msPerUnit).toBeNull();
  });
});
