/**
 * The shapes of rooms: what a topic's builder gives, and the spec `roomFor` makes of it for
 * fan-out.
 *
 * Invariant: a room is either a stream room (one stream's records, each through `select`) or a
 * computed room (one item); its audience is sent nothing else.
 */
import type { ErrorCode, SignedInAudience, Topic, TopicItems } from '@referrals/shared';
import type { ProfileResolver } from '../auth/profile.js';
import type { Principal } from '../auth/verify.js';
import type { StreamName } from '../keys.js';
import type { ListScope } from '../readModel/api.js';
import type { ReadModel } from '../readModel/api.js';

/** What every room builder may read. */
export interface RoomContext {
  readonly readModel: ReadModel;
  readonly profiles: ProfileResolver;
}

/** What a room builder of a signed-in topic may read: also the verified principal. */
export interface SignedInContext extends RoomContext {
  readonly principal: Principal;
  readonly audience: SignedInAudience;
}

/**
 * A room fed by one stream: for each record of the stream, the item this room's audience may see
 * (undefined when the record is not for this room). Built by `roomFor` from the topic registry.
 */
export interface StreamRoomSpec {
  readonly room: string;
  readonly topic: Topic;
  readonly stream: StreamName;
  /** Other streams whose changes re-cut the room: its subscribers get a fresh snapshot. */
  readonly reloadOn: readonly StreamName[];
  /**
   * Of those streams' changed records (as they are and as they were), the ones that concern the
   * room: a change touching none of them re-cuts nothing (absent: every change re-cuts it).
   */
  readonly recutBy?: (stream: StreamName, record: object) => boolean;
  /** Sent whole on join (small topics) or paged through REST (referral feeds, notices). */
  readonly complete: boolean;
  readonly select: (record: object) => TopicItems[keyof TopicItems] | undefined;
  /** The id under which a record leaves the room. */
  readonly idOf: (record: object) => string;
  /** For a whole referral room: the list scope whose view holds its records (no market scan). */
  readonly scope?: ListScope;
  /** For a whole room told more than its stream holds: the records its snapshots are cut from. */
  readonly records?: () => Iterable<object>;
}

/**
 * A room whose single item is computed from the mirrors (a dashboard) rather than mapped from one
 * stream's records. It is sent whole, as a snapshot, every time it changes.
 */
export interface ComputedRoomSpec {
  readonly kind: 'computed';
  readonly room: string;
  readonly topic: Topic;
  /** The streams whose changes may change the item. */
  readonly dependsOn: readonly StreamName[];
  /**
   * The item at an instant, from the mirrors as they are; a promise of it where it is computed
   * on the read model's own thread.
   */
  readonly compute: (
    nowMs: number,
  ) => TopicItems[keyof TopicItems] | Promise<TopicItems[keyof TopicItems]>;
}

/** What a room carries: records of one stream, or one item computed from the mirrors. */
export type RoomSpec = StreamRoomSpec | ComputedRoomSpec;

/** True when the room's item is computed rather than mapped from a stream. */
export const isComputed = (spec: RoomSpec): spec is ComputedRoomSpec =>
  'kind' in spec && spec.kind === 'computed';

/**
 * A stream room as its topic's builder gives it for one subscriber: its name and projection, and
 * where a whole room's snapshot is read from. `roomFor` adds what the registry says of the topic.
 */
export type StreamRoom<T> = Pick<StreamRoomSpec, 'room' | 'scope' | 'records' | 'recutBy'> & {
  readonly select: (record: object) => T | undefined;
};

/** A computed room as its topic's builder gives it; `roomFor` adds the topic. */
export type ComputedRoom<T = TopicItems[keyof TopicItems]> = Pick<
  ComputedRoomSpec,
  'room' | 'dependsOn'
> & {
  readonly compute: (nowMs: number) => T | Promise<T>;
};

/** Why a subscription was refused. */
export interface Refusal {
  readonly code: ErrorCode;
  readonly error: string;
}

/** True when the answer is a refusal. */
export const isRefusal = <T extends object>(x: T | Refusal): x is Refusal => 'code' in x;
