import type { Redis } from 'ioredis';
import type { Fleet } from './clients/fleet.js';
import type { Plan } from './plan.js';
import type { CommitFollower } from './redisTap.js';
import type { Recorder } from './report.js';
import type { RelayProc, SimProc } from './stack.js';

/** Everything a phase works with: the running stack, the clients and the recorder. */
export interface Bench {
  readonly plan: Plan;
  readonly rec: Recorder;
  readonly sim: SimProc;
  readonly relay: RelayProc;
  readonly redis: Redis;
  readonly redisUrl: string;
  readonly prefix: string;
  readonly follower: CommitFollower;
  readonly fleet: Fleet;
  /** Access tokens of the demo users, by user name. */
  readonly tokens: ReadonlyMap<string, string>;
  /** Writes a heap snapshot of the relay (which collects garbage first), when asked for. */
  readonly heapSnapshot?: (label: string) => Promise<void>;
  /** Epoch ms after which phases stop starting new work. */
  readonly deadline: number;
}

/** Calls a stand-in control (or any JSON route) and answers its body; throws on non-2xx. */
export async function call(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<unknown> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 200)}`);
  return text === '' ? null : (JSON.parse(text) as unknown);
}
