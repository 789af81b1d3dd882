import { gunzipSync } from 'node:zlib';
import {
  DEFAULT_SORTS,
  opportunitySchema,
  type Opportunity,
  type ReferralQuery,
} from '@referrals/shared';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../changeLog/memoryStore.js';
import { createHostedReadModel } from '../../readModel/host/hostedReadModel.js';
import {
  ALL,
  BOUGHT,
  projectRow,
  withState,
  type ReadModel,
  type RowProjection,
} from '../../readModel/api.js';
import { commitWhole } from '../../testkit/store.testkit.js';
import type { ApiResponse } from '../api.js';
import { sharedListAnswer } from './listPage.js';
import { READERS_PER_TURN, SHARE_MS, SharedPages, type SharedAnswer } from './sharedPages.js';

const NOW = Date.now();

const referral = (id: number, claimed: boolean, state: 'TX' | 'CA'): Opportunity =>
  opportunitySchema.cast({
    opportunityId: id,
    opportunityType: 'CIR',
    marketplaceStatus: claimed ? 'Claimed' : 'Available',
    addDate: new Date(NOW - id * 60_000).toISOString(),
    lastModDate: new Date(NOW - id * 30_000).toISOString(),
    category: 'COMMERCIAL',
    businessLines: ['CGLY'],
    state,
    city: `City ${id % 7}`,
    marketplaceExpirationDate: new Date(NOW + ((id % 4) - 1) * 600_000).toISOString(),
    assignedPartner: id % 6 === 0 ? 'Partner B' : null,
    ...(claimed ? { assignedAgency: 'Lone Star' } : {}),
  });

const bodyOf = (a: ApiResponse): unknown => {
  if (!('bytes' in a)) throw new Error('not a bytes answer');
  const raw = a.headers?.['content-encoding'] === 'gzip' ? gunzipSync(a.bytes) : a.bytes;
  return JSON.parse(raw.toString('utf8'));
};

const text = (json: string) => () => Promise.resolve(json);

describe('shared pages', () => {
  it('makes an answer once for the readers of one key at one seq, and again after either moves', async () => {
    let seq = 1;
    let clock = 0;
    const shared = new SharedPages(
      () => seq,
      () => clock,
    );
    let made = 0;
    const make = () => {
      made += 1;
      return Promise.resolve(`{"made":${made}}`);
    };
    const [a, b] = await Promise.all([shared.answer('k', make), shared.answer('k', make)]);
    expect(made).toBe(1);
    expect(a).toBe(b);
    await shared.answer('other', make);
    expect(made).toBe(2);
    clock = SHARE_MS;
    expect((await shared.answer('k', make)).body.toString()).toBe('{"made":1}');
    clock = SHARE_MS + 1;
    expect((await shared.answer('k', make)).body.toString()).toBe('{"made":3}');
    seq = 2;
    expect((await shared.answer('k', make)).body.toString()).toBe('{"made":4}');
    expect(shared.size).toBe(1);
  });

  it('does not share a failure, and stops the work only once every reader has gone', async () => {
    const shared = new SharedPages(() => 1);
    await expect(shared.answer('k', () => Promise.reject(new Error('host gone')))).rejects.toThrow(
      'host gone',
    );
    await expect(shared.answer('k', text('{"ok":true}'))).resolves.toBeDefined();

    let stopped: AbortSignal | undefined;
    let finish: (json: string) => void = () => undefined;
    const slow = (signal: AbortSignal) => {
      stopped = signal;
      return new Promise<string>((resolve, reject) => {
        finish = resolve;
        signal.addEventListener('abort', () => reject(new Error('stopped')));
      });
    };
    const first = new AbortController();
    const second = new AbortController();
    const one = shared.answer('slow', slow, first.signal);
    const two = shared.answer('slow', slow, second.signal);
    first.abort();
    expect(stopped?.aborted).toBe(false);
    finish('{"page":1}');
    expect((await two).body.toString()).toBe('{"page":1}');
    await one;

    const third = new AbortController();
    const alone = shared.answer('slower', slow, third.signal);
    third.abort();
    expect(stopped?.aborted).toBe(true);
    await expect(alone).rejects.toThrow('stopped');
  });

  it('lets a crowd of readers of one answer go on in turns of READERS_PER_TURN', async () => {
    const shared = new SharedPages(() => 1);
    // The gate's turn after earlier tests' readers, if one is due, goes first.
    await new Promise((resolve) => setImmediate(resolve));
    let went = 0;
    const all = Promise.all(
      Array.from({ length: READERS_PER_TURN * 4 }, () =>
        shared.answer('first page', text('{"page":0}')).then(() => {
          went += 1;
        }),
      ),
    );
    // Queued before any reader reaches the gate: it runs before the gate's next turn.
    const firstTurn = await new Promise<number>((resolve) => setImmediate(() => resolve(went)));
    expect(firstTurn).toBe(READERS_PER_TURN);
    await all;
    expect(went).toBe(READERS_PER_TURN * 4);
  });

  it('gzips an answer once, for every reader that takes it', async () => {
    const shared = new SharedPages(() => 1);
    const answer: SharedAnswer = await shared.answer(
      'k',
      text(JSON.stringify({ a: 'x'.repeat(5000) })),
    );
    const [z1, z2] = await Promise.all([answer.gzipped(), answer.gzipped()]);
    expect(z1).toBe(z2);
    expect(gunzipSync(z1).equals(answer.body)).toBe(true);
  });
});

