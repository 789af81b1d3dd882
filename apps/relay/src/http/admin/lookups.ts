/**
 * The lookups of the marketplace form and the admin screens, read from the upstream as they are
 * now: an agency, its users and prepaid balance, users by email, NAICS codes, sources, bank
 * holidays.
 * Invariant: each is a read passed through (nothing is stored), and a malformed key is refused
 * before the upstream is asked.
 */
import { API } from '@referrals/shared';
import type { UpstreamClient } from '../../upstream/client.js';
import { fail, type Route } from '../api.js';
import { numberedRead, upstreamRead } from './upstreamRead.js';

export function lookupRoutes(upstream: UpstreamClient): Route[] {
  return [
    {
      ...API.agency,
      guard: 'admin',
      handler: numberedRead('fulcrumId', 'agency', (n) => upstream.agency(n)),
    },
    {
      ...API.agencyUsers,
      guard: 'admin',
      handler: numberedRead('fulcrumId', 'agency users', (n) => upstream.agencyUsers(n)),
    },
    {
      ...API.prepaidBalance,
      guard: 'admin',
      handler: numberedRead('fulcrumId', 'prepaid balance', async (n) => ({
        balance: await upstream.prepaidBalance(n),
      })),
    },
    {
      ...API.users,
      guard: 'admin',
      handler: (req) => {
        const email = req.query.email;
        if (typeof email !== 'string' || email.length === 0 || email.length > 254) {
          return Promise.resolve(fail(400, 'email is required'));
        }
        return upstreamRead('users', () => upstream.usersByEmail(email))(req);
      },
    },
    {
      ...API.naicsCodes,
      guard: 'admin',
      handler: upstreamRead('NAICS codes', () => upstream.naicsCodes()),
    },
    {
      ...API.sources,
      guard: 'signedIn',
      handler: upstreamRead('sources', () => upstream.sources()),
    },
    {
      ...API.bankHolidays,
      guard: 'admin',
      handler: numberedRead('year', 'bank holidays', (y) => upstream.bankHolidays(y)),
    },
  ];
}
