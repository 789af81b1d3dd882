/**
 * A client process playing agents: each holds a Socket.IO connection subscribed to its feed and
 * loads its list page over REST when it connects, as the console does; a share of them page and
 * change sort every few seconds. On 'storm' every agent drops its socket, connects again and
 * reloads its page at once. Driven over IPC by agentFleet.ts.
 */
import {
  PROTOCOL_VERSION,
  SORT_FIELDS,
  type Ack,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SnapshotMessage,
} from '@referrals/shared';
import { io, type Socket } from 'socket.io-client';
import type { AgentSpec, FromAgent, ToAgent } from './agentProtocol.js';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

interface Agent {
  readonly spec: AgentSpec;
  socket: ClientSocket | null;
  /** A page load or (re)connection is under way. */
  busy: boolean;
  nextPageAt: number;
}

/** Agents connecting at once while the fleet opens (the storm has no such limit). */
const OPEN_CONCURRENCY = 100;
const SORT_KEYS = Object.keys(SORT_FIELDS);
const agents: Agent[] = [];
let url = '';
let storming = false;
let pageLatencies: number[] = [];
let pageFailures = 0;

const now = () => performance.timeOrigin + performance.now();
const send = (m: FromAgent) => process.send?.(m);
const nextPause = () => 3000 + Math.random() * 3000;

/** GETs a list page and checks it holds rows (an array of content). */
async function loadPage(spec: AgentSpec, query: string): Promise<void> {
  const res = await fetch(`${url}${spec.list}${query}`, {
    headers: spec.token ? { authorization: `Bearer ${spec.token}` } : {},
    signal: AbortSignal.timeout(60_000),
  });
  const body = (await res.json()) as { content?: unknown };
  if (!res.ok || !Array.isArray(body.content)) throw new Error(`list answered ${res.status}`);
}

/** Connects a fresh socket (as a reloaded page would), subscribes, then loads the first page. */
async function arrive(a: Agent): Promise<void> {
  a.socket?.disconnect();
  const socket: ClientSocket = io(url, {
    auth: a.spec.token
      ? { protocol: PROTOCOL_VERSION, token: a.spec.token }
      : { protocol: PROTOCOL_VERSION },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 30_000,
  });
  a.socket = socket;
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const ack = (await socket.timeout(30_000).emitWithAck('subscribe', a.spec.topic)) as Ack<{
    snapshot: SnapshotMessage;
  }>;
  if (!ack.ok) throw new Error(`subscribe refused: ${ack.code} ${ack.error}`);
  await loadPage(a.spec, 'page=0&size=25');
}

/** An error's message with its cause (fetch hides the socket error there). */
function reason(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return `${err.message}${cause}`;
}

/**
 * Arrives, and on a failure tries again after 0.5-1.5 s (Socket.IO's default reconnection delay
 * and randomization; the console reloads its page the same way) until `deadline`.
 */
async function arriveRetrying(a: Agent, deadline: number): Promise<number> {
  let retries = 0;
  for (;;) {
    try {
      await arrive(a);
      return retries;
    } catch (err) {
      const pause = 500 + Math.random() * 1000;
      if (now() + pause >= deadline) throw new Error(reason(err));
      retries += 1;
      await new Promise((r) => setTimeout(r, pause));
    }
  }
}

/** Every agent of `list` arrives with a time limit; answers rows times (ms from `from`). */
async function arriveAll(list: readonly Agent[], from: number | null, timeoutMs: number) {
  const rowsMs: number[] = [];
  const errors = new Set<string>();
  let failed = 0;
  let retries = 0;
  await Promise.all(
    list.map(async (a) => {
      a.busy = true;
      const t0 = from ?? now();
      const deadline = t0 + timeoutMs;
      let timer: NodeJS.Timeout | undefined;
      try {
        retries += await Promise.race([
          arriveRetrying(a, deadline),
          new Promise<number>((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no rows in ${timeoutMs} ms`)), timeoutMs);
          }),
        ]);
        rowsMs.push(now() - t0);
      } catch (err) {
        failed += 1;
        if (errors.size < 5) errors.add(reason(err));
      } finally {
        clearTimeout(timer);
        a.busy = false;
        a.nextPageAt = now() + nextPause();
      }
    }),
  );
  return { rowsMs, failed, retries, errors: [...errors] };
}

async function open(specs: readonly AgentSpec[]): Promise<void> {
  const added = specs.map((spec) => ({ spec, socket: null, busy: false, nextPageAt: 0 }));
  agents.push(...added);
  const rowsMs: number[] = [];
  const errors: string[] = [];
  let failed = 0;
  let retries = 0;
  for (let i = 0; i < added.length; i += OPEN_CONCURRENCY) {
    const out = await arriveAll(added.slice(i, i + OPEN_CONCURRENCY), null, 60_000);
    rowsMs.push(...out.rowsMs);
    failed += out.failed;
    retries += out.retries;
    errors.push(...out.errors.filter((e) => !errors.includes(e)));
  }
  send({ type: 'opened', rowsMs, failed, retries, errors: errors.slice(0, 5) });
}

async function storm(at: number, timeoutMs: number): Promise<void> {
  storming = true;
  const out = await arriveAll(agents, at, timeoutMs);
  storming = false;
  send({ type: 'stormed', ...out });
}

/** Pagers: another page or another sort every 3-6 s, timed. */
async function page(a: Agent): Promise<void> {
  a.busy = true;
  const key = SORT_KEYS[Math.floor(Math.random() * SORT_KEYS.length)] ?? 'addDate';
  const dir = Math.random() < 0.5 ? 'asc' : 'desc';
  const t0 = now();
  try {
    await loadPage(a.spec, `sort=${key}&dir=${dir}&page=${Math.floor(Math.random() * 10)}&size=25`);
    pageLatencies.push(now() - t0);
  } catch {
    // Counted, not retried: the next page change comes in a few seconds anyway.
    pageFailures += 1;
  } finally {
    a.busy = false;
    a.nextPageAt = now() + nextPause();
  }
}
setInterval(() => {
  if (storming) return;
  const t = now();
  for (const a of agents)
    if (a.spec.pager && !a.busy && a.socket && t >= a.nextPageAt) void page(a);
}, 250).unref();

process.on('message', (m: ToAgent) => {
  switch (m.type) {
    case 'open':
      url = m.url;
      void open(m.specs);
      break;
    case 'storm':
      void storm(m.at, m.timeoutMs);
      break;
    case 'pages':
      send({ type: 'pages', latencies: pageLatencies, failed: pageFailures });
      pageLatencies = [];
      pageFailures = 0;
      break;
    case 'close':
      for (const a of agents) a.socket?.disconnect();
      send({ type: 'closed' });
      setTimeout(() => process.exit(0), 200);
      break;
  }
});
// The orchestrator is gone (crashed or killed): do not linger.
process.on('disconnect', () => process.exit(0));
