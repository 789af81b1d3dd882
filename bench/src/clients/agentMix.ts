import type { AgentSpec } from './agentProtocol.js';
import { FEED_USERS, STATES } from './mix.js';

/** Demo users with a marketplace of their own (their In-Appetite list is not empty). */
const APPETITE_USERS = ['producer', 'agencyadmin', 'fulcrum', 'carrier', 'bridge'] as const;

/**
 * The agents of the storm, by index: 30% the public feed of all states, 10% of one state, 30%
 * All referrals as every demo user, 30% In-Appetite as the users with a marketplace; a
 * `pagerShare` of them spread over every kind pages and sorts every few seconds.
 */
export function agentAt(
  i: number,
  tokens: ReadonlyMap<string, string>,
  pagerShare: number,
): AgentSpec {
  const slot = i % 10;
  const state = STATES[Math.floor(i / 10) % STATES.length] ?? 'TX';
  // Every kind of agent pages in the same share (7 is prime to 10, so slots and pagers mix).
  const pager = ((i * 7) % 100) / 100 < pagerShare;
  if (slot < 3)
    return { topic: { kind: 'publicFeed', state: null }, list: '/api/public/referrals?', pager };
  if (slot < 4)
    return {
      topic: { kind: 'publicFeed', state },
      list: `/api/public/referrals?state=${state}&`,
      pager,
    };
  if (slot < 7) {
    const user = FEED_USERS[i % FEED_USERS.length] ?? 'admin';
    return {
      topic: { kind: 'referrals', state: null },
      token: tokens.get(user),
      list: '/api/referrals?view=all&',
      pager,
    };
  }
  const user = APPETITE_USERS[i % APPETITE_USERS.length] ?? 'producer';
  return {
    topic: { kind: 'inAppetite', state: null },
    token: tokens.get(user),
    list: '/api/referrals?view=inAppetite&',
    pager,
  };
}

/** The first `n` agents. */
export const agentsUpTo = (n: number, tokens: ReadonlyMap<string, string>, pagerShare: number) =>
  Array.from({ length: n }, (_, i) => agentAt(i, tokens, pagerShare));
