/**
 * Makes the gateway's own writes visible to the writer at once.
 * Invariant: a write's answer is sent only once this instance's mirror holds the record, so the
 * writer's next read shows it.
 */
import type { StreamName } from '../keys.js';
import { commitFresh, commitRecord } from '../changeLog/directCommit.js';
import type { GatewayDeps } from './deps.js';

type Mirrors = GatewayDeps['readModel'];
type MirrorStream = Exclude<StreamName, 'status'> & keyof Mirrors;

/**
 * Commits a record the gateway just wrote upstream and waits until this instance's mirror holds
 * it, so the writer's next read (a reload, a list) shows the write. Every other screen gets it
 * through the change log meanwhile.
 */
export async function commitAndSee<T extends object>(
  d: Pick<GatewayDeps, 'readModel' | 'now'>,
  stream: MirrorStream,
  record: T,
  idOf: (r: T) => string | number,
): Promise<void> {
  const seq = await commitRecord(d.readModel.store, stream, record, idOf, d.now().getTime());
  await d.readModel[stream].waitForSeq(seq);
}

/** The same for a whole stream read back after a write that touched many records. */
export async function commitAndSeeAll<T extends object>(
  d: Pick<GatewayDeps, 'readModel' | 'now'>,
  stream: MirrorStream,
  records: readonly T[],
  idOf: (r: T) => string | number,
): Promise<void> {
  const seq = await commitFresh(d.readModel.store, stream, records, idOf, d.now().getTime());
  await d.readModel[stream].waitForSeq(seq);
}
