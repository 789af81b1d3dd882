/**
 * The diff-cost phase of a `--market` run (issue 17): what the relay's incremental referral poll
 * costs at a market size, and how fast changes get through it. Measured per size:
 * - the first load (firstLoad.ts): relay start → first visible rows → complete, event loop;
 * - a steady window on the quiet market: cycle time, upstream referral requests per interval and
 *   per minute, upstream bytes per minute, the reconciliation pass time, event loop, memory;
 * - stamped changes (`PATCH /__sim/referrals/:id` with a price, which moves lastModDate): PATCH →
 *   the relay's commit → an admin socket's `changes` frame;
 * - silent changes and deletes (`POST /__sim/drift`): drift → the reconciliation's commit (the
 *   relay's mirror applies it from there), checked against the stand-in by REST.
 */
import { PROTOCOL_VERSION, type Ack, type SnapshotMessage } from '@referrals/shared';
import type { ClientToServerEvents, ServerToClientEvents } from '@referrals/shared';
import { io, type Socket } from 'socket.io-client';
import { call } from '../bench.js';
import { POLL_INTERVAL_MS } from '../plan.js';
import { nowMs, sleep } from '../procs.js';
import type { CommitFollower } from '../redisTap.js';
import type { Recorder } from '../report.js';
import type { Figure } from '../result.js';
import { summarize, type Summary } from '../stats.js';
import type { FirstLoad } from './firstLoad.js';
import {
  getJson,
  readyz,
  SIM_AUTH,
  simStats,
  statsDelta,
  type PollFigures,
  type StatsDelta,
  windowStartDate,
} from './probe.js';
import { startSampler, type Sampled } from './sampler.js';

/** The issue's budget of a steady-state cycle at 1,000,000 referrals, ms. */
export const CYCLE_BUDGET_MS = 200;
/** Upstream referral requests a steady-state interval may make at 1,000,000 referrals. */
const REQUESTS_BUDGET = 3;
/** A silent change reaches the mirror within one pass: ≤ 60 s at 100,000, ≤ 5 min at 1,000,000. */
export const silentBudgetMs = (size: number) => (size >= 1_000_000 ? 300_000 : 60_000);
/** An event-loop task may take this long. */
const LOOP_BUDGET_MS = 50;
/** Stamped changes timed per size, and silent changes and deletes made per size. */
const STAMPED = 6;
const SILENT = 5;
const DELETED = 2;

/** What the steady window measured. */
export interface Steady {
  readonly elapsedMs: number;
  readonly cycles: number;
  /** Mean cycle from the histogram's sum and count over the window, ms. */
  readonly meanMs: number;
  readonly cycle: Summary | null;
  readonly exact: number;
  readonly upstream: StatsDelta;
  /** Upstream referral requests (pages and single reads) per cycle and per minute. */
  readonly perInterval: number;
  readonly perMinute: number;
  /** The relay's own count of referral requests per cycle, and the most in one cycle. */
  readonly relayPerCycle: number;
  readonly maxPerCycle: number | null;
  readonly bytesPerMinute: number;
  readonly listBytesPerMinute: number;
  readonly loopMaxMs: number;
  readonly loopOver: number;
  readonly samples: number;
  readonly peakRss: number;
  readonly peakHeap: number;
  /** The pass: page size, pages per pass, pages read per second in the window. */
  readonly chunk: number | null;
  readonly pagesPerPass: number | null;
  readonly pagesPerSecond: number | null;
  readonly estimatedPassMs: number | null;
  /** Passes completed by the end of the window, and the last one's duration. */
  readonly passes: number;
  readonly lastPassMs: number | null;
}

/** Changes timed through the poll. */
export interface Timed {
  readonly id: number;
  /** Change sent → commit seen on the change log (the mirror), ms. */
  readonly toCommitMs: number | null;
  /** Change sent → the admin socket's frame, ms (stamped changes). */
  readonly totalMs?: number | null;
}

/** What one size's diff-cost phase measured (compared across sizes at the end). */
export interface DiffOutcome {
  readonly size: number;
  readonly firstLoad: FirstLoad | null;
  readonly steady: Steady | null;
}

