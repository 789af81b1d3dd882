/**
 * The change log's vocabulary: a stored record, a change set (a delta of records, or a reset that
 * tells readers to reload) and a snapshot. Plain data: it crosses Redis and threads as it is.
 */
import type { StreamName } from '../keys.js';

/** A record of the read model as stored: its id and canonical JSON. */
export interface StoredRecord {
  readonly id: string;
  readonly json: string;
}

/**
 * What one poll cycle changed in one stream. `reset` means the change was too large to ship (or
 * the log was cut): readers reload the snapshot instead of applying records.
 */
export type ChangeSet =
  | {
      readonly kind: 'delta';
      readonly stream: StreamName;
      readonly seq: number;
      readonly upserts: readonly StoredRecord[];
      readonly removed: readonly string[];
      readonly at: number;
      /** When the store committed it (epoch ms): fan-out measures delivery lag from here. */
      readonly committedAt: number;
    }
  | {
      readonly kind: 'reset';
      readonly stream: StreamName;
      readonly seq: number;
      readonly at: number;
    };

/** A full copy of one stream at one sequence number. */
export interface Snapshot {
  readonly seq: number;
  readonly records: ReadonlyMap<string, string>;
}
