import type { Topic } from '@referrals/shared';

/** One socket a worker should open: what it subscribes to, signed in or not. */
export interface SocketSpec {
  readonly topic: Topic;
  /** Bearer token of a demo user; absent for the anonymous public feed. */
  readonly token?: string;
}

/** Messages from the orchestrator to a client worker. */
export type ToWorker =
  | { readonly type: 'open'; readonly url: string; readonly specs: readonly SocketSpec[] }
  | { readonly type: 'collect' }
  | { readonly type: 'close' };

/** Arrival times (epoch ms, sub-ms precision) of non-empty change sets, by stream seq. */
export type Arrivals = readonly (readonly [seq: number, times: readonly number[]])[];

/** Messages from a client worker to the orchestrator. */
export type FromWorker =
  | {
      readonly type: 'opened';
      readonly ok: number;
      readonly failed: number;
      readonly errors: readonly string[];
    }
  | {
      readonly type: 'arrivals';
      readonly arrivals: Arrivals;
      readonly held: number;
      readonly disconnects: number;
    }
  | { readonly type: 'closed' };