describe('a shared list answer', () => {
  let stop: (() => void) | undefined;
  afterEach(() => stop?.());

  it(
    'is the page a reader would get fresh, in its projection, after any change sets',
    { timeout: 120_000 },
    async () => {
      const store = createMemoryStore();
      const readModel: ReadModel = createHostedReadModel(store, {
        placement: 'this thread',
        now: () => NOW,
      });
      stop = () => readModel.stop();
      await readModel.start();
      const shared = new SharedPages(() => readModel.referralIndex.seq);
      const stepArb = fc.uniqueArray(
        fc.record({
          id: fc.integer({ min: 1, max: 60 }),
          claimed: fc.boolean(),
          state: fc.constantFrom('TX' as const, 'CA' as const),
        }),
        { selector: (r) => r.id, maxLength: 60 },
      );
      const askArb = fc.record({
        projection: fc.constantFrom<RowProjection>('public', 'agent', 'carrier', 'admin', 'whole'),
        bought: fc.boolean(),
        state: fc.constantFrom(null, 'TX' as const),
        sort: fc.constantFrom(...Object.values(DEFAULT_SORTS)),
        page: fc.integer({ min: 0, max: 3 }),
        gzip: fc.boolean(),
      });
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.tuple(stepArb, fc.array(askArb, { minLength: 1, maxLength: 6 })), {
            minLength: 1,
            maxLength: 4,
          }),
          async (steps) => {
            for (const [rows, asks] of steps) {
              await commitWhole(
                store,
                'referrals',
                rows.map((r) => referral(r.id, r.claimed, r.state)),
                (o) => o.opportunityId,
              );
              await readModel.settled();
              for (const ask of asks) {
                const scope = ask.bought ? BOUGHT : ALL;
                const query: ReferralQuery = {
                  dateFilter: '30days',
                  showClaimed: true,
                  state: ask.state,
                  sort: ask.sort,
                  page: ask.page,
                  size: 5,
                };
                const head = { view: 'all', sort: ask.sort };
                const list = { scope, query, projection: ask.projection, head };
                const req = { acceptsGzip: ask.gzip };
                // Twice: the second is the shared one.
                await sharedListAnswer(readModel, shared, req, list);
                const got = bodyOf(await sharedListAnswer(readModel, shared, req, list));
                const fresh = await readModel.referralIndex.page(
                  withState(scope, ask.state),
                  query,
                );
                expect(got).toEqual({
                  ...head,
                  ...fresh,
                  content: fresh.content.map((o) => projectRow(o, ask.projection)),
                });
                expect((got as { seq: number }).seq).toBe(readModel.referralIndex.seq);
              }
            }
          },
        ),
        { numRuns: Number(process.env.RUNS ?? 40) },
      );
    },
  );
});
