import { listDefaults, parseStateParam, ROUTES, STATE_QUERY_PARAM } from '@referrals/shared';
import { withQuery, type ApiClient, type QueryParams } from '../api/apiClient';
import type { EarlyReads } from '../api/earlyReads';
import {
  cannotMatch,
  initialListState,
  listRequestParams,
  type ListState,
} from '../referrals/listState';

/** The relay's REST list of the public feed. */
export const PUBLIC_FEED_PATH = '/api/public/referrals';

export const PUBLIC_FEED_DEFAULTS = listDefaults({ kind: 'public' });

/** The feed's starting state: the audience's defaults, in the URL's state. */
export const initialPublicFeedState = (urlState: string | null): ListState =>
  initialListState(PUBLIC_FEED_DEFAULTS, 'all', urlState);

/** Whether the location is the public feed. */
export const isPublicFeed = (loc: Pick<Location, 'pathname'>): boolean =>
  loc.pathname === `/${ROUTES.publicReferrals}`;

/**
 * The query of the feed's first page at this location (its `?state=`), as the screen asks it;
 * null off the feed, or for a state no list can match (the screen then asks nothing).
 */
export const publicFeedFirstQuery = (
  loc: Pick<Location, 'pathname' | 'search'>,
): QueryParams | null => {
  if (!isPublicFeed(loc)) return null;
  const urlState = parseStateParam(new URLSearchParams(loc.search).get(STATE_QUERY_PARAM));
  const state = initialPublicFeedState(urlState);
  return cannotMatch(state) ? null : listRequestParams(state, false);
};

/**
 * On the public feed, reads its first page while the entry is still starting (the same request
 * the screen makes, so the screen takes this answer instead of asking after its first render).
 * True on the public feed, where the entry also starts the screen's code (`preloadPublicFeed`).
 */
export const startPublicFeedEarly = (
  loc: Pick<Location, 'pathname' | 'search'>,
  api: ApiClient,
  early: EarlyReads,
): boolean => {
  const params = publicFeedFirstQuery(loc);
  if (params)
    early.remember(withQuery(PUBLIC_FEED_PATH, params), api.get(PUBLIC_FEED_PATH, params));
  return isPublicFeed(loc);
};
