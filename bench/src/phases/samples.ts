import type { StateCode } from '@referrals/shared';
import { call, type Bench } from '../bench.js';
import { STATES } from '../clients/mix.js';
import { POLL_INTERVAL_MS } from '../plan.js';
import { nowMs, sleep } from '../procs.js';

/** A referral created upstream, and when its diff was committed. */
export interface ChangeSample {
  readonly id: number;
  readonly state: StateCode;
  readonly seq: number;
  /** When POST /__sim/referrals was sent. */
  readonly t0: number;
  readonly commitAt: number;
}

/** A claim through the relay, and when its change set was committed. */
export interface ClaimSample {
  readonly id: number;
  readonly seq: number;
  readonly sentAt: number;
  readonly answeredAt: number;
}

const idOf = (body: unknown) => (body as { opportunityId: number }).opportunityId;

/**
 * Creates referrals upstream one poll cycle apart, each at a random moment of the cycle (so the
 * wait for the poll is spread like real arrivals), until `untilMs` or `max` samples.
 */
export async function changeSamples(
  b: Bench,
  untilMs: number,
  max: number,
): Promise<ChangeSample[]> {
  const samples: ChangeSample[] = [];
  for (let i = 0; i < max && Date.now() < untilMs; i += 1) {
    await sleep(Math.random() * POLL_INTERVAL_MS);
    if (Date.now() >= untilMs) break;
    const state = STATES[i % STATES.length] ?? 'TX';
    const t0 = nowMs();
    const id = idOf(await call(b.sim.origin, 'POST', '/__sim/referrals', { state }));
    const commit = await b.follower.waitFor(id, t0, 4 * POLL_INTERVAL_MS + 5000);
    samples.push({ id, state, seq: commit.seq, t0, commitAt: commit.seenAt });
  }
  return samples;
}

/**
 * Creates `count` claimable referrals (Available, CIR, in TX), waits until the relay holds them,
 * then claims them one by one as the demo producer and agency admin through the relay.
 */
export async function claimSamples(
  b: Bench,
  count: number,
): Promise<{ samples: ClaimSample[]; failed: string[] }> {
  const expires = new Date(Date.now() + 2 * 3600_000).toISOString();
  const created = nowMs();
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const body = await call(b.sim.origin, 'POST', '/__sim/referrals', {
      opportunityType: 'CIR',
      marketplaceStatus: 'Available',
      marketplaceExpirationDate: expires,
      state: 'TX',
    });
    ids.push(idOf(body));
  }
  for (const id of ids) await b.follower.waitFor(id, created, 4 * POLL_INTERVAL_MS + 5000);
  await sleep(300); // the relay's mirror applies the commit right after the bench sees it
  const samples: ClaimSample[] = [];
  const failed: string[] = [];
  for (const [i, id] of ids.entries()) {
    if (Date.now() > b.deadline) break;
    const token = b.tokens.get(i % 2 === 0 ? 'producer' : 'agencyadmin');
    const sentAt = nowMs();
    try {
      await call(b.relay.url, 'POST', `/api/referrals/${id}/claim`, {}, token);
      const answeredAt = nowMs();
      const commit = await b.follower.waitFor(id, sentAt, 10_000);
      samples.push({ id, seq: commit.seq, sentAt, answeredAt });
    } catch (err) {
      failed.push(String(err));
    }
    await sleep(250 + Math.random() * 250);
  }
  return { samples, failed };
}

/** Latencies (ms) of the arrivals of each sample's seq, measured from `from(sample)`. */
export function latencies<S extends { seq: number }>(
  samples: readonly S[],
  arrivals: ReadonlyMap<number, readonly number[]>,
  from: (s: S) => number,
): number[] {
  const out: number[] = [];
  for (const s of samples) for (const t of arrivals.get(s.seq) ?? []) out.push(t - from(s));
  return out;
}
