/**
 * A relay alone against the stand-in: one first load of N referrals, what held its event loop.
 *
 *   npm run build && cd bench && npx tsx --conditions=@referrals/source \
 *     src/tools/relayAlone.ts <referrals> <out dir> [--sim-nice=N] [--alloc-profile[=major]] [node flags...]
 *
 * Starts a throwaway redis-server, the stand-in with N referrals and one relay with the deployed
 * flags (apps/relay/src/nodeFlags.ts), the extra flags given, `--trace-gc-nvp` and the late-turn
 * timer (lateTurns.mjs, 50 ms, or `LATE_TURN_MS` from the environment). It waits until the
 * relay's /readyz says the market is loaded (the poll holds N, no first load under way, every list
 * order built), checking the relay is alive before every probe, then stops everything and prints
 * one JSON line: load time, the late turns after the relay first answered (count, sum, longest)
 * and the collector's pauses by kind.
 * The relay's output (the GC trace) is in <out dir>/relay.log, the late turns in late-turns.tsv.
 */
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import path from 'node:path';
import { freePort, nowMs, sleep, stopAll } from '../procs.js';
import { checkBuilt, startRedis, startRelay, startSim } from '../stack.js';

const [nArg, outArg, ...rest] = process.argv.slice(2);
/** `--sim-nice=N`: the stand-in at nice N (on this machine it shares the relay's cores). */
const simNice = Number(rest.find((a) => a.startsWith('--sim-nice='))?.slice(11) ?? 0);
/**
 * `--alloc-profile`: samples what the relay's main isolate allocates from when it answers until
 * the poll holds the market, collected objects included, and prints the top allocating functions
 * (the profile itself is <out dir>/alloc.heapprofile, for DevTools).
 */
const allocProfile = rest.some((a) => a === '--alloc-profile' || a === '--alloc-profile=major');
/**
 * `--alloc-profile=major`: the same, but of what a full collection found dead (and what is still
 * live) only, leaving out what died young: where the garbage that reached the old generation was
 * made, which the full collections then mark around.
 */
const majorOnly = rest.includes('--alloc-profile=major');
const extraFlags = rest.filter(
  (a) => !a.startsWith('--sim-nice=') && !a.startsWith('--alloc-profile'),
);
const referrals = Number(nArg);
if (!Number.isInteger(referrals) || referrals <= 0 || !outArg) {
  process.stderr.write(
    'usage: relayAlone.ts <referrals> <out dir> [--sim-nice=N] [--alloc-profile[=major]] [node flags...]\n',
  );
  process.exit(2);
}
const out = path.resolve(outArg);
mkdirSync(out, { recursive: true });
const lateFile = path.join(out, 'late-turns.tsv');
const monoUs = () => Number(process.hrtime.bigint() / 1000n);

interface Ready {
  poll?: { referrals?: number; loading?: unknown };
  lists?: { loading?: boolean; orders?: number; ordersBuilt?: number };
}

/**
 * The stretches over the timer's threshold from `fromUs` to `toUs` (monotonic µs, the relay's
 * clock and ours alike). Read once the relay has exited: the timer writes its lines 20 at a time and the rest at
 * exit, so a file read while the relay runs misses up to 19 of them (all of them in a load with
 * fewer: two runs of session 23 read 0 of 13).
 */
function lateTurns(fromUs: number, toUs: number) {
  const ms = existsSync(lateFile)
    ? readFileSync(lateFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => l.split('\t').map(Number) as [number, number])
        .filter(([start]) => start >= fromUs && start <= toUs)
        .map(([start, end]) => (end - start) / 1000)
    : [];
  const round = (x: number) => Math.round(x * 10) / 10;
  return {
    n: ms.length,
    sumMs: round(ms.reduce((a, b) => a + b, 0)),
    maxMs: round(Math.max(0, ...ms)),
  };
}

/**
 * `--trace-gc-nvp` lines of the relay's main isolate (the first in its output; its worker
 * threads' isolates follow, summed apart): pauses by kind (s scavenge, mc a full collection's
 * atomic pause).
 */
function gcPauses(log: string) {
  type Kinds = Record<string, { n: number; over50: number; maxMs: number; sumMs: number }>;
  const main: Kinds = {};
  const workers: Kinds = {};
  let mainIsolate: string | undefined;
  for (const line of log.split('\n')) {
    const isolate = /^\[\d+:(0x[0-9a-f]+)\]/.exec(line)?.[1];
    const pause = /\bpause=([\d.]+)/.exec(line);
    const kind = /\bgc=(\w+)/.exec(line);
    if (!isolate || !pause || !kind) continue;
    mainIsolate ??= isolate;
    const byKind = isolate === mainIsolate ? main : workers;
    const ms = Number(pause[1]);
    const k = (byKind[kind[1] as string] ??= { n: 0, over50: 0, maxMs: 0, sumMs: 0 });
    k.n += 1;
    if (ms > 50) k.over50 += 1;
    k.maxMs = Math.max(k.maxMs, ms);
    k.sumMs = Math.round(k.sumMs + ms);
  }
  return { main, workers };
}

