/**
 * What team presence and the agency's settings reads cost the relay (issue 49): a stand-in of
 * ~2,000 referrals, Redis and one relay (as tools/pageCost.ts starts them), then at each socket
 * count N, with the sockets in this process (tokens of `producer` and `producer2`, one agency):
 * - arrival: N sockets connect alone (then close), then N fresh ones connect and each watches
 *   the same 25 rows (the In-Appetite first page): relay CPU per socket, RSS and heap after a
 *   full GC per socket, Redis commands (INFO commandstats, every client) per watchRows;
 * - a viewer change: one more socket views then leaves one of those rows, 20 times: ms from its
 *   emit to each watcher hearing `viewers`, relay CPU per change; the same on a referral nobody
 *   watches (the floor: only the ack);
 * - the refresh: 45 s (three VIEW_REFRESH_MS cycles) with nobody viewing, then with N/10 of the
 *   sockets viewing distinct referrals;
 * and once, before any socket: the agency's REST reads, 20 concurrent for 5 s each, against
 * /healthz. Every CPU figure is the relay's user + system (all threads, /proc) in this one run,
 * so read them as ratios. Prints a markdown table and writes it to <out>/presence-cost-<time>.md.
 *   npm run build && cd bench && npx tsx --conditions=@referrals/source \
 *     src/tools/presenceCost.ts [sockets, 1000,5000] [referrals, 2000] [out dir, results/profiles]
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { io, type Socket } from 'socket.io-client';
import {
  PROTOCOL_VERSION,
  VIEW_REFRESH_MS,
  type Ack,
  type ClientToServerEvents,
  type PresenceAnswer,
  type PresenceRequest,
  type ServerToClientEvents,
} from '@referrals/shared';
import { call } from '../bench.js';
import { cpuMeter, cpuMs } from '../market/cpu.js';
import { closedLoop, type Get } from '../market/httpLoad.js';
import { waitForMarket } from '../market/ready.js';
import { relayMemory, type Memory } from '../metrics.js';
import { freePort, nowMs, sleep, stopAll } from '../procs.js';
import { commandStats } from '../redisTap.js';
import { checkBuilt, demoToken, ROOT, startRedis, startRelay, startSim } from '../stack.js';
import type { RelayProc } from '../stack.js';
import { summarize, type Summary } from '../stats.js';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const counts = (process.argv[2] ?? '1000,5000').split(',').map(Number);
const referrals = Number(process.argv[3] ?? 2000);
const out = path.resolve(process.argv[4] ?? path.join(ROOT, 'bench/results/profiles'));
if (counts.some((n) => !Number.isInteger(n) || n <= 0) || !(referrals > 0)) {
  process.stderr.write('usage: presenceCost.ts [sockets, 1000,5000] [referrals] [out dir]\n');
  process.exit(2);
}
/** Sockets connecting (or asking) at once, as the bench's client workers. */
const BATCH = 100;
/** The rows a crowd on one first page watches. */
const ROWS = 25;
/** View-then-leave pairs of the fan-out and of its floor. */
const PAIRS = 20;
/** Three refresh cycles. */
const REFRESH_WINDOW_MS = 3 * VIEW_REFRESH_MS;
const REST_MS = 5000;
const CONCURRENCY = 20;

const log = (line: string) => process.stdout.write(`${line}\n`);
const span = (pid: number, phase: string) => cpuMeter(pid, 'relay', phase);
/** The relay's CPU seconds over a span (0 where /proc was not read). */
const cpuOf = (m: ReturnType<typeof span>) => m.stop()?.cpuSeconds ?? 0;
const ms = (x: number | null) => (x === null ? '-' : String(cpuMs(x)));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const pct = (s: Summary | null) => (s ? `${s.p50} / ${s.p99} / ${s.max} ms` : '-');
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Connects one signed-in socket (no topic); rejects on refusal. */
async function connectOne(url: string, token: string): Promise<ClientSocket> {
  const socket: ClientSocket = io(url, {
    auth: { protocol: PROTOCOL_VERSION, token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 30_000,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => {
      socket.disconnect();
      reject(err);
    });
  });
  return socket;
}

/** Runs `work` over `items`, BATCH at a time; answers how many failed and the first reason. */
async function inBatches<T>(items: readonly T[], work: (t: T, i: number) => Promise<void>) {
  let failed = 0;
  let reason = '';
  for (let i = 0; i < items.length; i += BATCH) {
    const batch = items.slice(i, i + BATCH).map((t, j) => work(t, i + j));
    for (const r of await Promise.allSettled(batch)) {
      if (r.status === 'fulfilled') continue;
      failed += 1;
      reason ||= String(r.reason);
    }
  }
  return { failed, reason };
}

