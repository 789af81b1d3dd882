/**
 * `GET /api/public/referrals`: the public feed, open to anyone.
 * Invariant: every row is in the public projection; no contact detail reaches an anonymous
 * caller.
 */
import { API } from '@referrals/shared';
import type { ReadModel } from '../../readModel/api.js';
import { ALL } from '../../readModel/api.js';
import { fail, type Route } from '../api.js';
import { publicFeedQuery, sharedListAnswer } from './listPage.js';
import { SharedPages } from './sharedPages.js';

export function publicReferralsRoute(readModel: ReadModel): Route {
  const shared = new SharedPages(() => readModel.referralIndex.seq);
  return {
    ...API.publicReferrals,
    guard: 'anyone',
    handler: (req) => {
      const q = publicFeedQuery(req.query);
      if (!q.ok) return Promise.resolve(fail(400, 'invalid list query', q.errors));
      return sharedListAnswer(readModel, shared, req, {
        scope: ALL,
        query: q.query,
        projection: 'public',
      });
    },
  };
}
