import { accessFromClaims } from '@referrals/shared';
import { describe, expect, it } from 'vitest';
import type { UpstreamClient } from '../upstream/client.js';
import { createProfileResolver } from './profile.js';
import type { Principal } from './verify.js';

const principal = (username: string): Principal => ({
  username,
  subject: username,
  email: `${username}@agency.test`,
  firstName: null,
  lastName: null,
  access: accessFromClaims({}, 'referral-console'),
  expiresAt: Date.now() + 60_000,
});

/** An agency-user service that counts its calls; `fail` makes the next call fail. */
function upstream() {
  const state = { calls: 0, fail: false };
  const client = {
    usersByEmail: (email: string) => {
      state.calls += 1;
      if (state.fail) {
        state.fail = false;
        return Promise.reject(new Error('upstream down'));
      }
      const username = email.split('@')[0] ?? '';
      return Promise.resolve([{ username, agencyId: 7, agencyName: 'Acme' }]);
    },
  } as unknown as UpstreamClient;
  return { state, client };
}

/** A clock the test moves. */
const clock = () => {
  const c = { at: 1_000, now: () => c.at };
  return c;
};

describe('profile resolver cache', () => {
  it('asks the upstream once per user per minute, and again after it', async () => {
    const { state, client } = upstream();
    const perf = clock();
    const profiles = createProfileResolver(client, { ttlMs: 60_000, max: 100, perf });
    const [a, b] = await Promise.all([
      profiles.resolve(principal('ann')),
      profiles.resolve(principal('ann')),
    ]);
    expect(a).toEqual(b);
    expect(a.agencyName).toBe('Acme');
    perf.at += 59_000;
    await profiles.resolve(principal('ann'));
    expect(state.calls).toBe(1);
    perf.at += 2_000;
    await profiles.resolve(principal('ann'));
    expect(state.calls).toBe(2);
  });

  it('keeps at most `max` users, the least recently used going first', async () => {
    const { state, client } = upstream();
    const profiles = createProfileResolver(client, { ttlMs: 60_000, max: 2, perf: clock() });
    for (const name of ['ann', 'bob', 'ann', 'cy']) await profiles.resolve(principal(name));
    expect(state.calls).toBe(3);
    // bob was the least recently used when cy came: he is asked for again, ann is not.
    await profiles.resolve(principal('ann'));
    expect(state.calls).toBe(3);
    await profiles.resolve(principal('bob'));
    expect(state.calls).toBe(4);
  });

  it('does not keep a failed lookup', async () => {
    const { state, client } = upstream();
    const profiles = createProfileResolver(client, { ttlMs: 60_000, max: 100, perf: clock() });
    state.fail = true;
    await expect(profiles.resolve(principal('ann'))).rejects.toThrow('upstream down');
    expect((await profiles.resolve(principal('ann'))).agencyId).toBe(7);
    expect(state.calls).toBe(2);
  });
});
