import type { Topic } from '@referrals/shared';

/** One agent a worker plays: its live topic, its REST list, and whether it pages and sorts. */
export interface AgentSpec {
  readonly topic: Topic;
  /** Bearer token of a demo user; absent for the anonymous public feed. */
  readonly token?: string;
  /** The list page it loads on (re)connect: path and query, without page and sort. */
  readonly list: string;
  /** Pages and changes sort every few seconds. */
  readonly pager: boolean;
}

/** Messages from the orchestrator to an agent worker. */
export type ToAgent =
  | { readonly type: 'open'; readonly url: string; readonly specs: readonly AgentSpec[] }
  | { readonly type: 'storm'; readonly at: number; readonly timeoutMs: number }
  | { readonly type: 'pages' }
  | { readonly type: 'close' };

/**
 * What agents' subscribes came to: resumed from their seq and sent the changes missed, told they
 * were current, or told to reload (then they read their page again); `fresh`: no seq was held, a
 * plain subscribe and a page read (every arrival, and a storm's agent that had lost its seq).
 */
export interface Resumes {
  changes: number;
  current: number;
  reload: number;
  fresh: number;
}

/** Messages from an agent worker to the orchestrator. */
export type FromAgent =
  | {
      readonly type: 'opened' | 'stormed';
      /** Per agent that got there: ms from the start (open or storm) to holding its rows. */
      readonly rowsMs: readonly number[];
      readonly failed: number;
      /** Attempts that failed and were tried again (connect, subscribe or page). */
      readonly retries: number;
      readonly errors: readonly string[];
      /** What the agents' subscribes came to. */
      readonly resumed: Readonly<Resumes>;
    }
  | {
      /** Background page and sort changes since the last ask: latencies (ms), failures. */
      readonly type: 'pages';
      readonly latencies: readonly number[];
      readonly failed: number;
    }
  | { readonly type: 'closed' };
