/**
 * `GET /api/public/referrals`: the public feed, open to anyone.
 * Invariant: every row is in the public projection; no contact detail reaches an anonymous
 * caller.
 */
import { API } from '@referrals/shared';
import type { ReadModel } from '../../readModel/api.js';
import { fail, ok, type Route } from '../api.js';
import { publicFeedPage } from './listPage.js';

export function publicReferralsRoute(readModel: ReadModel): Route {
  return {
    ...API.publicReferrals,
    guard: 'anyone',
    handler: async (req) => {
      const answer = await publicFeedPage(readModel, req.query, req.signal);
      return answer.ok ? ok(answer.page) : fail(400, 'invalid list query', answer.errors);
    },
  };
}
