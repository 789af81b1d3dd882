import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getDemoTokens } from '@referrals/upstream-sim/realm/tokenClient';
import { RELAY_NODE_FLAGS } from '../../apps/relay/src/nodeFlags.js';
import { connectInspector } from './inspector.js';
import { BENCH_METRICS_TOKEN } from './metrics.js';
import { answers, freePort, start, waitUntil, type Proc } from './procs.js';

/** The repository root (bench/src/ is two folders down). */
export const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);
const SIM_MAIN = path.join(ROOT, 'apps/upstream-sim/dist/main.js');
const RELAY_MAIN = path.join(ROOT, 'apps/relay/dist/main.js');
/** Preloaded with --cpu-prof: writes the event loop's late turns (see the file). */
const LATE_TURNS = path.join(ROOT, 'bench/src/tools/lateTurns.mjs');
/** The built web app, served by the relay when it exists. */
export const WEB_DIST = path.join(ROOT, 'apps/web/dist');

/** Fails early with the command to run when the built stand-in or relay is missing. */
export function checkBuilt(): void {
  for (const f of [SIM_MAIN, RELAY_MAIN]) {
    if (!existsSync(f)) throw new Error(`${f} is missing: run npm run build first`);
  }
}

/** A private, throwaway redis-server on a free port (no persistence). */
export async function startRedis() {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-redis-'));
  const proc = start(
    'redis',
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { cwd: dir },
  );
  const url = `redis://127.0.0.1:${port}`;
  await waitUntil(
    'redis-server',
    () => Promise.resolve(proc.tail().includes('Ready to accept')),
    10_000,
  );
  return {
    port,
    url,
    proc,
    async stop() {
      await proc.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
export type RedisServer = Awaited<ReturnType<typeof startRedis>>;

/** The stand-in upstream as its own process: controls on, the market quiet (one tick an hour). */
export async function startSim(referrals: number, consoleOrigin: string, timeoutMs = 120_000) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const proc = start('upstream-sim', process.execPath, [SIM_MAIN], {
    env: {
      ...process.env,
      SIM_PORT: String(port),
      SIM_PUBLIC_ORIGIN: origin,
      SIM_CONTROLS: '1',
      SIM_TICK_MS: '3600000',
      SIM_REFERRALS: String(referrals),
      SIM_ACCESS_TOKEN_TTL_S: '7200',
      SIM_REFRESH_TOKEN_TTL_S: '7200',
      SIM_CONSOLE_ORIGINS: consoleOrigin,
      LOG_LEVEL: 'warn',
    },
  });
  await waitForProc(proc, `${origin}/healthz`, timeoutMs);
  return { origin, port, proc };
}
export type SimProc = Awaited<ReturnType<typeof startSim>>;

/** The relay as its own process, against the stand-in, under its own Redis key prefix. */
export async function startRelay(o: {
  port: number;
  sim: SimProc;
  redisUrl: string;
  prefix: string;
  /**
   * Writes a CPU profile of the relay there when it stops (--cpu-prof), and the stretches its
   * event loop was held past 30 ms (late-turns-<port>.tsv: see tools/lateTurns.mjs).
   */
  cpuProfDir?: string | undefined;
  /** Lets SIGUSR2 write a heap snapshot there (--heap-snapshots). */
  heapDir?: string | undefined;
  /** How long the relay may take to answer /readyz (a large first load takes minutes). */
  readyTimeoutMs?: number;
  /** Node flags after the deployed ones (tools/relayAlone.ts tries the collector's). */
  nodeFlags?: readonly string[];
  /** Writes the stretches its event loop was held past `lateTurnMs` there (tools/lateTurns.mjs). */
  lateTurnsFile?: string;
  lateTurnMs?: number;
  /** Handed everything the relay prints (a GC trace), besides the tail kept for errors. */
  onOutput?: (chunk: Buffer) => void;
}) {
  const url = `http://localhost:${o.port}`;
  // The profile's folder (git-ignored, so missing on a fresh clone) is where the late turns go too.
  if (o.cpuProfDir) mkdirSync(o.cpuProfDir, { recursive: true });
  // The inspector, on loopback only, lets memory be read after a full garbage collection.
  const inspectPort = await freePort();
  const args = [
    // As deployed (apps/relay/src/nodeFlags.ts).
    ...RELAY_NODE_FLAGS,
    `--inspect=127.0.0.1:${inspectPort}`,
    // After the deployed ones: V8 takes the last value of a flag given twice.
    ...(o.nodeFlags ?? []),
    ...(o.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${o.cpuProfDir}`] : []),
    ...(o.cpuProfDir || o.lateTurnsFile ? ['--import', LATE_TURNS] : []),
    ...(o.heapDir ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${o.heapDir}`] : []),
    RELAY_MAIN,
  ];
  const proc = start('relay', process.execPath, args, {
    env: {
      ...process.env,
      PORT: String(o.port),
      // /metrics is read on the relay's port with a token (its own port is any free one).
      METRICS_PORT: '0',
      METRICS_TOKEN: BENCH_METRICS_TOKEN,
      UPSTREAM_URL: o.sim.origin,
      OIDC_URL: o.sim.origin,
      REDIS_URL: o.redisUrl,
      // Stopped at once (no balancer to drain to), so --cpu-prof is written before any SIGKILL.
      SHUTDOWN_GRACE_MS: '0',
      REDIS_PREFIX: o.prefix,
      // The bench writes no user data: each relay keeps its own in memory (PGlite), so relays of
      // one run never share a folder (and may say they are alone). DATABASE_URL, when set, is used
      // instead.
      ...(process.env.DATABASE_URL ? {} : { PGLITE_DIR: 'memory://', RELAY_ALONE: '1' }),
      ALLOWED_ORIGINS: `${url},http://127.0.0.1:${o.port}`,
      WEB_DIST: WEB_DIST,
      LOG_LEVEL: 'warn',
      ...(o.cpuProfDir
        ? { LATE_TURNS_FILE: path.join(o.cpuProfDir, `late-turns-${o.port}.tsv`) }
        : {}),
      ...(o.lateTurnsFile ? { LATE_TURNS_FILE: o.lateTurnsFile } : {}),
      ...(o.lateTurnMs ? { LATE_TURN_MS: String(o.lateTurnMs) } : {}),
    },
  });
  if (o.onOutput) {
    proc.child.stdout?.on('data', o.onOutput);
    proc.child.stderr?.on('data', o.onOutput);
  }
  await waitForProc(proc, `http://127.0.0.1:${o.port}/readyz`, o.readyTimeoutMs ?? 180_000);
  const inspector = await connectInspector(inspectPort);
  proc.child.once('exit', () => inspector.close());
  return { url: `http://127.0.0.1:${o.port}`, origin: url, proc, inspector };
}
export type RelayProc = Awaited<ReturnType<typeof startRelay>>;

async function waitForProc(proc: Proc, url: string, timeoutMs: number): Promise<void> {
  try {
    await waitUntil(
      `${proc.name} at ${url}`,
      async () => {
        if (proc.child.exitCode !== null) throw new Error('exited');
        return answers(url);
      },
      timeoutMs,
    );
  } catch (err) {
    throw new Error(`${proc.name} did not come up (${String(err)}):\n${proc.tail()}`);
  }
}

/** An access token of a demo user (password = user name), through the realm's login form. */
export async function demoToken(sim: SimProc, username: string, redirectOrigin: string) {
  const tokens = await getDemoTokens({
    origin: sim.origin,
    realm: 'referrals',
    clientId: 'referral-console',
    username,
    password: username,
    redirectUri: `${redirectOrigin}/`,
  });
  return tokens.access_token;
}
