/**
 * Subscribe with a seq against a relay on the tests' Redis and the stand-in upstream: the answer
 * is a confirmation, the changes since, or a snapshot, each counted in relay_resume_total; a seq
 * not to be trusted is never trusted, and a room gets only what its audience may see.
 */
import type { Ack, Opportunity, SubscribeAnswer, Topic } from '@referrals/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openSocket,
  startRelay,
  startSim,
  testPrefix,
  type ClientSocket,
  type Relay,
  type Sim,
} from '../testkit/stack.testkit.js';

let sim: Sim;
let redis: Awaited<ReturnType<typeof testPrefix>>;
let relay: Relay;
let url: string;
let metricsUrl: string;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  // The market stands still (one tick an hour): every change here is the test's own.
  sim = await startSim({ SIM_TICK_MS: '3600000' });
  redis = await testPrefix();
  const r = await startRelay(sim, `${redis.prefix}resume:`, { POLL_INTERVAL_MS: '200' });
  ({ relay, url, metricsUrl } = r);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await relay.stop();
  await sim.close();
  await redis.cleanup();
});

const PUBLIC_TX: Topic = { kind: 'publicFeed', state: 'TX' };
const ALL_REFERRALS: Topic = { kind: 'referrals', state: null };

async function socketOf(user: string | null): Promise<ClientSocket> {
  const socket = await openSocket(url, user ? await sim.token(user) : undefined);
  sockets.push(socket);
  return socket;
}

/** Subscribes with whatever request (a test may send one the contract does not allow). */
const subscribe = (socket: ClientSocket, request: unknown) =>
  socket.timeout(5000).emitWithAck('subscribe', request as Topic) as Promise<Ack<SubscribeAnswer>>;

/** relay_resume_total by outcome, as the scrape port reports it. */
async function resumes(): Promise<Record<string, number>> {
  const text = await (await fetch(metricsUrl)).text();
  const counts: Record<string, number> = {};
  for (const m of text.matchAll(/^relay_resume_total\{outcome="(\w+)"\} (\d+)/gm))
    counts[m[1] ?? ''] = Number(m[2]);
  return counts;
}

