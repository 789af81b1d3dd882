/**
 * The diff of a stream: what a fresh read changed against the hashes last committed, by content
 * hash of each record's canonical JSON. A record whose hash did not change is never sent again.
 */
import { createHash } from 'node:crypto';
import type { StoredRecord } from './changeSet.js';

/** The content hash of a record's canonical JSON, as the diff compares it. */
export const contentHash = (json: string): string =>
  createHash('sha1').update(json).digest('base64');

/** A record ready for the diff: its id, canonical JSON and content hash. */
export interface HashedRecord extends StoredRecord {
  readonly hash: string;
}

/** What changed between the last committed hashes and a fresh poll. */
export interface Diff {
  /** Added or changed records. */
  readonly upserts: readonly HashedRecord[];
  /** Ids that were there and are gone. */
  readonly removed: readonly string[];
  /** How many of the upserts are new ids (the rest changed). */
  readonly added: number;
}

/** A record hashed in an earlier cycle: its JSON is made again only if a diff needs it. */
class KnownRecord implements HashedRecord {
  constructor(
    readonly id: string,
    readonly hash: string,
    private readonly record: object,
  ) {}

  get json(): string {
    return JSON.stringify(this.record);
  }
}

/**
 * Hashes records by their canonical JSON; the key order of a validated record is stable.
 *
 * With `known`, a record object hashed before is not serialized and hashed again: the poll's
 * validation memo hands back the very same object for a referral whose upstream JSON did not
 * change, so at 100,000 referrals a cycle skips 100,000 serializations and SHA-1s. Records must
 * not be changed after they are hashed (the poll's never are).
 */
export function hashRecords<T>(
  records: readonly T[],
  idOf: (r: T) => string | number,
  known?: WeakMap<object, string>,
): HashedRecord[] {
  return records.map((r) => {
    const id = String(idOf(r));
    const before = known && typeof r === 'object' && r !== null ? known.get(r) : undefined;
    if (before !== undefined) return new KnownRecord(id, before, r as object);
    const json = JSON.stringify(r);
    const hash = contentHash(json);
    if (known && typeof r === 'object' && r !== null) known.set(r, hash);
    return { id, json, hash };
  });
}

/** Compares a fresh poll with the committed hashes. Pure: nothing is written. */
export function diffRecords(
  previous: ReadonlyMap<string, string>,
  next: readonly HashedRecord[],
): Diff {
  const upserts: HashedRecord[] = [];
  const seen = new Set<string>();
  let added = 0;
  for (const r of next) {
    if (seen.has(r.id)) continue; // an id twice in one poll (paging shifted): the first one wins
    seen.add(r.id);
    const before = previous.get(r.id);
    if (before === r.hash) continue;
    if (before === undefined) added += 1;
    upserts.push(r);
  }
  const removed = [...previous.keys()].filter((id) => !seen.has(id));
  return { upserts, removed, added };
}

/** True when the diff changes nothing. */
export const isEmptyDiff = (d: Diff): boolean => d.upserts.length === 0 && d.removed.length === 0;
