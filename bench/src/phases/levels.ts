import { call, type Bench } from '../bench.js';
import { createFleet } from '../clients/fleet.js';
import { receiversOf, specsBetween } from '../clients/mix.js';
import { relayMemory, type Memory } from '../metrics.js';
import { OLD_POLLS_PER_MINUTE_PER_BROWSER, POLL_INTERVAL_MS } from '../plan.js';
import { sleep } from '../procs.js';
import { summarize, type Summary } from '../stats.js';
import { changeSamples, claimSamples, latencies, type ChangeSample } from './samples.js';

/** Upstream API requests since the last reset, without the bench's controls and the realm. */
async function upstreamRequests(b: Bench): Promise<{ api: number; realm: number }> {
  const stats = (await call(b.sim.origin, 'GET', '/__sim/stats')) as {
    requests: Record<string, number>;
  };
  let api = 0;
  let realm = 0;
  for (const [key, n] of Object.entries(stats.requests)) {
    if (key.includes(' /__sim')) continue;
    if (key.includes(' /realms')) realm += n;
    else api += n;
  }
  return { api, realm };
}

const fmt = (s: Summary | null) =>
  s ? `p50 ${s.p50} · p95 ${s.p95} · p99 ${s.p99} · max ${s.max} ms (n=${s.n})` : 'no arrivals';

/** Connects clients up to `n` (keeping those already connected); fails when many are refused. */
export async function growTo(
  b: Pick<Bench, 'fleet' | 'tokens' | 'rec'>,
  n: number,
): Promise<number> {
  const have = b.fleet.size;
  if (n <= have) return have;
  const started = Date.now();
  const out = await b.fleet.add(specsBetween(have, n, b.tokens));
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(
    `  connected ${out.ok} sockets in ${secs} s (${out.failed} failed) in ${b.fleet.processes} client processes\n`,
  );
  if (out.failed > 0)
    b.rec.note(
      `${out.failed} of ${n - have} sockets failed to connect at ${n}: ${out.errors.join('; ')}`,
    );
  return have + out.ok;
}

/** Change samples over one window and their latency figures at the current client count. */
export async function measureLatency(b: Bench, clients: number, windowMs: number) {
  const samples = await changeSamples(b, Date.now() + windowMs, 1000);
  await sleep(1500); // the last change set reaches every client
  const { arrivals, held, disconnects } = await b.fleet.collect();
  const expected = samples.reduce((n, s) => n + receiversOf(s.state, clients, b.tokens), 0);
  const total = summarize(latencies(samples, arrivals, (s: ChangeSample) => s.t0));
  const after = summarize(latencies(samples, arrivals, (s: ChangeSample) => s.commitAt));
  return { samples, total, after, expected, delivered: total?.n ?? 0, held, disconnects };
}

/** Sockets of the warm-up: every kind of room in the mix. */
const WARM_UP_SOCKETS = 50;

/**
 * Before the idle reading, a few sockets of every room kind connect, see a change or two and go:
 * the code they run is then loaded and compiled, and module state built on first use exists,
 * in the idle reading as at every level (~1 MB that would otherwise count as 10 KB a socket at
 * 100 clients and 1 KB at 1,000).
 */
async function warmUp(b: Bench): Promise<void> {
  const fleet = createFleet(b.relay.url);
  try {
    await fleet.add(specsBetween(0, WARM_UP_SOCKETS, b.tokens));
    await changeSamples(b, Date.now() + 2 * POLL_INTERVAL_MS, 2);
  } finally {
    await fleet.close();
  }
  await sleep(2000);
}

/**
 * The load and latency levels: at each client count, the upstream requests per minute over one
 * window while referrals are created upstream, change-to-client latency, memory per socket, and
 * claims seen by the others.
 */