/** Waits until the relay's referral feed is past `seq`. */
async function feedPast(seq: number): Promise<void> {
  const end = Date.now() + 10_000;
  while (relay.readModel.referrals.seq <= seq) {
    if (Date.now() > end) throw new Error(`the feed did not move past ${seq}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A referral made upstream, polled in: answers it and the seq the feed held before. */
async function arrival(over: Partial<Opportunity>): Promise<{ made: Opportunity; before: number }> {
  const before = relay.readModel.referrals.seq;
  const made = (await sim.control('POST', '/__sim/referrals', {
    opportunityType: 'CIR',
    marketplaceStatus: 'Available',
    category: 'COMMERCIAL',
    businessLines: ['CGLY'],
    source: 'agent-site',
    dynamicPrice: 77,
    ...over,
  })) as Opportunity;
  await feedPast(before);
  return { made, before };
}

describe('subscribe with a seq', () => {
  it('answers a bare topic with its snapshot, as before resuming existed', async () => {
    const socket = await socketOf(null);
    const ack = await subscribe(socket, PUBLIC_TX);
    expect(ack).toMatchObject({
      ok: true,
      kind: 'snapshot',
      snapshot: { topic: PUBLIC_TX, seq: relay.readModel.referrals.seq, complete: false },
    });
  });

  it('confirms a client that is current, with no changes', async () => {
    const before = await resumes();
    const seq = relay.readModel.referrals.seq;
    const ack = await subscribe(await socketOf(null), { topic: PUBLIC_TX, seq });
    expect(ack).toEqual({ ok: true, kind: 'current', seq });
    expect((await resumes()).current).toBe((before.current ?? 0) + 1);
  });

  it('sends a client behind the change sets since its seq, cut for its room, then the live ones', async () => {
    const before = await resumes();
    const { made, before: seq } = await arrival({ state: 'TX', firstName: 'Quincy' });
    const socket = await socketOf(null);
    const live: number[] = [];
    socket.on('changes', (m) => live.push(m.prevSeq));
    const ack = await subscribe(socket, { topic: PUBLIC_TX, seq });
    expect(ack).toMatchObject({ ok: true, kind: 'changes' });
    const changes = ack.ok && ack.kind === 'changes' ? ack.changes : [];
    // Unbroken from the seq sent: each change set on top of the one before.
    expect(changes.map((c) => c.prevSeq)).toEqual([seq, ...changes.slice(0, -1).map((c) => c.seq)]);
    expect(changes.at(-1)?.seq).toBeGreaterThan(seq);
    const upserts = changes.flatMap((c) => c.upserts as readonly unknown[]) as Opportunity[];
    expect(upserts.map((u) => u.opportunityId)).toContain(made.opportunityId);
    // The public's projection: no contact of the referral ever reaches the public room.
    expect(JSON.stringify(changes)).not.toContain('Quincy');
    expect((await resumes()).changes).toBe((before.changes ?? 0) + 1);

    // The socket is in the room again: the next change set follows the answer's last.
    const next = await arrival({ state: 'TX' });
    const end = Date.now() + 5000;
    while (!live.includes(next.before) && Date.now() < end)
      await new Promise((r) => setTimeout(r, 50));
    expect(live).toContain(next.before);
  });

  it('never sends a room what its select keeps out: another state, another audience', async () => {
    const { made, before: seq } = await arrival({ state: 'CA', firstName: 'Rosalind' });
    const publicTx = await subscribe(await socketOf(null), { topic: PUBLIC_TX, seq });
    const publicUpserts = publicTx.ok && publicTx.kind === 'changes' ? publicTx.changes : null;
    expect(publicUpserts).not.toBeNull();
    // Texas's public room: the Californian referral is not among its upserts, nor its contact.
    for (const c of publicUpserts ?? []) {
      for (const u of c.upserts as Opportunity[]) expect(u.state).toBe('TX');
    }
    expect(JSON.stringify(publicUpserts)).not.toContain('Rosalind');

    // The same seq in the admins' room of every state: the referral, with what admins see.
    const admin = await subscribe(await socketOf('admin'), { topic: ALL_REFERRALS, seq });
    const adminUpserts = (admin.ok && admin.kind === 'changes' ? admin.changes : []).flatMap(
      (c) => c.upserts as readonly unknown[],
    ) as Opportunity[];
    expect(adminUpserts.find((u) => u.opportunityId === made.opportunityId)).toMatchObject({
      state: 'CA',
    });
  });

  it('answers a snapshot when the log does not reach back that far', async () => {
    const before = await resumes();
    const ack = await subscribe(await socketOf(null), { topic: PUBLIC_TX, seq: 1 });
    expect(ack).toMatchObject({
      ok: true,
      kind: 'snapshot',
      snapshot: { seq: relay.readModel.referrals.seq },
    });
    expect((await resumes()).reload).toBe((before.reload ?? 0) + 1);
  });

  it('never trusts a seq from the future: a snapshot, counted as a reload', async () => {
    const before = await resumes();
    const held = relay.readModel.referrals.seq;
    const ack = await subscribe(await socketOf(null), { topic: PUBLIC_TX, seq: held + 1000 });
    expect(ack).toMatchObject({ ok: true, kind: 'snapshot', snapshot: { seq: held } });
    expect((await resumes()).reload).toBe((before.reload ?? 0) + 1);
  });

  it.each([
    ['a negative seq', { topic: PUBLIC_TX, seq: -1 }],
    ['a seq that is not whole', { topic: PUBLIC_TX, seq: 1.5 }],
    ['a seq as text', { topic: PUBLIC_TX, seq: '3' }],
    ['a seq past the safe integers', { topic: PUBLIC_TX, seq: 2 ** 60 }],
    ['an unknown field', { topic: PUBLIC_TX, seq: 3, room: 'admin:marketplaces' }],
    ['no topic', { seq: 3 }],
  ])('refuses %s as invalid, counted as refused', async (_what, request) => {
    const before = await resumes();
    const ack = await subscribe(await socketOf(null), request);
    expect(ack).toMatchObject({ ok: false, code: 'invalid' });
    expect((await resumes()).refused).toBe((before.refused ?? 0) + 1);
  });

  it('refuses a resume of a topic the socket may not have, as a subscribe would be', async () => {
    const before = await resumes();
    const ack = await subscribe(await socketOf(null), { topic: ALL_REFERRALS, seq: 1 });
    expect(ack).toMatchObject({ ok: false, code: 'unauthenticated' });
    expect((await resumes()).refused).toBe((before.refused ?? 0) + 1);
  });
});
