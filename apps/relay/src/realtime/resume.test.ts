/**
 * Resuming a room from a seq (fanout.resume over the store's log), against a store in memory:
 * a client that drops and resumes ends with exactly what a client that never dropped holds.
 */
import {
  referralId,
  type ChangesMessage,
  type Opportunity,
  type SubscribeAnswer,
} from '@referrals/shared';
import fc from 'fast-check';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProfileResolver } from '../auth/profile.js';
import { referralWithContact } from '../testkit/referrals.testkit.js';
import type { Principal } from '../auth/verify.js';
import { createMemoryStore } from '../changeLog/memoryStore.js';
import type { ReadModelStore } from '../changeLog/store.js';
import { createHostedReadModel } from '../readModel/host/hostedReadModel.js';
import type { ReadModel } from '../readModel/api.js';
import { lonestar } from '../testkit/marketplaces.testkit.js';
import { commitWhole } from '../testkit/store.testkit.js';
import type { UpstreamClient } from '../upstream/client.js';
import type { RoomEmitter } from './emitter.js';
import { createFanout } from './fanout.js';
import { roomFor } from './roomSpec.js';
import type { StreamRoomSpec } from './roomTypes.js';
import { RECUT_MARGIN_MS, resumeChanges } from './streamRooms.js';

const referral = referralWithContact;

let store: ReadModelStore;
let readModel: ReadModel;
const profiles = createProfileResolver({} as UpstreamClient);

beforeAll(async () => {
  store = createMemoryStore();
  readModel = createHostedReadModel(store, { placement: 'this thread' });
  await readModel.start();
  // A first commit, so the runs' seqs are of one epoch (the first takes the clock's ms).
  await put([referral(1)]);
});

afterEach(() => vi.useRealTimers());

/** Commits `rows` as the whole market, and waits until fan-out has told every room. */
async function put(rows: Opportunity[]): Promise<void> {
  await commitWhole(store, 'referrals', rows, (r) => r.opportunityId);
  await readModel.settled();
}

/** What a client holds of a room: its records by id, the seq, and the seqs it applied. */
class Holder {
  readonly applied: number[] = [];
  constructor(
    public seq: number,
    public records: Map<string, unknown>,
  ) {}

  /** Applies a change set; one that does not follow what it holds is a lost or doubled change. */
  apply(c: ChangesMessage): void {
    if (c.prevSeq !== this.seq)
      throw new Error(`change ${c.prevSeq}→${c.seq} on top of ${this.seq}`);
    for (const u of c.upserts) this.records.set(referralId(u as Opportunity), u);
    for (const id of c.removed) this.records.delete(id);
    this.seq = c.seq;
    this.applied.push(c.seq);
  }
}

/** The room's records as a page read over REST would give them now, and their seq. */
async function page(spec: StreamRoomSpec) {
  const snap = await store.snapshot('referrals');
  const records = new Map<string, unknown>();
  for (const json of snap.records.values()) {
    const item = spec.select(JSON.parse(json) as object);
    if (item !== undefined) records.set(referralId(item as Opportunity), item);
  }
  return { seq: snap.seq, records };
}

/** A room of `topic` with a fan-out whose emits go to `hear` (the sockets of the room). */
async function room(topic: Parameters<typeof roomFor>[0], principal: Principal | null = null) {
  const spec = (await roomFor(topic, principal, readModel, profiles)) as StreamRoomSpec;
  const listeners = new Set<(c: ChangesMessage) => void>();
  const out: RoomEmitter = {
    emit: (r, event, message) => {
      if (r === spec.room && event === 'changes')
        for (const l of listeners) l(message as ChangesMessage);
    },
    has: (r) => r === spec.room,
  };
  return { spec, fanout: createFanout(readModel, out), listeners };
}

/** A market: ids 1-5, each absent or in a state and city (public:TX sees only Texas). */
const market = fc
  .array(
    fc.option(
      fc.record({
        state: fc.constantFrom('TX', 'CA'),
        city: fc.constantFrom('Austin', 'Waco', 'Fresno'),
        marketplaceStatus: fc.constantFrom('Available' as const, 'Claimed' as const),
      }),
      { nil: null },
    ),
    { minLength: 5, maxLength: 5 },
  )
  .map((slots) => slots.flatMap((over, i) => (over === null ? [] : [referral(i + 1, over)])));

