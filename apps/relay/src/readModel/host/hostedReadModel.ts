import type { Opportunity } from '@referrals/shared';
import type { MirrorEvent, Mirror } from '../mirror.js';
import { waitForSeq } from '../mirror.js';
import { smallMirrors, storeStatus, type ReadModel, type ReferralLists } from '../readModel.js';
import type { ReadModelStore } from '../../changeLog/store.js';
import { createModelHost, type ModelHost } from './remoteModel.js';

/** What reading a referral out of this thread's mirror fails with: it holds none. */
const NOT_HERE = 'the referrals live on the read model host: ask the read model for them';

/**
 * The referrals' mirror of a relay whose read model runs on its own thread: it holds no
 * referral; its seq and events are those of the host's referral feed (see ModelHost.onEvent).
 */
class HostedReferrals implements Mirror<Opportunity> {
  readonly stream = 'referrals' as const;

  constructor(private readonly host: ModelHost) {}

  get seq(): number {
    return this.host.seq;
  }

  /** The referrals the host's indexes hold (as last reported). */
  get size(): number {
    return this.host.status().referrals;
  }

  values(): never {
    throw new Error(NOT_HERE);
  }

  get(): never {
    throw new Error(NOT_HERE);
  }

  waitForSeq(seq: number | undefined, timeoutMs?: number): Promise<boolean> {
    return waitForSeq(this, seq, timeoutMs);
  }

  settled(): Promise<void> {
    return this.host.settled();
  }

  onEvent(listener: (e: MirrorEvent<Opportunity>) => void): () => void {
    return this.host.onEvent(listener);
  }

  start(): Promise<void> {
    return this.host.start();
  }

  /** The host's feeds stop with the host (see the read model's stop). */
  stop(): void {}

  announce(): void {
    this.host.announce();
  }
}

/**
 * A relay's read model with the referrals and their list indexes on a thread of their own (the
 * model host, see remoteModel.ts): the event loop keeps the small streams' mirrors and no
 * referral, so the collections of the 1.1-1.4 GB a market of 1,000,000 takes hold the host's
 * thread, not sockets and requests (docs/perf session 25). Pages, records, a whole room's
 * members and dashboards are asked of the host; its indexes' status and seq are as it last sent.
 */
export function createHostedReadModel(
  store: ReadModelStore,
  now: () => number = Date.now,
): ReadModel {
  const host = createModelHost(store);
  const small = smallMirrors(store);
  const referrals = new HostedReferrals(host);
  const lists: ReferralLists = {
    page: (scope, q, signal) => host.page(scope, q, signal),
    prepare: (scope, sort) => host.prepare(scope, sort),
    status: () => host.status(),
    get seq() {
      return host.indexSeq;
    },
    onLoaded: (listener) => host.onLoaded(listener),
    settled: () => host.settled(),
  };
  return {
    referrals,
    ...small,
    referralIndex: lists,
    store,
    referralsById: (ids) => host.get(ids),
    dashboard: (ask, nowMs) => host.dashboard(ask, nowMs),
    scopeMembers: (scope) => host.all(scope),
    ...storeStatus(small.status, now),
    async start() {
      await Promise.all([...Object.values(small).map((m) => m.start()), host.start()]);
      await host.settled();
    },
    async settled() {
      await Promise.all(Object.values(small).map((m) => m.settled()));
      await host.settled();
    },
    stop() {
      for (const m of Object.values(small)) m.stop();
      void host.stop();
    },
  };
}
