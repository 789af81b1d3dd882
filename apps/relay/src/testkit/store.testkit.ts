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