describe('resuming a room from a seq', () => {
  it('leaves a client that dropped and resumed with exactly the records of one that never dropped', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(market, { minLength: 1, maxLength: 10 }),
        fc.nat(),
        fc.nat(),
        fc.constantFrom<'TX' | null>('TX', null),
        async (markets, a, b, state) => {
          const { spec, fanout, listeners } = await room({ kind: 'publicFeed', state });
          try {
            const start = await page(spec);
            expect(fanout.join(spec)).toMatchObject({ seq: start.seq });
            const stayer = new Holder(start.seq, new Map(start.records));
            const resumer = new Holder(start.seq, new Map(start.records));
            let resumerHears = true;
            listeners.add((c) => stayer.apply(c));
            listeners.add((c) => {
              if (resumerHears) resumer.apply(c);
            });
            const resume = async () => {
              const answer = await fanout.resume(spec, resumer.seq);
              if (answer.kind === 'changes') for (const c of answer.changes) resumer.apply(c);
              else if (answer.kind === 'current') expect(answer.seq).toBe(resumer.seq);
              else throw new Error('the log reaches back: no reload expected');
            };
            // Connected for the first `drop` commits, away until `back`, then resumed.
            const drop = a % (markets.length + 1);
            const back = drop + (b % (markets.length - drop + 1));
            for (const [i, rows] of markets.entries()) {
              if (i === drop) resumerHears = false;
              if (i === back) {
                await resume();
                resumerHears = true;
              }
              await put(rows);
            }
            if (markets.length === back) await resume();

            expect(resumer.seq).toBe(stayer.seq);
            expect(resumer.records).toEqual(stayer.records);
            // And both hold what a page read now would show.
            const now = await page(spec);
            expect(stayer.seq).toBe(now.seq);
            expect(stayer.records).toEqual(now.records);
            // No change set lost or doubled: each applied once, in order.
            const all = [...new Set([...resumer.applied, ...stayer.applied])].sort((x, y) => x - y);
            expect(resumer.applied).toEqual(all);
          } finally {
            fanout.stop();
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('answers current, the changes since, or a snapshot when the log does not reach back or the seq is ahead', async () => {
    const { spec, fanout } = await room({ kind: 'publicFeed', state: 'TX' });
    try {
      await put([referral(1), referral(2)]);
      const held = readModel.referrals.seq;
      expect(await fanout.resume(spec, held)).toEqual({ kind: 'current', seq: held });
      await put([referral(1, { city: 'Waco' }), referral(2, { state: 'CA' })]);
      const behind = await fanout.resume(spec, held);
      expect(behind).toMatchObject({ kind: 'changes' });
      const changes = behind.kind === 'changes' ? behind.changes : [];
      expect(changes.map((c) => [c.prevSeq, c.seq])).toEqual([[held, held + 1]]);
      // Only what public:TX may see, projected for the public: the Californian one leaves.
      expect(changes[0]?.upserts).toEqual([expect.objectContaining({ opportunityId: 1 })]);
      expect(JSON.stringify(changes)).not.toContain('Jane');
      expect(changes[0]?.removed).toContain('2');
      // Before the epoch's first commit: the log does not reach back.
      expect(await fanout.resume(spec, 1)).toMatchObject({
        kind: 'snapshot',
        snapshot: { seq: readModel.referrals.seq, complete: false },
      });
      // Ahead of what the feed holds: never trusted.
      expect(await fanout.resume(spec, readModel.referrals.seq + 1)).toMatchObject({
        kind: 'snapshot',
        snapshot: { seq: readModel.referrals.seq },
      });
    } finally {
      fanout.stop();
    }
  });

  it('never trusts a seq its feed does not hold yet, though the store holds it', async () => {
    const { spec, fanout } = await room({ kind: 'publicFeed', state: 'TX' });
    fanout.stop();
    await put([referral(1, { city: 'Dallas' })]);
    await put([referral(1, { city: 'Plano' })]);
    const seq = readModel.referrals.seq;
    // This relay's feed one change set behind the store (a client of a relay ahead comes over).
    const lagging = new Proxy(readModel.referrals, {
      get: (feed, key): unknown => (key === 'seq' ? seq - 1 : Reflect.get(feed, key)),
    });
    const behind = new Proxy(readModel, {
      get: (model, key): unknown => (key === 'referrals' ? lagging : Reflect.get(model, key)),
    });
    expect(await resumeChanges(behind, spec, seq)).toBeNull();
    expect(await resumeChanges(behind, spec, seq - 1)).toEqual([]);
    // Behind both: what the log holds, past the feed too (fan-out's repeat is dropped).
    expect((await resumeChanges(behind, spec, seq - 2))?.map((c) => c.seq)).toEqual([seq - 1, seq]);
  });

  it('sends a signed-in room its own projection, never another audience’s', async () => {
    const agent = {
      username: 'p',
      access: { isAdmin: false, isCarrier: false, privileged: false },
    } as Principal;
    const admin = { username: 'a', access: { isAdmin: true, isCarrier: false, privileged: true } };
    const agents = await room({ kind: 'referrals', state: null }, agent);
    const admins = await room({ kind: 'referrals', state: null }, admin as Principal);
    try {
      await put([referral(1), referral(2)]);
      const held = readModel.referrals.seq;
      await put([
        referral(1, { marketplaceStatus: 'Claimed', assignedAgency: 'Lone Star', soldPrice: 41 }),
        referral(2),
      ]);
      const toAgent = await agents.fanout.resume(agents.spec, held);
      const toAdmin = await admins.fanout.resume(admins.spec, held);
      expect(agents.spec.room).not.toBe(admins.spec.room);
      const upsert = (a: SubscribeAnswer) =>
        a.kind === 'changes' ? (a.changes[0]?.upserts[0] as Record<string, unknown>) : undefined;
      // The agent's room gets the agent's projection of the change, as fan-out would send it.
      expect(upsert(toAgent)).toEqual(
        agents.spec.select(
          referral(1, { marketplaceStatus: 'Claimed', assignedAgency: 'Lone Star', soldPrice: 41 }),
        ),
      );
      expect(upsert(toAdmin)).toEqual(
        admins.spec.select(
          referral(1, { marketplaceStatus: 'Claimed', assignedAgency: 'Lone Star', soldPrice: 41 }),
        ),
      );
      expect(upsert(toAgent)).not.toEqual(upsert(toAdmin));
    } finally {
      agents.fanout.stop();
      admins.fanout.stop();
    }
  });

  it('reloads a room re-cut by another stream since the change set the client holds', async () => {
    await put([referral(1), referral(2)]);
    const base = (await roomFor(
      { kind: 'publicFeed', state: null },
      null,
      readModel,
      profiles,
    )) as StreamRoomSpec;
    // A room that, like In-Appetite's, is re-cut whenever the marketplaces change.
    const spec: StreamRoomSpec = { ...base, room: 'recut', reloadOn: ['marketplaces'] };
    // The marketplaces changed long before (their first commit, then an edit): what the client
    // holds was cut after.
    const longAgo = Date.now() - 10 * RECUT_MARGIN_MS;
    vi.useFakeTimers({ toFake: ['Date'], now: longAgo });
    await commitWhole(store, 'marketplaces', [lonestar], (m) => m.id, longAgo);
    await commitWhole(
      store,
      'marketplaces',
      [{ ...lonestar, enabled: false }],
      (m) => m.id,
      longAgo,
    );
    vi.useRealTimers();
    await readModel.settled();
    await put([referral(1, { city: 'Waco' }), referral(2)]);
    const held = readModel.referrals.seq;
    await put([referral(1, { city: 'Fresno' }), referral(2)]);
    expect((await resumeChanges(readModel, spec, held))?.map((c) => c.seq)).toEqual([held + 1]);
    expect(await resumeChanges(readModel, spec, held + 1)).toEqual([]);
    // An edited marketplace since: the client may have missed its re-cut.
    await commitWhole(store, 'marketplaces', [lonestar], (m) => m.id);
    await readModel.settled();
    expect(await resumeChanges(readModel, spec, held)).toBeNull();
    expect(await resumeChanges(readModel, spec, held + 1)).toBeNull();
    // A room cut by its own stream alone resumes as before.
    expect(await resumeChanges(readModel, base, held)).toHaveLength(1);
  });
});
