/**
 * Commits to a read-model store as a poll would, for tests. Invariant: a commit is the diff
 * against what the store holds, on top of its current seq.
 */
import type { StreamName } from '../keys.js';
import { diffRecords, hashRecords } from '../changeLog/diff.js';
import type { ReadModelStore } from '../changeLog/store.js';

/** Commits `rows` as the whole of a stream at `at`, as a poll would. */
export async function commitWhole<T extends object>(
  store: ReadModelStore,
  stream: StreamName,
  rows: T[],
  id: (r: T) => number | string,
  at = Date.now(),
): Promise<void> {
  const { seq, hashes } = await store.loadHashes(stream);
  await store.commit(stream, diffRecords(hashes, hashRecords(rows, id)), seq, at);
}
