/**
 * The relay's read model (api.ts): the small streams' mirrors on the event loop, and the
 * referrals with their list indexes on the read model host (remoteModel.ts), on a thread of its
 * own, so the full collections of a large market (1.1-1.4 GB at 1,000,000 referrals) hold that
 * thread, not sockets and requests. Tests place the same host on their own thread.
 *
 * Invariant: the referral feed's seq and events are the host's, told once the host's indexes hold
 * each change set; pages, records and dashboards are answered by the host.
 */
import type { Opportunity } from '@referrals/shared';
import type { ReadModelStore } from '../../changeLog/store.js';
import type { ReadModel, ReferralLists } from '../api.js';
import { waitForSeq, type Feed, type MirrorEvent } from '../mirror.js';
import { smallMirrors, storeStatus } from '../readModel.js';
import { createModelHost, type HostPlacement, type ModelHost } from './remoteModel.js';

/** The referrals' feed on the event loop: its seq and events are the host's. */
class HostedReferrals implements Feed<Opportunity> {
  readonly stream = 'referrals' as const;

  constructor(private readonly host: ModelHost) {}

  get seq(): number {
    return this.host.seq;
  }

  /** The referrals the host's indexes hold (as last reported). */
  get size(): number {
    return this.host.status().referrals;
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

/** What a hosted read model is built with. */
export interface HostedReadModelOptions {
  /** Where the host runs: its own thread (the relay) or the caller's (tests). */
  readonly placement?: HostPlacement;
  readonly now?: () => number;
}

/** A relay's read model, with the referrals on the read model host. */
export function createHostedReadModel(
  store: ReadModelStore,
  { placement = 'own thread', now = Date.now }: HostedReadModelOptions = {},
): ReadModel & { readonly host: ModelHost } {
  // A clock other than the process's reaches a host on the caller's thread only.
  const host = createModelHost(store, placement === 'this thread' ? { placement, now } : {});
  const small = smallMirrors(store);
  const lists: ReferralLists = {
    page: (scope, q, signal) => host.page(scope, q, signal),
    pageJson: (scope, q, projection, signal) => host.pageJson(scope, q, projection, signal),
    prepare: (scope, sort) => host.prepare(scope, sort),
    status: () => host.status(),
    get seq() {
      return host.indexSeq;
    },
    onLoaded: (listener) => host.onLoaded(listener),
    settled: () => host.settled(),
  };
  return {
    referrals: new HostedReferrals(host),
    ...small,
    referralIndex: lists,
    store,
    host,
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
