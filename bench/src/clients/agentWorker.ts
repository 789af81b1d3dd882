/**
 * A client process playing agents: each holds a Socket.IO connection subscribed to its feed and
 * loads its list page over REST when it connects, as the console does; a share of them page and
 * change sort every few seconds. Each keeps the seq of its feed as the console does (the
 * snapshot's, then each change set's in order). On 'storm' every agent drops its socket, connects
 * again and subscribes with the seq it holds: it reloads its page over REST only when the relay
 * answers with a snapshot (reload), not when it sends the changes missed or says it is current.
 * Driven over IPC by agentFleet.ts.
 */
import {
  PROTOCOL_VERSION,
  SORT_FIELDS,
  type Ack,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SubscribeAnswer,
} from '@referrals/shared';
import { io, type Socket } from 'socket.io-client';
import type { AgentSpec, FromAgent, Resumes, ToAgent } from './agentProtocol.js';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A step of the feed's seq: a change set (from prevSeq) or a snapshot (prevSeq null). */
interface SeqStep {
  readonly prevSeq: number | null;
  readonly seq: number;
}

interface Agent {
  readonly spec: AgentSpec;
  socket: ClientSocket | null;
  /** A page load or (re)connection is under way. */
  busy: boolean;
  nextPageAt: number;
  /** The seq of the feed the agent holds; null before its first answer or after a gap. */
  seq: number | null;
  /** Steps heard while a subscribe is unanswered (applied after its answer); null otherwise. */
  pending: SeqStep[] | null;
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

/** Follows the feed's seq as the console does: in order, a gap forgets it (the next is fresh). */
function step(a: Agent, s: SeqStep): void {
  if (a.pending) return void a.pending.push(s);
  if (s.prevSeq === null) a.seq = s.seq;
  else if (a.seq === null || s.seq <= a.seq) return;
  else a.seq = s.prevSeq === a.seq ? s.seq : null;
}

/** The seq a subscribe's answer leaves the agent at. */
function seqAfter(answer: SubscribeAnswer): number {
  if (answer.kind === 'snapshot') return answer.snapshot.seq;
  if (answer.kind === 'current') return answer.seq;
  return answer.changes[answer.changes.length - 1]?.seq ?? 0;
}

/**
 * Connects a fresh socket and subscribes: with the seq held when `resume` (and one is held), else
 * afresh (as a reloaded page would). Loads the first page unless the relay sent the changes missed
 * or said nothing changed. Answers what the subscribe came to ('fresh': no seq was sent).
 */
async function arrive(a: Agent, resume = false): Promise<keyof Resumes> {
  a.socket?.disconnect();
  const held = resume ? a.seq : null;
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
  a.pending = [];
  socket.on('changes', (m) => {
    if (a.socket === socket) step(a, m);
  });
  socket.on('snapshot', (m) => {
    if (a.socket === socket) step(a, { prevSeq: null, seq: m.seq });
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const request = held === null ? a.spec.topic : { topic: a.spec.topic, seq: held };
  const ack = (await socket
    .timeout(30_000)
    .emitWithAck('subscribe', request)) as Ack<SubscribeAnswer>;
  if (!ack.ok) throw new Error(`subscribe refused: ${ack.code} ${ack.error}`);
  const answer: SubscribeAnswer = ack;
  if (answer.kind === 'snapshot') await loadPage(a.spec, 'page=0&size=25');
  // Held from here: the steps heard meanwhile continue from the answer's seq.
  const heard = a.pending;
  a.pending = null;
  a.seq = seqAfter(answer);
  for (const s of heard) step(a, s);
  if (held === null) return 'fresh';
  return answer.kind === 'snapshot' ? 'reload' : answer.kind;
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
async function arriveRetrying(
  a: Agent,
  deadline: number,
  resume: boolean,
): Promise<{ retries: number; outcome: keyof Resumes }> {
  let retries = 0;
  for (;;) {
    try {
      const outcome = await arrive(a, resume);
      return { retries, outcome };
    } catch (err) {
      const pause = 500 + Math.random() * 1000;
      if (now() + pause >= deadline) throw new Error(reason(err));
      retries += 1;
      await new Promise((r) => setTimeout(r, pause));
    }
  }
}

/**
 * Every agent of `list` arrives with a time limit (resuming from its seq when `resume`); answers
 * rows times (ms from `from`) and what the subscribes came to.
 */
async function arriveAll(
  list: readonly Agent[],
  from: number | null,
  timeoutMs: number,
  resume = false,
) {
  const rowsMs: number[] = [];
  const errors = new Set<string>();
  const resumed: Resumes = { changes: 0, current: 0, reload: 0, fresh: 0 };
  let failed = 0;
  let retries = 0;
  await Promise.all(
    list.map(async (a) => {
      a.busy = true;
      const t0 = from ?? now();
      const deadline = t0 + timeoutMs;
      let timer: NodeJS.Timeout | undefined;
      try {
        const out = await Promise.race([
          arriveRetrying(a, deadline, resume),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no rows in ${timeoutMs} ms`)), timeoutMs);
          }),
        ]);
        retries += out.retries;
        resumed[out.outcome] += 1;
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
  return { rowsMs, failed, retries, errors: [...errors], resumed };
}

async function open(specs: readonly AgentSpec[]): Promise<void> {
  const added: Agent[] = specs.map((spec) => ({
    spec,
    socket: null,
    busy: false,
    nextPageAt: 0,
    seq: null,
    pending: null,
  }));
  agents.push(...added);
  const rowsMs: number[] = [];
  const errors: string[] = [];
  const resumed: Resumes = { changes: 0, current: 0, reload: 0, fresh: 0 };
  let failed = 0;
  let retries = 0;
  for (let i = 0; i < added.length; i += OPEN_CONCURRENCY) {
    const out = await arriveAll(added.slice(i, i + OPEN_CONCURRENCY), null, 60_000);
    rowsMs.push(...out.rowsMs);
    for (const k of Object.keys(resumed) as (keyof Resumes)[]) resumed[k] += out.resumed[k];
    failed += out.failed;
    retries += out.retries;
    errors.push(...out.errors.filter((e) => !errors.includes(e)));
  }
  send({ type: 'opened', rowsMs, failed, retries, errors: errors.slice(0, 5), resumed });
}

async function storm(at: number, timeoutMs: number): Promise<void> {
  storming = true;
  const out = await arriveAll(agents, at, timeoutMs, true);
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