export async function runLevels(b: Bench) {
  const { plan, rec } = b;
  let baseline: Memory = { rss: 0, heapUsed: 0 };
  let previous: { clients: number; mem: Memory } | null = null;
  const rates = new Map<number, number>();
  /** The most clients whose after-poll p99 stayed under 250 ms. */
  const best: { held: number; p99: number | null } = { held: 0, p99: null };
  await warmUp(b);
  for (const level of plan.levels) {
    if (Date.now() > b.deadline) break;
    process.stdout.write(`level ${level} clients\n`);
    const clients = await growTo(b, level);
    await sleep(1000);
    await b.heapSnapshot?.(`${level}-clients`);
    const mem = await relayMemory(b.relay);
    if (level === 0) baseline = mem;
    await call(b.sim.origin, 'POST', '/__sim/stats/reset');
    const started = Date.now();
    // The same changes at every level (with none connected too), so only the client count varies.
    const measured = await measureLatency(b, clients, plan.windowMs);
    const lat = level > 0 ? measured : null;
    const minutes = (Date.now() - started) / 60_000;
    const req = await upstreamRequests(b);
    const rate = Math.round(req.api / minutes);
    rates.set(level, rate);
    const old = level * OLD_POLLS_PER_MINUTE_PER_BROWSER;
    rec.add({
      section: 'upstream',
      measure: 'upstream requests per minute',
      clients: level,
      value: rate,
      unit: 'req/min',
      detail: `old 3 s polling: ${old}/min${old > 0 ? `, ${(old / Math.max(rate, 1)).toFixed(1)}x more` : ''}; ${req.api} requests in ${(minutes * 60).toFixed(1)} s; realm calls ${req.realm}`,
    });
    if (lat) {
      rec.add({
        section: 'latency',
        measure: 'upstream change → client (incl. wait for the poll)',
        clients,
        value: lat.total?.p99 ?? null,
        unit: 'ms p99',
        detail: `${fmt(lat.total)}; ${lat.samples.length} changes; delivered ${lat.delivered}/${lat.expected}`,
      });
      const limit = clients >= 5000 ? 250 : clients >= 1000 ? 100 : undefined;
      rec.add({
        section: 'latency',
        measure: 'after-poll latency (diff committed → client)',
        clients,
        value: lat.after?.p99 ?? null,
        unit: 'ms p99',
        detail: fmt(lat.after),
        ...(limit === undefined
          ? {}
          : { target: `p99 ≤ ${limit} ms`, met: lat.after ? lat.after.p99 <= limit : null }),
      });
      if (lat.disconnects > 0)
        rec.note(`${lat.disconnects} sockets disconnected during the ${clients}-client window`);
      memoryPerSocket(b, clients, mem, baseline, previous);
      previous = { clients, mem };
      if (lat.after && lat.after.p99 < 250 && lat.disconnects === 0 && clients > best.held) {
        best.held = clients;
        best.p99 = lat.after.p99;
      }
    }
    if (level >= plan.claimsFrom && level > 0) await measureClaims(b, clients);
  }
  return { baseline, rates, best };
}

/**
 * Heap and RSS per socket above the idle baseline, and the heap each socket added since the
 * previous level (what is left once the state the run built up meanwhile is counted in both).
 */
export function memoryPerSocket(
  b: Bench,
  clients: number,
  mem: Memory,
  baseline: Memory,
  previous: { clients: number; mem: Memory } | null = null,
): number {
  const heapKb = (mem.heapUsed - baseline.heapUsed) / clients / 1024;
  const rssKb = (mem.rss - baseline.rss) / clients / 1024;
  if (previous && clients > previous.clients) {
    const added = clients - previous.clients;
    b.rec.add({
      section: 'connections',
      measure: 'relay heap per added socket (since the previous level)',
      clients,
      value: Math.round(((mem.heapUsed - previous.mem.heapUsed) / added / 1024) * 10) / 10,
      unit: 'KB',
      detail: `${added} sockets added since ${previous.clients}; RSS ${((mem.rss - previous.mem.rss) / added / 1024).toFixed(1)} KB/socket`,
    });
  }
  b.rec.add({
    section: 'connections',
    measure: 'relay heap per socket (above idle)',
    clients,
    value: Math.round(heapKb * 10) / 10,
    unit: 'KB',
    detail: `RSS ${rssKb.toFixed(1)} KB/socket; heap ${(mem.heapUsed / 2 ** 20).toFixed(0)} MB, RSS ${(mem.rss / 2 ** 20).toFixed(0)} MB (idle ${(baseline.heapUsed / 2 ** 20).toFixed(0)} / ${(baseline.rss / 2 ** 20).toFixed(0)} MB)`,
    ...(clients >= 1000 ? { target: '≤ 10 KB heap per socket', met: heapKb <= 10 } : {}),
  });
  return heapKb;
}

async function measureClaims(b: Bench, clients: number): Promise<void> {
  const { samples, failed } = await claimSamples(b, b.plan.claims);
  await sleep(1000);
  const { arrivals } = await b.fleet.collect();
  const fromAnswer = summarize(latencies(samples, arrivals, (s) => s.answeredAt));
  const fromSend = summarize(latencies(samples, arrivals, (s) => s.sentAt));
  const http = summarize(samples.map((s) => s.answeredAt - s.sentAt));
  b.rec.add({
    section: 'latency',
    measure: 'claim answered → visible to the other clients',
    clients,
    value: fromAnswer?.p99 ?? null,
    unit: 'ms p99',
    detail: `${fmt(fromAnswer)}; from the claim request: ${fmt(fromSend)}; claim HTTP round trip p50 ${http?.p50 ?? '?'} ms; ${samples.length} claims${failed.length > 0 ? `, ${failed.length} failed (${failed[0]})` : ''}`,
    target: 'p99 < 150 ms',
    met: fromAnswer ? fromAnswer.p99 < 150 : null,
  });
}