/** Opens `n` sockets, the tokens taking turns. */
async function openSockets(url: string, n: number, tokens: readonly string[]) {
  const sockets: ClientSocket[] = [];
  const slots = Array.from({ length: n }, (_, i) => tokens[i % tokens.length] ?? '');
  const r = await inBatches(slots, async (token) => {
    sockets.push(await connectOne(url, token));
  });
  if (r.failed > 0) log(`  ${r.failed} of ${n} sockets failed: ${r.reason}`);
  return { sockets, failed: r.failed };
}

/** Asks presence of a socket; rejects unless answered ok. */
async function ask(socket: ClientSocket, request: PresenceRequest): Promise<PresenceAnswer> {
  const a = (await socket.timeout(30_000).emitWithAck('presence', request)) as Ack<PresenceAnswer>;
  if (!a.ok) throw new Error(`presence ${request.kind} refused: ${a.code} ${a.error}`);
  return a;
}

/** Closes the sockets and gives the relay a moment to let them go. */
async function closeAll(sockets: readonly ClientSocket[]): Promise<void> {
  for (const s of sockets) s.disconnect();
  await sleep(5000);
}

/** Redis calls per command between two readings (INFO's own left out), and their sum. */
async function redisDelta(redis: Redis, before: Map<string, number>) {
  const after = await commandStats(redis);
  const by = [...after.entries()]
    .filter(([k]) => k !== 'info')
    .map(([k, v]) => [k, v - (before.get(k) ?? 0)] as const)
    .filter(([, v]) => v > 0)
    .sort((a, b) => b[1] - a[1]);
  return { total: by.reduce((s, [, v]) => s + v, 0), by };
}

/** "zrange 25, multi 25, ...": the commands of a delta per unit. */
const perUnit = (by: readonly (readonly [string, number])[], units: number) =>
  by
    .slice(0, 5)
    .map(([k, v]) => `${k} ${(v / units).toFixed(1)}`)
    .join(', ');

/**
 * Ids of the In-Appetite list as producer: its first page (the rows), then others of the whole 30
 * days, up to `want` (all viewable: the view checks appetite, not age).
 */
async function appetiteIds(relayUrl: string, token: string, want: number) {
  const page = async (query: string) =>
    (await call(relayUrl, 'GET', `/api/referrals?view=inAppetite&${query}`, undefined, token)) as {
      content: { opportunityId: number }[];
      totalElements: number;
    };
  const first = await page(`page=0&size=${ROWS}`);
  const rows = first.content.map((r) => r.opportunityId);
  const others: number[] = [];
  let total = 0;
  for (let p = 0; others.length < want; p += 1) {
    const got = await page(`dateFilter=30days&page=${p}&size=100`);
    total = got.totalElements;
    others.push(...got.content.map((r) => r.opportunityId).filter((id) => !rows.includes(id)));
    if (got.content.length < 100) break;
  }
  log(`In-Appetite as producer: ${first.totalElements} (first page), ${total} over 30 days`);
  return { rows, others: others.slice(0, want) };
}

/** One REST read, 20 concurrent for REST_MS: requests a second, p99, relay CPU a request. */
async function restRead(relay: RelayProc, label: string, g: Get) {
  const pid = relay.proc.child.pid ?? 0;
  const m = span(pid, label);
  const r = await closedLoop(relay.url, () => g, {
    concurrency: CONCURRENCY,
    maxRequests: Number.MAX_SAFE_INTEGER,
    untilMs: Date.now() + REST_MS,
    timeoutMs: 30_000,
  });
  const cpu = cpuOf(m);
  const n = r.latencies.length;
  return {
    label,
    perS: n / (r.elapsedMs / 1000),
    p99: summarize(r.latencies)?.p99 ?? null,
    cpuMs: n > 0 ? (cpu * 1000) / n : null,
    errors: r.errors ? `${r.errors} (${r.firstError ?? ''})` : '0',
  };
}

/** Memory per socket between two readings. */
const perSocket = (a: Memory, b: Memory, n: number) =>
  `${kb((b.rss - a.rss) / n)} / ${kb((b.heapUsed - a.heapUsed) / n)}`;

