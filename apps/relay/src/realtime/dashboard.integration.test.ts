import type {
  AgentDashboard,
  Dashboard,
  Opportunity,
  PrivilegedDashboard,
  SnapshotMessage,
} from '@referrals/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openSocket,
  startRelay,
  startSim,
  subscribe,
  testPrefix,
  type ClientSocket,
  type Sim,
} from '../testkit/stack.testkit.js';

let sim: Sim;
let redis: Awaited<ReturnType<typeof testPrefix>>;
let url: string;
let stop: () => Promise<void>;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  // The market stands still (one tick an hour): every change here is the test's own.
  sim = await startSim({ SIM_TICK_MS: '3600000' });
  redis = await testPrefix();
  const r = await startRelay(sim, `${redis.prefix}dashboard:`, { POLL_INTERVAL_MS: '200' });
  url = r.url;
  stop = () => r.relay.stop();
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await stop();
  await sim.close();
  await redis.cleanup();
});

/** A socket of a demo user subscribed to its dashboard, with every dashboard it is sent. */
async function dashboardOf(user: string | null) {
  const socket = await openSocket(url, user ? await sim.token(user) : undefined);
  sockets.push(socket);
  const seen: Dashboard[] = [];
  socket.on('snapshot', (m: SnapshotMessage) => {
    if (m.topic.kind === 'dashboard') seen.push(m.items[0] as Dashboard);
  });
  const ack = await subscribe(socket, { kind: 'dashboard' });
  if (ack.ok) seen.push(ack.snapshot.items[0] as Dashboard);
  return { ack, socket, latest: <T extends Dashboard>() => seen.at(-1) as T, frames: seen };
}

/** Waits until `read` answers true, or fails after `ms`. */
async function until(read: () => boolean, what: string, ms = 8000): Promise<void> {
  const end = Date.now() + ms;
  while (!read()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the dashboard topic against the stand-in upstream and Redis', () => {
  it('keeps the admin, carrier and producer dashboards live as referrals arrive and are claimed', async () => {
    const admin = await dashboardOf('admin');
    const carrier = await dashboardOf('carrier');
    const producer = await dashboardOf('producer');
    expect(admin.ack).toMatchObject({ ok: true, snapshot: { complete: true } });
    expect(admin.latest().audience).toBe('privileged');
    expect(carrier.latest().audience).toBe('privileged');
    expect(producer.latest().audience).toBe('agent');
    const before = {
      arrivals: admin.latest<PrivilegedDashboard>().totals.arrivals,
      claims: admin.latest<PrivilegedDashboard>().totals.claims,
      open: producer.latest<AgentDashboard>().openNow,
      mine: producer.latest<AgentDashboard>().claimsToday,
    };

    const made = (await sim.control('POST', '/__sim/referrals', {
      state: 'TX',
      opportunityType: 'CIR',
      marketplaceStatus: 'Available',
      category: 'COMMERCIAL',
      businessLines: ['CGLY'],
      source: 'agent-site',
      firstName: 'Quincy',
      dynamicPrice: 91,
    })) as Opportunity;
    await until(
      () => admin.latest<PrivilegedDashboard>().totals.arrivals === before.arrivals + 1,
      'the arrival on the admin dashboard',
    );
    await until(
      () => producer.latest<AgentDashboard>().openNow === before.open + 1,
      'the referral open to the producer',
    );
    expect(carrier.latest<PrivilegedDashboard>().totals.arrivals).toBe(before.arrivals + 1);

    const res = await fetch(`${url}/api/referrals/${made.opportunityId}/claim`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await sim.token('producer')}` },
    });
    expect(res.status).toBe(200);
    await until(
      () => producer.latest<AgentDashboard>().openNow === before.open,
      'the claimed referral to close',
    );
    expect(producer.latest<AgentDashboard>().claimsToday).toBe(before.mine + 1);
    await until(
      () => admin.latest<PrivilegedDashboard>().totals.claims === before.claims + 1,
      'the claim on the admin dashboard',
    );

    // Counts only for the producer: nothing of the referral itself ever reached it. (Not its id
    // as a bare number: a count or a time in the frames may hold the same digits.)
    const sent = JSON.stringify(producer.frames);
    for (const secret of ['Quincy', '"opportunityId"', '"dynamicPrice"']) {
      expect(sent).not.toContain(secret);
    }
  });

  it('refuses the dashboard to an anonymous socket', async () => {
    const anon = await dashboardOf(null);
    expect(anon.ack).toMatchObject({ ok: false, code: 'unauthenticated' });
  });
});
