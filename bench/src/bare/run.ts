import { fork, type ChildProcess } from 'node:child_process';
import type { Bench } from '../bench.js';
import { createFleet } from '../clients/fleet.js';
import { ask } from '../clients/ipc.js';
import { receiversOf, STATES } from '../clients/mix.js';
import { cpuMeter, cpuMs, describeSpan, unitCost, type UnitCost } from '../market/cpu.js';
import { closedLoop } from '../market/httpLoad.js';
import type { ListCost, PageCost, PageSample } from '../market/lists.js';
import { growTo } from '../phases/levels.js';
import { latencies } from '../phases/samples.js';
import { sleep, stopChild, track } from '../procs.js';
import type { CpuSpan } from '../result.js';
import { summarize, type Summary } from '../stats.js';
import { FLOOR_PATH, type Frames, type FromBare, type ToBare } from './protocol.js';

const SERVER = new URL('./server.ts', import.meta.url).pathname;
/** Changes emitted per level: about as many as the relay's window times (one per poll). */
const CHANGES_PER_LEVEL = 8;
/** The floor route's warm-up before it is measured (its code compiled, as the relay's is). */
const FLOOR_WARM_UP_MS = 1500;

/** After-emit latency of the bare server at one socket count. */
export interface BareLevel {
  readonly sockets: number;
  readonly after: Summary | null;
  readonly delivered: number;
  readonly expected: number;
}

/** What the bare server measured: fan-out by socket count, and the floors of the cost ratios. */
export interface BareOutcome {
  readonly levels: BareLevel[];
  /** The bare server's CPU a socket connected (handshake and subscribe), every level's connects. */
  readonly connect: UnitCost | null;
  /** The floor route's CPU a request and its p99, by concurrency (empty when not run). */
  readonly floor: ListCost;
  /** The bytes the floor route answered. */
  readonly page: PageSample | null;
}

/** How the floor route is loaded: the list pages' pages-per-second load, on one real page. */
export interface FloorPlan {
  readonly page: PageSample | null;
  readonly concurrencies: readonly number[];
  readonly ms: number;
}

/** The spans of several parts of one phase as one (CPU and wall summed, the last load). */
function joined(spans: readonly CpuSpan[], phase: string): CpuSpan | null {
  const last = spans[spans.length - 1];
  if (!last) return null;
  const cpuSeconds = Math.round(spans.reduce((s, x) => s + x.cpuSeconds, 0) * 100) / 100;
  const wallSeconds = Math.round(spans.reduce((s, x) => s + x.wallSeconds, 0) * 100) / 100;
  return {
    process: last.process,
    phase,
    cpuSeconds,
    wallSeconds,
    sharePct: wallSeconds > 0 ? Math.round((cpuSeconds / wallSeconds) * 100) : 0,
    load1: last.load1,
  };
}

/**
 * The floor route (server.ts) under the list pages' closed-loop load: at each concurrency for
 * `ms`, the bare server's CPU a request and the p99, after a short warm-up. Recorded as rows.
 */
async function runFloor(
  b: Pick<Bench, 'rec'>,
  child: ChildProcess,
  url: string,
  plan: FloorPlan,
): Promise<Map<number, PageCost>> {
  const out = new Map<number, PageCost>();
  const page = plan.page;
  if (!page) {
    b.rec.note('floor HTTP route not run: no list page was captured from the relay');
    return out;
  }
  const to = (m: ToBare) => m;
  await ask<FromBare, 'pageSet'>(child, to({ type: 'page', body: page.body }), 'pageSet', 10_000);
  const next = () => ({ path: FLOOR_PATH });
  const load = (c: number, ms: number) =>
    closedLoop(url, next, {
      concurrency: c,
      maxRequests: Number.MAX_SAFE_INTEGER,
      untilMs: Date.now() + ms,
      timeoutMs: 60_000,
    });
  await load(plan.concurrencies[0] ?? 20, FLOOR_WARM_UP_MS);
  for (const c of plan.concurrencies) {
    process.stdout.write(`floor HTTP route at ${c} concurrent\n`);
    const meter = cpuMeter(child.pid, 'floor HTTP', `${c}-concurrent floor requests`);
    const res = await load(c, plan.ms);
    const span = meter.stop();
    const s = summarize(res.latencies);
    const cost = { ...unitCost(span, res.latencies.length), p99: s?.p99 ?? null };
    out.set(c, cost);
    const what = `${page.bytes.toLocaleString('en-US')} bytes of ${page.path.split('?')[0] ?? ''} (one page of the first size's relay), Express + compression()`;
    b.rec.add({
      section: 'market',
      measure: 'floor HTTP route CPU per request (a list page from memory)',
      clients: c,
      value: cpuMs(cost.msPerUnit),
      unit: 'ms CPU',
      detail: `${res.latencies.length} requests in ${(res.elapsedMs / 1000).toFixed(1)} s, ${res.errors} failed; ${what}; ${describeSpan(span)}`,
      cpu: span ? [span] : [],
    });
    b.rec.add({
      section: 'market',
      measure: 'floor HTTP route p99 (a list page from memory)',
      clients: c,
      value: s?.p99 ?? null,
      unit: 'ms p99',
      detail: `p50 ${s?.p50 ?? '?'} · max ${s?.max ?? '?'} ms, n=${s?.n ?? 0}; ${what}`,
      cpu: span ? [span] : [],
    });
  }
  return out;
}

