import type { StateCode } from '@referrals/shared';
import type { SocketSpec } from './protocol.js';

/** States the per-state rooms and the generated changes use. */
export const STATES: readonly StateCode[] = ['TX', 'CA', 'NY', 'FL', 'IL'];
/** Demo users whose tokens the signed-in sockets carry (every role of the realm). */
export const FEED_USERS = [
  'admin',
  'carrier',
  'producer',
  'agencyadmin',
  'bridge',
  'fulcrum',
] as const;

/**
 * The room mix, by socket index: 40% public feed of all states, 20% public feed of one state,
 * 30% signed-in `referrals` of all states, 10% signed-in `referrals` of one state, spread over
 * every demo user (so over the agent, carrier and admin projections).
 */
export function specAt(i: number, tokens: ReadonlyMap<string, string>): SocketSpec {
  const slot = i % 10;
  const state = STATES[Math.floor(i / 10) % STATES.length] ?? 'TX';
  const user = FEED_USERS[i % FEED_USERS.length] ?? 'admin';
  const token = tokens.get(user);
  if (slot < 4) return { topic: { kind: 'publicFeed', state: null } };
  if (slot < 6) return { topic: { kind: 'publicFeed', state } };
  if (slot < 9) return { topic: { kind: 'referrals', state: null }, token };
  return { topic: { kind: 'referrals', state }, token };
}

/** Specs of sockets `from` .. `to - 1`. */
export function specsBetween(
  from: number,
  to: number,
  tokens: ReadonlyMap<string, string>,
): SocketSpec[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, k) => specAt(from + k, tokens));
}

/** How many of the first `n` sockets should receive a change of a referral in `state`. */
export function receiversOf(
  state: StateCode,
  n: number,
  tokens: ReadonlyMap<string, string>,
): number {
  let count = 0;
  for (let i = 0; i < n; i += 1) {
    const t = specAt(i, tokens).topic;
    if ('state' in t && (t.state === null || t.state === state)) count += 1;
  }
  return count;
}