/** Phase 1: connect alone on one set, then connect + watchRows on a fresh set (kept open). */
async function arrival(
  relay: RelayProc,
  redis: Redis,
  n: number,
  tokens: string[],
  rows: number[],
) {
  const pid = relay.proc.child.pid ?? 0;
  const base = await relayMemory(relay);
  let m = span(pid, 'connect alone');
  const a = await openSockets(relay.url, n, tokens);
  const connectAlone = (cpuOf(m) * 1000) / a.sockets.length;
  const memAlone = await relayMemory(relay);
  await closeAll(a.sockets);
  const base2 = await relayMemory(relay);
  m = span(pid, 'connect');
  const b = await openSockets(relay.url, n, tokens);
  const connect = (cpuOf(m) * 1000) / b.sockets.length;
  const stats = await commandStats(redis);
  m = span(pid, 'watchRows');
  const w = await inBatches(b.sockets, async (s) => {
    await ask(s, { kind: 'watchRows', referralIds: rows });
  });
  const watch = (cpuOf(m) * 1000) / b.sockets.length;
  if (w.failed > 0) log(`  ${w.failed} of ${n} watchRows failed: ${w.reason}`);
  const cmds = await redisDelta(redis, stats);
  const memRows = await relayMemory(relay);
  log(`  arrival at ${n}: connect ${ms(connectAlone)} ms, +rows ${ms(connect + watch)} ms`);
  return {
    sockets: b.sockets,
    failed: a.failed + b.failed + w.failed,
    connectAlone,
    connect,
    watch,
    memAlone: perSocket(base, memAlone, n),
    memRows: perSocket(base2, memRows, n),
    rss: memRows.rss,
    redisPer: cmds.total / b.sockets.length,
    rowsRedisBy: perUnit(cmds.by, b.sockets.length),
  };
}

/** Hears `viewers` of one referral on each watcher, once a change, with ms from the emit. */
function listen(watchers: readonly ClientSocket[]) {
  const state = { referralId: -1, at: 0, heard: new Uint8Array(watchers.length), count: 0 };
  let latencies: number[] = [];
  let all: () => void = () => undefined;
  watchers.forEach((s, i) =>
    s.on('presence', (msg) => {
      if (msg.kind !== 'viewers' || msg.referralId !== state.referralId || state.heard[i]) return;
      state.heard[i] = 1;
      state.count += 1;
      latencies.push(nowMs() - state.at);
      if (state.count === watchers.length) all();
    }),
  );
  return {
    /** Starts a change of `referralId`: resolves when every watcher heard it (or 10 s passed). */
    start(referralId: number): Promise<void> {
      state.referralId = referralId;
      state.heard.fill(0);
      state.count = 0;
      state.at = nowMs();
      if (watchers.length === 0) return Promise.resolve();
      return new Promise((resolve) => {
        const t = setTimeout(resolve, 10_000);
        all = () => {
          clearTimeout(t);
          resolve();
        };
      });
    },
    take(): number[] {
      const l = latencies;
      latencies = [];
      return l;
    },
  };
}

/** PAIRS view-then-leave of `referralId` by `extra`: acks, every delivery, the last one a change. */
async function changes(
  pid: number,
  extra: ClientSocket,
  ear: ReturnType<typeof listen>,
  referralId: number,
  idlePerS: number,
) {
  const acks: number[] = [];
  const lasts: number[] = [];
  const deliveries: number[] = [];
  const m = span(pid, 'changes');
  const t0 = performance.now();
  for (let i = 0; i < PAIRS * 2; i += 1) {
    const heard = ear.start(referralId);
    const at = nowMs();
    await ask(extra, { kind: 'view', referralId: i % 2 === 0 ? referralId : null });
    acks.push(nowMs() - at);
    await heard;
    const l = ear.take();
    deliveries.push(...l);
    if (l.length > 0) lasts.push(Math.max(...l));
    await sleep(50);
  }
  const cpu = cpuOf(m);
  const wallS = (performance.now() - t0) / 1000;
  return {
    ack: summarize(acks),
    delivery: summarize(deliveries),
    last: summarize(lasts),
    heardPerChange: deliveries.length / (PAIRS * 2),
    cpuMs: (cpu * 1000) / (PAIRS * 2),
    netMs: ((cpu - idlePerS * wallS) * 1000) / (PAIRS * 2),
  };
}

/** The relay's CPU and Redis commands over REFRESH_WINDOW_MS. */
async function refreshWindow(pid: number, redis: Redis) {
  const stats = await commandStats(redis);
  const m = span(pid, 'refresh window');
  await sleep(REFRESH_WINDOW_MS);
  const cpu = cpuOf(m);
  return { cpu, redis: await redisDelta(redis, stats) };
}