const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;
const s1 = (ms: number) => round(ms / 1000, 1);
const mb = (bytes: number) => round(bytes / 2 ** 20, 1);
const n = (x: number) => x.toLocaleString('en-US');
const loopStats = (loop: readonly number[]) => ({
  max: round(Math.max(0, ...loop)),
  over: loop.filter((x) => x > LOOP_BUDGET_MS).length,
  over500: loop.filter((x) => x > 500).length,
});

/** Pages of a pass read per second over the samples: the pass's progress. */
function passProgress(sampled: Sampled, total: number) {
  const withPass = sampled.ready.filter((x) => x.poll.pass !== null || x.poll.passes > 0);
  const first = withPass[0];
  const last = withPass[withPass.length - 1];
  const size = withPass.find((x) => x.poll.pass)?.poll.pass?.size ?? null;
  if (!first || !last || size === null || last.at <= first.at)
    return { size, pagesPerPass: null, rate: null };
  const pagesPerPass = Math.max(1, Math.ceil(total / size));
  // Position in pages from the start of the first pass seen; a completed pass adds a pass's pages.
  const pos = (p: PollFigures) => p.passes * pagesPerPass + (p.pass?.page ?? 0);
  const pages = pos(last.poll) - pos(first.poll);
  return { size, pagesPerPass, rate: pages / ((last.at - first.at) / 1000) };
}

/**
 * The steady window: the market quiet (the stand-in ticks once an hour), the relay polling on its
 * own; /metrics and /readyz every 0.5 s, /__sim/stats at both ends.
 */
