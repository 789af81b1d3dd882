/**
 * The messages between the relay's event loop and the read model host, both ways. Every switch
 * over them ends in assertNever, so a new kind does not compile until each side handles it.
 */
import type { ReferralQuery, Sort } from '@referrals/shared';
import type { StreamName } from '../../keys.js';
import type { ChangeSet } from '../../changeLog/changeSet.js';
import type { DashboardAsk } from '../dashboards.js';
import type { ScopeSpec } from '../lists/scopes.js';
import type { IndexStatus } from '../api.js';
import type { RowProjection } from '../rowProjection.js';

/**
 * The read model's own thread (the model host) and the relay's event loop talk in these messages.
 * The event loop follows the store and forwards every stream to the host, which holds the
 * referrals and their list indexes, so the full collections of a large market's heap do not hold
 * up sockets and requests.
 */

export type { IndexStatus } from '../api.js';

/** A question the event loop asks the host; answered by `answer` or `failed` with its id. */
export type HostQuestion =
  | {
      readonly op: 'page';
      readonly scope: ScopeSpec;
      readonly query: Omit<ReferralQuery, 'state'>;
    }
  | {
      readonly op: 'pageJson';
      readonly scope: ScopeSpec;
      readonly query: Omit<ReferralQuery, 'state'>;
      readonly projection: RowProjection;
    }
  | { readonly op: 'prepare'; readonly scope: ScopeSpec; readonly sort: Sort | null }
  | { readonly op: 'get'; readonly ids: readonly number[] }
  | { readonly op: 'all'; readonly scope: ScopeSpec }
  | { readonly op: 'dashboard'; readonly ask: DashboardAsk; readonly nowMs: number }
  | { readonly op: 'settled' };

/** What the event loop sends the host. */
export type ToHost =
  /** Part of a stream's snapshot; the host reloads the stream once the `last` part is in. */
  | {
      readonly kind: 'snapshot';
      readonly stream: StreamName;
      readonly seq: number;
      readonly records: readonly (readonly [string, string])[];
      readonly last: boolean;
    }
  /** A change set the store committed, forwarded in order; the host acks it (`applied`). */
  | { readonly kind: 'change'; readonly change: ChangeSet }
  | ({ readonly kind: 'ask'; readonly id: number } & HostQuestion)
  | { readonly kind: 'abort'; readonly id: number };

/** What the host sends the event loop. */
export type FromHost =
  /**
   * A forwarded change set is held (or was passed over: `applied` false). For a referral delta,
   * the JSON each upsert replaced (null: it was new) and of each record removed that was held:
   * what fan-out needs to tell a room that a referral left it.
   */
  | {
      readonly kind: 'applied';
      readonly stream: StreamName;
      readonly seq: number;
      readonly applied: boolean;
      readonly previous?: readonly (string | null)[];
      readonly removed?: readonly string[];
    }
  | { readonly kind: 'answer'; readonly id: number; readonly value: unknown }
  | {
      readonly kind: 'failed';
      readonly id: number;
      readonly name: string;
      readonly message: string;
    }
  /** The indexes' status and seq, sent whenever either changes. */
  | { readonly kind: 'status'; readonly status: IndexStatus; readonly seq: number }
  /** The indexes finished a load (`ReferralIndex.onLoaded`). */
  | { readonly kind: 'loaded' };

/** Records a snapshot part holds at most (a snapshot of 1,000,000 crosses in 100 parts). */
export const SNAPSHOT_PART = 10_000;

/** For the default branch of a switch over a protocol's messages: a new kind does not compile. */
export function assertNever(value: never): never {
  throw new Error(`unexpected message: ${JSON.stringify(value)}`);
}