/** Phases 2 and 3 on the sockets that watch the rows; closes them at the end. */
async function fanOutAndRefresh(
  relay: RelayProc,
  redis: Redis,
  sockets: ClientSocket[],
  producer: string,
  ids: { rows: number[]; others: number[] },
) {
  const pid = relay.proc.child.pid ?? 0;
  const m = span(pid, 'idle');
  await sleep(10_000);
  const idlePerS = cpuOf(m) / 10;
  const extra = await connectOne(relay.url, producer);
  const ear = listen(sockets);
  const fan = await changes(pid, extra, ear, ids.rows[0] ?? 0, idlePerS);
  const floor = await changes(pid, extra, listen([]), ids.others[0] ?? 0, idlePerS);
  extra.disconnect();
  const quiet = await refreshWindow(pid, redis);
  const viewers = sockets.slice(0, Math.floor(sockets.length / 10));
  const pool = ids.others.slice(1);
  const v = await inBatches(viewers, async (s, i) => {
    await ask(s, { kind: 'view', referralId: pool[i % pool.length] ?? 0 });
  });
  if (v.failed > 0) log(`  ${v.failed} of ${viewers.length} views failed: ${v.reason}`);
  await sleep(2000);
  const viewing = await refreshWindow(pid, redis);
  await closeAll(sockets);
  const cycles = REFRESH_WINDOW_MS / VIEW_REFRESH_MS;
  return {
    idlePerS,
    fan,
    floor,
    failed: v.failed,
    viewers: viewers.length,
    distinct: Math.min(viewers.length, pool.length),
    quietCpu: quiet.cpu,
    viewingCpu: viewing.cpu,
    perViewerMs: ((viewing.cpu - quiet.cpu) * 1000) / cycles / Math.max(1, viewers.length),
    redisPerCycle: `${(quiet.redis.total / cycles).toFixed(0)} → ${(viewing.redis.total / cycles).toFixed(0)}`,
    // What viewing added to each cycle, by command.
    refreshRedisBy: perUnit(
      viewing.redis.by
        .map(([k, v]) => [k, v - (quiet.redis.by.find(([q]) => q === k)?.[1] ?? 0)] as const)
        .sort((a, b) => b[1] - a[1]),
      cycles,
    ),
  };
}

type AtN = Awaited<ReturnType<typeof arrival>> &
  Awaited<ReturnType<typeof fanOutAndRefresh>> & { n: number };

/** The socket figures, one column an N. */
function socketTable(rows: readonly AtN[]): string[] {
  const line = (label: string, f: (r: AtN) => string) =>
    `| ${label} | ${rows.map(f).join(' | ')} |`;
  const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)} ×` : '-');
  return [
    `| figure | ${rows.map((r) => `${r.n.toLocaleString('en')} sockets`).join(' | ')} |`,
    `| --- | ${rows.map(() => '---').join(' | ')} |`,
    line('sockets or requests failed', (r) => String(r.failed)),
    line('relay CPU per socket, connect alone', (r) => `${ms(r.connectAlone)} ms`),
    line(
      'relay CPU per socket, connect / watchRows (25 ids)',
      (r) => `${ms(r.connect)} / ${ms(r.watch)} ms`,
    ),
    line('connect + watchRows against connect alone', (r) =>
      ratio(r.connect + r.watch, r.connectAlone),
    ),
    line('relay RSS / heap after GC per socket, connect alone', (r) => r.memAlone),
    line('relay RSS / heap after GC per socket, rows watched', (r) => r.memRows),
    line('relay RSS after GC, rows watched', (r) => `${(r.rss / 2 ** 20).toFixed(0)} MB`),
    line('Redis commands per watchRows', (r) => `${r.redisPer.toFixed(1)} (${r.rowsRedisBy})`),
    line('relay CPU at rest with the sockets', (r) => `${ms(r.idlePerS * 1000)} ms/s`),
    line('viewer change on a watched row: watchers hearing it', (r) =>
      r.fan.heardPerChange.toFixed(0),
    ),
    line('… emit → each watcher heard, p50 / p99 / max', (r) => pct(r.fan.delivery)),
    line('… emit → the last watcher heard, p50 / p99 / max', (r) => pct(r.fan.last)),
    line(
      '… relay CPU per change (net of rest)',
      (r) => `${ms(r.fan.cpuMs)} (${ms(r.fan.netMs)}) ms`,
    ),
    line('floor: change nobody watches, ack p50 / p99 / max', (r) => pct(r.floor.ack)),
    line(
      '… relay CPU per change (net of rest)',
      (r) => `${ms(r.floor.cpuMs)} (${ms(r.floor.netMs)}) ms`,
    ),
    line('fan-out change against the floor (net CPU)', (r) => ratio(r.fan.netMs, r.floor.netMs)),
    line('viewing sockets (distinct referrals)', (r) => `${r.viewers} (${r.distinct})`),
    line(
      'relay CPU over 45 s, nobody / N/10 viewing',
      (r) => `${r.quietCpu.toFixed(2)} / ${r.viewingCpu.toFixed(2)} s`,
    ),
    line(
      '… ratio; extra CPU per viewer per refresh',
      (r) => `${ratio(r.viewingCpu, r.quietCpu)}; ${ms(r.perViewerMs)} ms`,
    ),
    line(
      'Redis commands per 15 s cycle, nobody → viewing',
      (r) => `${r.redisPerCycle} (${r.refreshRedisBy})`,
    ),
  ];
}

/** The REST figures, one row a read. */
function restTable(rows: readonly Awaited<ReturnType<typeof restRead>>[]): string[] {
  const floor = rows.find((r) => r.label.includes('healthz'))?.cpuMs ?? null;
  return [
    '| read (20 concurrent, 5 s) | requests/s | p99 | relay CPU per request | against /healthz | errors |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.label} | ${r.perS.toFixed(0)} | ${r.p99 ?? '-'} ms | ${ms(r.cpuMs)} ms | ${
          r.cpuMs !== null && floor ? `${(r.cpuMs / floor).toFixed(2)} ×` : '-'
        } | ${r.errors} |`,
    ),
  ];
}