interface SamplingNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: SamplingNode[];
}

/** Stops the sampling, writes the profile and prints the 25 functions that allocated most. */
async function writeAllocProfile(inspector: { send(m: string): Promise<unknown> }) {
  const { profile } = (await inspector.send('HeapProfiler.stopSampling')) as {
    profile: { head: SamplingNode };
  };
  writeFileSync(path.join(out, 'alloc.heapprofile'), JSON.stringify(profile));
  const bySite = new Map<string, number>();
  const walk = (n: SamplingNode) => {
    const { functionName, url, lineNumber } = n.callFrame;
    const site = `${functionName || '(anonymous)'} ${url.replace(/^.*\/(apps|node_modules)\//, '$1/')}:${lineNumber + 1}`;
    bySite.set(site, (bySite.get(site) ?? 0) + n.selfSize);
    n.children.forEach(walk);
  };
  walk(profile.head);
  const total = [...bySite.values()].reduce((a, b) => a + b, 0);
  process.stderr.write(`allocated (sampled) ${Math.round(total / 1e6)} MB; top sites:\n`);
  for (const [site, bytes] of [...bySite].sort((a, b) => b[1] - a[1]).slice(0, 25))
    process.stderr.write(`${String(Math.round(bytes / 1e6)).padStart(7)} MB  ${site}\n`);
}

async function main() {
  checkBuilt();
  const redis = await startRedis();
  const port = await freePort();
  const sim = await startSim(referrals, `http://localhost:${port}`, 600_000);
  if (simNice && sim.proc.child.pid) setPriority(sim.proc.child.pid, simNice);
  const relayLog = path.join(out, 'relay.log');
  const logStream = createWriteStream(relayLog);
  const started = nowMs();
  const relay = await startRelay({
    port,
    sim,
    redisUrl: redis.url,
    prefix: 'alone',
    nodeFlags: ['--trace-gc-nvp', ...extraFlags],
    lateTurnsFile: lateFile,
    lateTurnMs: Number(process.env.LATE_TURN_MS ?? 50),
    onOutput: (chunk) => logStream.write(chunk),
  });
  const answeredUs = monoUs();
  if (allocProfile)
    await relay.inspector.send('HeapProfiler.startSampling', {
      samplingInterval: 65_536,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: !majorOnly,
    });
  let loadedMs: number | undefined;
  /** When the poll held the whole market (the lists' background orders may still be building). */
  let polledMs: number | undefined;
  let last: Ready = {};
  while (loadedMs === undefined) {
    if (relay.proc.child.exitCode !== null || relay.proc.child.signalCode !== null)
      throw new Error(`the relay exited:\n${relay.proc.tail()}`);
    if (nowMs() - started > 900_000)
      throw new Error(`not loaded in 15 min: ${JSON.stringify(last)}`);
    try {
      const res = await fetch(`${relay.url}/readyz`, { signal: AbortSignal.timeout(5000) });
      last = (await res.json()) as Ready;
      const { poll, lists } = last;
      const polled = (poll?.referrals ?? 0) >= referrals && poll?.loading === null;
      if (polled && polledMs === undefined) {
        polledMs = nowMs() - started;
        if (allocProfile) await writeAllocProfile(relay.inspector);
      }
      if (polled && lists?.loading === false && lists.orders === lists.ordersBuilt)
        loadedMs = nowMs() - started;
    } catch {
      // A probe that timed out while the loop was held: ask again.
    }
    await sleep(1000);
  }
  const loadedUs = monoUs();
  await relay.proc.stop();
  const late = lateTurns(answeredUs, loadedUs);
  logStream.end();
  await stopAll();
  await redis.stop();
  const gc = gcPauses(readFileSync(relayLog, 'utf8'));
  process.stdout.write(
    `${JSON.stringify({
      referrals,
      flags: extraFlags,
      simNice,
      polledS: Math.round((polledMs ?? loadedMs) / 100) / 10,
      loadedS: Math.round(loadedMs / 100) / 10,
      late,
      gc,
    })}\n`,
  );
}

main().catch(async (err: unknown) => {
  process.stderr.write(`${String(err)}\n`);
  await stopAll();
  process.exit(1);
});
