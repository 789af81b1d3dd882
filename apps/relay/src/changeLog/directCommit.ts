/**
 * The gateway's writes committed at once (a claim, a saved marketplace), hashed exactly as a poll
 * hashes them, so every screen sees the write without waiting for the next poll, and the next
 * poll finds the same hash and sends nothing twice.
 */
import type { StreamName } from '../keys.js';
import { logger } from '../log.js';
import type { Opportunity } from '@referrals/shared';
import { diffRecords, hashRecords, isEmptyDiff, type HashedRecord } from './diff.js';
import { formatReferralHash, hashOfCommitted } from './referralHash.js';
import { StaleCommitError, type ReadModelStore } from './store.js';

const log = logger('readModel');

/**
 * Commits one record the gateway just wrote upstream (a claim, a saved marketplace), so every
 * screen sees it without waiting for the next poll. The record is validated exactly as a poll
 * validates it, so the next poll finds the same hash and sends nothing twice.
 */
export async function commitRecord<T extends object>(
  store: ReadModelStore,
  stream: StreamName,
  record: T,
  idOf: (r: T) => string | number,
  at: number,
): Promise<number | undefined> {
  const [plain] = hashRecords([record], idOf);
  if (!plain) return undefined;
  const hashed = stored(stream, plain, record);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const seq = await store.loadSeq(stream);
      return (await store.commit(stream, { upserts: [hashed], removed: [], added: 0 }, seq, at))
        .seq;
    } catch (err) {
      if (err instanceof StaleCommitError) continue;
      // The write is already done upstream; answering 500 would invite a retry that applies it
      // twice. The next poll commits the record instead.
      log.warn({ err, stream }, 'could not commit a written record; the next poll will');
      return undefined;
    }
  }
  return undefined;
}

/**
 * The hash a stream's store keeps for a record: referrals carry their dates beside the content
 * hash (see referralHash.ts), so the incremental poll can place a record committed here.
 */
function stored(stream: StreamName, hashed: HashedRecord, record: object): HashedRecord {
  if (stream !== 'referrals') return hashed;
  const hash = formatReferralHash(hashOfCommitted(hashed.json, record as Opportunity));
  return { id: hashed.id, json: hashed.json, hash };
}

/**
 * Commits a whole stream just read back after a write that touched many records (a priorities
 * save), diffed against what the store holds, so the writer reads its own write at once.
 */
export async function commitFresh<T extends object>(
  store: ReadModelStore,
  stream: StreamName,
  records: readonly T[],
  idOf: (r: T) => string | number,
  at: number,
): Promise<number | undefined> {
  const hashed = hashRecords(records, idOf);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const { seq, hashes } = await store.loadHashes(stream);
      const diff = diffRecords(hashes, hashed);
      if (isEmptyDiff(diff)) return seq;
      return (await store.commit(stream, diff, seq, at)).seq;
    } catch (err) {
      if (err instanceof StaleCommitError) continue;
      log.warn(
        { err, stream },
        'could not commit a stream read back after a write; the next poll will',
      );
      return undefined;
    }
  }
  return undefined;
}