/** Starts the stack, runs every phase, answers the report's lines. */
async function run(): Promise<string[]> {
  const redisServer = await startRedis();
  const redis = new Redis(redisServer.url);
  try {
    const port = await freePort();
    const sim = await startSim(referrals, `http://localhost:${port}`, 10 * 60_000);
    const relay = await startRelay({
      port,
      sim,
      redisUrl: redisServer.url,
      prefix: 'presencecost:',
    });
    const loaded = await waitForMarket(
      relay.url,
      10 * 60_000,
      () => relay.proc.child.exitCode !== null,
    );
    log(`${loaded.total} referrals loaded; load ${load()}`);
    const token = async (u: string) => demoToken(sim, u, relay.origin);
    const [producer, producer2, agencyadmin] = await Promise.all(
      ['producer', 'producer2', 'agencyadmin'].map(token),
    );
    const ids = await appetiteIds(relay.url, producer ?? '', Math.max(...counts) / 10 + 1);
    log(`${ids.rows.length} rows watched, ${ids.others.length} other in-appetite ids`);
    const rest = [];
    for (const [label, g] of [
      ['/healthz (floor)', { path: '/healthz' }],
      [
        'GET /api/my-marketplace (agencyadmin)',
        { path: '/api/my-marketplace', token: agencyadmin },
      ],
      [
        'GET /api/contact-clocks (producer, no ids)',
        { path: '/api/contact-clocks', token: producer },
      ],
      [
        `GET /api/referrals/${ids.rows[0]}/presence (producer)`,
        { path: `/api/referrals/${ids.rows[0]}/presence`, token: producer },
      ],
    ] as const)
      rest.push(await restRead(relay, label, g));
    const atN: AtN[] = [];
    for (const n of counts) {
      const tokens = [producer ?? '', producer2 ?? ''];
      const a = await arrival(relay, redis, n, tokens, ids.rows);
      const f = await fanOutAndRefresh(relay, redis, a.sockets, producer ?? '', ids);
      atN.push({ ...a, ...f, n, failed: a.failed + f.failed });
      log(`  ${n} done; load ${load()}`);
    }
    return [...socketTable(atN), '', ...restTable(rest)];
  } finally {
    redis.disconnect();
    await stopAll();
    await redisServer.stop();
  }
}

checkBuilt();
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT })
  .toString()
  .trim();
const began = new Date();
const loadBefore = load();
const lines = await run();
const report = [
  `# Presence and agency settings cost (${referrals.toLocaleString('en')} referrals)`,
  '',
  `${began.toISOString()} → ${new Date().toISOString()} · commit ${commit} · load average (1/5/15 min) ${loadBefore} before, ${load()} after · ${os.cpus().length} cores · Node ${process.version}`,
  '',
  ...lines,
  '',
];
mkdirSync(out, { recursive: true });
const file = path.join(out, `presence-cost-${began.toISOString().replace(/[:.]/g, '-')}.md`);
writeFileSync(file, report.join('\n'));
log(report.join('\n'));
log(`written to ${file}`);