export async function steadyWindow(o: {
  readonly relayUrl: string;
  readonly simOrigin: string;
  readonly windowMs: number;
  readonly windowTotal: number;
}): Promise<Steady> {
  const a = await simStats(o.simOrigin);
  const t0 = Date.now();
  const sampler = startSampler(o.relayUrl, 500);
  await sleep(o.windowMs);
  const s = await sampler.stop();
  const b = await simStats(o.simOrigin);
  const elapsedMs = Date.now() - t0;
  const up = statsDelta(a, b);
  const cycles = s.first && s.last ? s.last.pollCount - s.first.pollCount : 0;
  const meanMs =
    s.first && s.last && cycles > 0
      ? ((s.last.pollSeconds - s.first.pollSeconds) * 1000) / cycles
      : 0;
  const refRequests = up.listRequests + up.oneRequests;
  const firstPoll = s.ready[0]?.poll;
  const lastPoll = s.ready[s.ready.length - 1]?.poll;
  const relayRequests = firstPoll && lastPoll ? lastPoll.requests - firstPoll.requests : 0;
  const minutes = elapsedMs / 60_000;
  const loop = loopStats(s.loopMax);
  const progress = passProgress(s, o.windowTotal);
  return {
    elapsedMs,
    cycles,
    meanMs,
    cycle: summarize(s.cycles),
    exact: s.exact,
    upstream: up,
    perInterval: cycles > 0 ? refRequests / cycles : 0,
    perMinute: refRequests / minutes,
    relayPerCycle: cycles > 0 ? relayRequests / cycles : 0,
    maxPerCycle: s.cycleRequests.length > 0 ? Math.max(...s.cycleRequests) : null,
    bytesPerMinute: up.bytes / minutes,
    listBytesPerMinute: up.listBytes / minutes,
    loopMaxMs: loop.max,
    loopOver: loop.over,
    samples: s.loopMax.length,
    peakRss: s.peakRss,
    peakHeap: s.peakHeap,
    chunk: progress.size,
    pagesPerPass: progress.pagesPerPass,
    pagesPerSecond: progress.rate,
    estimatedPassMs:
      progress.rate && progress.pagesPerPass
        ? (progress.pagesPerPass / progress.rate) * 1000
        : null,
    passes: lastPoll?.passes ?? 0,
    lastPassMs: lastPoll?.lastPassMs ?? null,
  };
}

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** An admin socket on every referral (`referrals`, all states), noting when each id arrives. */
async function adminSocket(relayUrl: string, token: string) {
  const socket: ClientSocket = io(relayUrl, {
    auth: { protocol: PROTOCOL_VERSION, token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 20_000,
  });
  const arrivals = new Map<number, { at: number; record: Record<string, unknown> }[]>();
  socket.on('changes', (m) => {
    const at = nowMs();
    for (const u of m.upserts as unknown as readonly Record<string, unknown>[]) {
      const id = u.opportunityId;
      if (typeof id !== 'number') continue;
      const list = arrivals.get(id) ?? [];
      list.push({ at, record: u });
      arrivals.set(id, list);
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const ack = (await socket
    .timeout(20_000)
    .emitWithAck('subscribe', { kind: 'referrals', state: null })) as Ack<{
    snapshot: SnapshotMessage;
  }>;
  if (!ack.ok) throw new Error(`subscribe refused: ${ack.code} ${ack.error}`);
  return { socket, arrivals };
}

/**
 * Ids of referrals in the relay's window, newest first (a page well inside it), from the stand-in:
 * a relay list page can take seconds at 1,000,000 referrals (a scope's first page in an order).
 */
async function someIds(simOrigin: string, count: number): Promise<number[]> {
  const q = `page=2&size=${count}&sort=addDate,desc&startDate=${encodeURIComponent(windowStartDate())}`;
  const a = await getJson<{ content: { opportunityId: number }[] }>(
    `${simOrigin}/api/v1/marketplace-opportunities?${q}`,
    { authorization: SIM_AUTH },
    60_000,
  );
  if (!a || a.status !== 200) throw new Error('the stand-in did not answer a page of ids');
  return a.body.content.map((r) => r.opportunityId);
}

/**
 * Stamped changes: one at a time, at a random moment of the poll cycle, a price set on a referral
 * through the stand-in's control (it moves lastModDate). Timed to the commit on the change log
 * and to the admin socket's frame carrying that price. Poll cycles meanwhile are sampled: each of
 * them carries a change.
 */
export async function stampedChanges(o: {
  readonly relayUrl: string;
  readonly simOrigin: string;
  readonly token: string;
  readonly follower: CommitFollower;
}): Promise<{ timed: Timed[]; cycles: Summary | null; loopMaxMs: number; missed: number }> {
  const ids = await someIds(o.simOrigin, STAMPED);
  const { socket, arrivals } = await adminSocket(o.relayUrl, o.token);
  const sampler = startSampler(o.relayUrl, 500);
  const timed: Timed[] = [];
  let missed = 0;
  try {
    for (const [i, id] of ids.entries()) {
      await sleep(1000 + Math.random() * POLL_INTERVAL_MS);
      const price = round(150 + i * 11.11 + Math.random(), 2);
      const t0 = nowMs();
      await call(o.simOrigin, 'PATCH', `/__sim/referrals/${id}`, { dynamicPrice: price });
      const limit = Date.now() + 4 * POLL_INTERVAL_MS + 20_000;
      let arrival: number | null = null;
      while (Date.now() < limit && arrival === null) {
        const hit = (arrivals.get(id) ?? []).find(
          (x) => x.at >= t0 && x.record.dynamicPrice === price,
        );
        if (hit) arrival = hit.at;
        else await sleep(5);
      }
      const commit = o.follower.find(id, t0);
      if (arrival === null) missed += 1;
      timed.push({
        id,
        toCommitMs: commit ? commit.seenAt - t0 : null,
        totalMs: arrival === null ? null : arrival - t0,
      });
    }
  } finally {
    socket.disconnect();
  }
  const s = await sampler.stop();
  return { timed, cycles: summarize(s.cycles), loopMaxMs: loopStats(s.loopMax).max, missed };
}

/** Silent changes and deletes made at once through the drift control. */
export interface Drifted {
  readonly at: number;
  readonly silent: readonly number[];
  readonly deleted: readonly number[];
}

export async function drift(simOrigin: string): Promise<Drifted> {
  const at = nowMs();
  const a = (await call(simOrigin, 'POST', '/__sim/drift', {
    silent: SILENT,
    deleted: DELETED,
  })) as { silent: number[]; deleted: number[] };
  return { at, silent: a.silent, deleted: a.deleted };
}

/** What the silent changes and deletes came to. */
export interface DriftOutcome {
  readonly silent: Timed[];
  readonly deleted: Timed[];
  /** Silent changes whose city the relay's REST answer holds as the stand-in does; deletes 404. */
  readonly verified: number;
  readonly checked: number;
  readonly waitedMs: number;
}

/**
 * Waits until every drifted referral was committed by the poll (the change log carries its id)
 * or `untilMs` (epoch) passes, then checks the relay's answer by id against the stand-in's.
 */
export async function driftOutcome(o: {
  readonly relayUrl: string;
  readonly simOrigin: string;
  readonly token: string;
  readonly follower: CommitFollower;
  readonly drifted: Drifted;
  readonly untilMs: number;
}): Promise<DriftOutcome> {
  const d = o.drifted;
  const all = [...d.silent, ...d.deleted];
  while (Date.now() < o.untilMs && !all.every((id) => o.follower.find(id, d.at))) await sleep(250);
  const timed = (id: number): Timed => {
    const c = o.follower.find(id, d.at);
    return { id, toCommitMs: c ? c.seenAt - d.at : null };
  };
  let verified = 0;
  for (const id of d.silent) {
    const up = await getJson<{ city?: string }>(`${o.simOrigin}/api/v1/opportunity/${id}`, {
      authorization: SIM_AUTH,
    });
    const mine = await getJson<{ city?: string }>(`${o.relayUrl}/api/referrals/${id}`, {
      authorization: `Bearer ${o.token}`,
    });
    if (up?.body.city !== undefined && up.body.city === mine?.body.city) verified += 1;
  }
  for (const id of d.deleted) {
    const mine = await getJson<unknown>(`${o.relayUrl}/api/referrals/${id}`, {
      authorization: `Bearer ${o.token}`,
    });
    if (mine?.status === 404) verified += 1;
  }
  return {
    silent: d.silent.map(timed),
    deleted: d.deleted.map(timed),
    verified,
    checked: all.length,
    waitedMs: nowMs() - d.at,
  };
}

/**
 * The last reconciliation pass, once one has completed after the first load (which is pass
 * `loadPasses`); waits for it until `untilMs` (epoch), reading /readyz every 2 s. Null when none
 * completed by then.
 */
export async function passAfterLoad(
  relayUrl: string,
  loadPasses: number,
  untilMs: number,
): Promise<number | null> {
  for (;;) {
    const r = await readyz(relayUrl);
    if (r?.poll && r.poll.passes > loadPasses && r.poll.lastPassMs !== null)
      return r.poll.lastPassMs;
    if (Date.now() >= untilMs) return null;
    await sleep(2000);
  }
}

/** Rows of the diff-cost section, per size. */
export function diffRows(
  rec: Recorder,
  size: number,
  r: {
    readonly firstLoad: FirstLoad | null;
    readonly steady: Steady | null;
    readonly stamped: Awaited<ReturnType<typeof stampedChanges>> | null;
    readonly drift: DriftOutcome | null;
    /** A pass completed after the first load: its duration, and when it was read. */
    readonly pass: { readonly ms: number; readonly where: string } | null;
  },
): void {
  const at1M = size >= 1_000_000;
  const add = (f: Omit<Figure, 'section' | 'market'>) =>
    rec.add({ section: 'diff-cost', market: size, ...f });
  const fl = r.firstLoad;
  if (fl) {
    // The first scrape covers the relay's start-up (modules, connections) up to listening; the
    // load is what follows.
    const [startup = 0, ...during] = fl.sampled.loopMax;
    const loop = loopStats(during);
    const cyc = summarize(fl.sampled.cycles);
    add({
      measure: 'first load: relay start → first visible rows',
      value: fl.firstRowsMs === null ? null : s1(fl.firstRowsMs),
      unit: 's',
      detail: `first seen by ${fl.firstRowsBy}`,
    });
    add({
      measure: 'first load: relay start → complete (loading gone, whole window held)',
      value: s1(fl.completeMs),
      unit: 's',
      detail: `${n(fl.poll.referrals)} of ${n(fl.windowTotal)} referrals in the window${fl.short ? ' (SHORT: loading ended without the whole window)' : ''}; status progress last seen ${fl.lastLoading ? `${n(fl.lastLoading.loaded)}/${n(fl.lastLoading.expected)}` : 'never'}; upstream ${n(fl.upstream.listRequests)} page requests, ${mb(fl.upstream.bytes)} MB; ${cyc?.n ?? 0} poll cycles (p50 ${cyc ? s1(cyc.p50) : '?'} s, max ${cyc ? s1(cyc.max) : '?'} s); peak RSS ${mb(fl.sampled.peakRss)} MB, heap ${mb(fl.sampled.peakHeap)} MB`,
    });
    add({
      measure: 'first load: event-loop delay max',
      value: loop.max,
      unit: 'ms',
      detail: `from the relay's first answer to complete: ${loop.over} of ${during.length} half-second scrapes over ${LOOP_BUDGET_MS} ms, ${loop.over500} over 500 ms (10 ms resolution); start-up to listening (the first scrape) ${round(startup)} ms`,
      target: `≤ ${LOOP_BUDGET_MS} ms`,
      met: loop.max <= LOOP_BUDGET_MS,
    });
  }
  const st = r.steady;
  if (st) {
    const c = st.cycle;
    add({
      measure: 'steady state: poll cycle time p95 (quiet market)',
      value: c ? round(c.p95) : null,
      unit: 'ms',
      detail: `p50 ${c ? round(c.p50) : '?'} · p95 ${c ? round(c.p95) : '?'} · max ${c ? round(c.max) : '?'} ms, mean ${round(st.meanMs)} ms; ${st.cycles} cycles in ${s1(st.elapsedMs)} s (${st.exact} timed singly from the histogram's sum/count deltas); whole cycle incl. small streams`,
      ...(at1M
        ? {
            target: `≤ ${CYCLE_BUDGET_MS} ms at 1,000,000`,
            met: c ? c.p95 <= CYCLE_BUDGET_MS : null,
          }
        : {}),
    });
    const routes = st.upstream.routes
      .slice(0, 6)
      .map((x) => `${x.route} ${x.requests} req ${mb(x.bytes)} MB`)
      .join('; ');
    add({
      measure: 'steady state: upstream referral requests per interval',
      value: round(st.perInterval, 2),
      unit: 'req/cycle',
      detail: `${round(st.perMinute)} req/min (pages + single reads); the relay's own count ${round(st.relayPerCycle, 2)}/cycle, most in one cycle ${st.maxPerCycle ?? '?'}; by route over ${s1(st.elapsedMs)} s: ${routes}`,
      ...(at1M
        ? {
            target: `≤ ${REQUESTS_BUDGET} per interval at 1,000,000`,
            met:
              st.cycles > 0
                ? Math.max(st.perInterval, st.maxPerCycle ?? 0) <= REQUESTS_BUDGET
                : null,
          }
        : {}),
    });
    add({
      measure: 'steady state: upstream bytes per minute',
      value: mb(st.bytesPerMinute),
      unit: 'MB/min',
      detail: `GET /api/v1/marketplace-opportunities ${mb(st.listBytesPerMinute)} MB/min (${round(st.upstream.listRequests / (st.elapsedMs / 60_000))} req/min); every upstream call ${round(st.upstream.requests / (st.elapsedMs / 60_000))} req/min`,
    });
    const passMs = r.pass?.ms ?? null;
    const value = passMs ?? st.estimatedPassMs;
    add({
      measure: 'reconciliation pass time',
      value: value === null ? null : s1(value),
      unit: passMs !== null ? 's' : 's (extrapolated from the pass page rate)',
      detail: `${passMs !== null ? `measured (/readyz lastPassMs) ${r.pass?.where}` : 'no pass completed after the first load within the run'}; chunk ${st.chunk === null ? '?' : n(st.chunk)}, ${st.pagesPerPass ?? '?'} chunks a pass, ${st.pagesPerSecond === null ? '?' : round(st.pagesPerSecond * (POLL_INTERVAL_MS / 1000), 2)} chunks per ${POLL_INTERVAL_MS / 1000} s in the steady window → ${st.estimatedPassMs === null ? '?' : s1(st.estimatedPassMs)} s a pass`,
      target: `≤ ${silentBudgetMs(size) / 1000} s`,
      met: value === null ? null : value <= silentBudgetMs(size),
    });
    add({
      measure: 'steady state: event-loop delay max',
      value: st.loopMaxMs,
      unit: 'ms',
      detail: `${st.loopOver} of ${st.samples} half-second scrapes over ${LOOP_BUDGET_MS} ms; peak RSS ${mb(st.peakRss)} MB, heap ${mb(st.peakHeap)} MB`,
      target: `≤ ${LOOP_BUDGET_MS} ms`,
      met: st.loopMaxMs <= LOOP_BUDGET_MS,
    });
  }
  const sc = r.stamped;
  if (sc) {
    const total = sc.timed.map((t) => t.totalMs).filter((x): x is number => typeof x === 'number');
    const toCommit = sc.timed.map((t) => t.toCommitMs).filter((x): x is number => x !== null);
    const after = sc.timed
      .map((t) =>
        typeof t.totalMs === 'number' && t.toCommitMs !== null ? t.totalMs - t.toCommitMs : null,
      )
      .filter((x): x is number => x !== null);
    const ts = summarize(total);
    const cs = summarize(toCommit);
    const as = summarize(after);
    // Within one interval plus the after-poll time: the change waits at most an interval for the
    // next cycle's change read, which commits at the cycle's end (the cycle's budget).
    const ok =
      sc.missed === 0 &&
      sc.timed.every(
        (t) => t.toCommitMs !== null && t.toCommitMs <= POLL_INTERVAL_MS + CYCLE_BUDGET_MS,
      );
    add({
      measure: 'stamped change (lastModDate moves) → admin socket, max',
      value: ts ? round(ts.max) : null,
      unit: 'ms',
      detail: `${total.length}/${sc.timed.length} arrived; change → commit p50 ${cs ? round(cs.p50) : '?'} · max ${cs ? round(cs.max) : '?'} ms; after-poll (commit → socket) p50 ${as ? round(as.p50) : '?'} · max ${as ? round(as.max) : '?'} ms; total p50 ${ts ? round(ts.p50) : '?'} ms; cycles carrying a change p50 ${sc.cycles ? round(sc.cycles.p50) : '?'} · max ${sc.cycles ? round(sc.cycles.max) : '?'} ms; event-loop max ${sc.loopMaxMs} ms`,
      target: `change → commit ≤ interval + cycle budget (${POLL_INTERVAL_MS + CYCLE_BUDGET_MS} ms), then after-poll`,
      met: ok,
    });
  }
  const dr = r.drift;
  if (dr) {
    const silent = dr.silent.map((t) => t.toCommitMs);
    const done = silent.filter((x): x is number => x !== null);
    const del = dr.deleted.map((t) => t.toCommitMs);
    const ss = summarize(done);
    const all = done.length === silent.length;
    add({
      measure: 'silent change (no lastModDate) → relay mirror, max',
      // Not all through: the latency is over the time waited.
      value: all && ss ? s1(ss.max) : `> ${s1(dr.waitedMs)}`,
      unit: all ? 's' : `s (${silent.length - done.length} of ${silent.length} not committed yet)`,
      detail: `${done.length}/${silent.length} committed within ${s1(dr.waitedMs)} s${ss ? ` (p50 ${s1(ss.p50)} s, max ${s1(ss.max)} s)` : ''}; deletes ${del.filter((x) => x !== null).length}/${del.length} removed (${del.map((x) => (x === null ? 'not yet' : `${s1(x)} s`)).join(', ')}); relay answer by id matches the stand-in for ${dr.verified}/${dr.checked}`,
      target: `≤ one pass (≤ ${silentBudgetMs(size) / 1000} s)`,
      met: all && ss ? ss.max <= silentBudgetMs(size) : false,
    });
  } else {
    add({
      measure: 'silent change (no lastModDate) → relay mirror, max',
      value: null,
      unit: 's',
      detail: 'not measured in this run',
      target: `≤ one pass (≤ ${silentBudgetMs(size) / 1000} s)`,
      met: null,
    });
  }
}

/** Across sizes: upstream bytes per minute at the largest size against 2,000 referrals. */
export function summarizeDiff(rec: Recorder, outcomes: readonly DiffOutcome[]): void {
  const withSteady = outcomes.filter((o) => o.steady !== null);
  const base =
    withSteady.find((o) => o.size === 2000) ?? [...withSteady].sort((a, b) => a.size - b.size)[0];
  if (!base?.steady) return;
  for (const o of withSteady) {
    if (o === base || !o.steady) continue;
    const ratio = o.steady.bytesPerMinute / Math.max(1, base.steady.bytesPerMinute);
    rec.add({
      section: 'diff-cost',
      measure: `steady state: upstream bytes per minute against ${n(base.size)} referrals`,
      market: o.size,
      value: round(ratio, 2),
      unit: '×',
      detail: `${mb(o.steady.bytesPerMinute)} MB/min against ${mb(base.steady.bytesPerMinute)} MB/min`,
      ...(o.size >= 1_000_000 ? { target: '≤ 10× at 1,000,000', met: ratio <= 10 } : {}),
    });
  }
}
