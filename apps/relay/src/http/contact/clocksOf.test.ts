import { newPipeline, type Opportunity } from '@referrals/shared';
import { describe, expect, it } from 'vitest';
import type { Claim } from '../../db/auditLog.js';
import { referralWithContact } from '../../testkit/referrals.testkit.js';
import { acquiredAt } from '../pipeline/bought.js';
import { clockOf } from './clocksOf.js';

const ADDED = '2026-11-20T08:00:00.000Z';
const CHANGED = '2026-11-21T09:30:00.000Z';
const CLAIMED = '2026-11-21T09:29:58.000Z';

/** Where the contact clock and the return window start for a purchase and its claim, if any. */
async function startsOf(o: Opportunity, claim: Claim | undefined) {
  const audit = { claimedAt: () => Promise.resolve(claim?.at ?? null) };
  const clock = clockOf(o, claim, newPipeline(o.opportunityId, 'Lone Star'));
  const window = await acquiredAt({ audit } as unknown as Parameters<typeof acquiredAt>[0], o);
  return { clock: [clock.claimedAt, clock.claimedBy], window: window.toISOString() };
}

describe('when a purchase was claimed', () => {
  const o = (lastModDate: string | null) =>
    referralWithContact(1, { addDate: ADDED, lastModDate, assignedAgency: 'Lone Star' });

  it('is its claim through the relay for the contact clock and the return window alike', async () => {
    const claim = { at: new Date(CLAIMED), by: 'ann' };
    expect(await startsOf(o(CHANGED), claim)).toEqual({
      clock: [CLAIMED, 'ann'],
      window: CLAIMED,
    });
  });

  it("is the upstream's last change without one, else its added time, by nobody known", async () => {
    expect(await startsOf(o(CHANGED), undefined)).toEqual({
      clock: [CHANGED, null],
      window: CHANGED,
    });
    expect(await startsOf(o(null), undefined)).toEqual({ clock: [ADDED, null], window: ADDED });
  });
});