/**
 * The bare Socket.IO server: first its floor HTTP route under the list pages' load (no sockets
 * held yet, as the relay's list pages ran), then at each socket count, driven by the bench's own
 * client fleet: the room mix of the levels, the relay's frames, changes emitted at a random moment
 * of each 0.5-2.5 s; latency = arrival − the moment the server began emitting (the relay's
 * counterpart is its commit). Its CPU is read while each level's sockets connect. Stops the
 * server and the fleet whatever happens.
 */
export async function runBare(
  b: Pick<Bench, 'rec' | 'tokens' | 'deadline'>,
  frames: Frames,
  levels: readonly number[],
  floorPlan: FloorPlan,
): Promise<BareOutcome> {
  const child = track(fork(SERVER, [], { execArgv: process.execArgv, stdio: 'inherit' }));
  const to = (m: ToBare) => m;
  const out: BareLevel[] = [];
  const connects: { span: CpuSpan; sockets: number; level: number }[] = [];
  let floor: ListCost = new Map();
  let fleet: ReturnType<typeof createFleet> | null = null;
  try {
    const { port } = await new Promise<Extract<FromBare, { type: 'listening' }>>((resolve) => {
      child.once('message', (m: FromBare) => {
        if (m.type === 'listening') resolve(m);
      });
    });
    const url = `http://127.0.0.1:${port}`;
    try {
      floor = await runFloor(b, child, url, floorPlan);
    } catch (err) {
      b.rec.note(`floor HTTP route failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    await ask<FromBare, 'framesSet'>(child, to({ type: 'frames', frames }), 'framesSet', 10_000);
    fleet = createFleet(url);
    const bare = { ...b, fleet };
    let seq = 0;
    for (const level of levels) {
      if (Date.now() > b.deadline) break;
      process.stdout.write(`bare Socket.IO at ${level} sockets\n`);
      const had = fleet.size;
      const meter = cpuMeter(child.pid, 'bare Socket.IO', `connects up to ${level} sockets`);
      const clients = await growTo(bare, level);
      const span = meter.stop();
      if (span && clients > had) connects.push({ span, sockets: clients - had, level });
      await sleep(1000);
      const samples: { seq: number; at: number; state: string }[] = [];
      for (let i = 0; i < CHANGES_PER_LEVEL; i += 1) {
        await sleep(500 + Math.random() * 2000);
        seq += 1;
        const state = STATES[i % STATES.length] ?? 'TX';
        const e = await ask<FromBare, 'emitted'>(
          child,
          to({ type: 'emit', seq, state }),
          'emitted',
          30_000,
        );
        samples.push({ seq, at: e.at, state });
      }
      await sleep(1500);
      const { arrivals } = await fleet.collect();
      const after = summarize(latencies(samples, arrivals, (s) => s.at));
      const expected = samples.reduce(
        (n, s) => n + receiversOf(s.state as (typeof STATES)[number], clients, b.tokens),
        0,
      );
      out.push({ sockets: clients, after, delivered: after?.n ?? 0, expected });
    }
  } finally {
    await fleet?.close();
    await stopChild(child, 2000);
  }
  const connect = connectCost(b, connects);
  return { levels: out, connect, floor, page: floorPlan.page };
}

/** The bare server's CPU a connect over every level's connects, recorded as a row. */
function connectCost(
  b: Pick<Bench, 'rec'>,
  connects: readonly { span: CpuSpan; sockets: number; level: number }[],
): UnitCost | null {
  if (connects.length === 0) return null;
  const sockets = connects.reduce((n, c) => n + c.sockets, 0);
  const span = joined(
    connects.map((c) => c.span),
    `connects of ${sockets} sockets`,
  );
  const cost = unitCost(span, sockets);
  b.rec.add({
    section: 'market',
    measure: 'bare Socket.IO CPU per connect (handshake and subscribe)',
    clients: sockets,
    value: cpuMs(cost.msPerUnit),
    unit: 'ms CPU',
    detail: `${connects.map((c) => `up to ${c.level}: ${c.sockets} sockets, ${((c.span.cpuSeconds * 1000) / c.sockets).toFixed(3)} ms each (${c.span.sharePct}% of one core)`).join('; ')}; the fleet's 100 at a time per client process; ${describeSpan(span)}`,
    cpu: span ? [span] : [],
  });
  return cost;
}
