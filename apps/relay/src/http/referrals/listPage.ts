/**
 * Pages of the referral lists, as every list route (and the server render of the public feed)
 * builds them from the read model's indexes.
 * Invariant: a page is read from the indexes alone, never from the upstream, and while the first
 * load of the market runs it says so (`loading`) rather than passing for the whole market.
 */
import { LRUCache } from 'lru-cache';
import { listDefaults, parseReferralQuery, type ReferralQuery } from '@referrals/shared';
import {
  ALL,
  projectRow,
  withState,
  type ListScope,
  type ReadModel,
  type RowProjection,
} from '../../readModel/api.js';
import type { ApiRequest, ApiResponse } from '../api.js';
import { GZIP_MIN_BYTES, type SharedPages } from './sharedPages.js';

/** Rows of a list page when the query names no size. */
export const PAGE_SIZE = 25;

/** A list with nothing in it (a user whose agency has no marketplace): the page, no total. */
export const emptyPage = (seq: number, q: ReferralQuery) => ({
  seq,
  content: [],
  totalElements: 0,
  page: q.page,
  size: q.size,
});

/**
 * While the first load of the market runs, a list answers with what has arrived and says so:
 * `loading` gives the referrals loaded and expected.
 */
export function loadingNoteOf(readModel: ReadModel) {
  const loading = readModel.status.get('poll')?.loading;
  return loading ? { loading } : {};
}

/**
 * A page of a list from the indexes, the state filter narrowing the scope; `signal` ends the wait
 * when the asker goes away.
 */
export const listPage = async (
  readModel: ReadModel,
  scope: ListScope,
  q: ReferralQuery,
  signal?: AbortSignal,
) => ({
  ...(await readModel.referralIndex.page(withState(scope, q.state), q, signal)),
  ...loadingNoteOf(readModel),
});

/** What a list answer says besides its page: the view and order it was cut in, the loading note. */
type AnswerHead = Readonly<Record<string, unknown>>;

/** The JSON of `head`'s fields and the page's in one object (their keys never overlap). */
function withHead(head: AnswerHead, pageJson: string): string {
  const h = JSON.stringify(head);
  return h === '{}' ? pageJson : `${h.slice(0, -1)},${pageJson.slice(1)}`;
}

/**
 * A list's answer, shared with every reader who asks the same page of the same scope in the same
 * projection at this seq (see sharedPages.ts): the page as the host serialized it, after `head`'s
 * fields and the loading note, gzipped for a reader that accepts it.
 */
export async function sharedListAnswer(
  readModel: ReadModel,
  shared: SharedPages,
  req: Pick<ApiRequest, 'signal' | 'acceptsGzip'>,
  list: {
    readonly scope: ListScope;
    readonly query: ReferralQuery;
    readonly projection: RowProjection;
    readonly head?: AnswerHead;
  },
): Promise<ApiResponse> {
  const scope = withState(list.scope, list.query.state);
  const head = { ...list.head, ...loadingNoteOf(readModel) };
  const key = `${list.projection}|${scope.key}|${JSON.stringify(list.query)}|${JSON.stringify(head)}`;
  const answer = await shared.answer(
    key,
    async (signal) => {
      const page = await readModel.referralIndex.pageJson(
        scope,
        list.query,
        list.projection,
        signal,
      );
      return withHead(head, page.json);
    },
    req.signal,
  );
  const zip = req.acceptsGzip === true && answer.body.length >= GZIP_MIN_BYTES;
  return {
    status: 200,
    contentType: 'application/json; charset=utf-8',
    bytes: zip ? await answer.gzipped() : answer.body,
    headers: zip
      ? { 'content-encoding': 'gzip', vary: 'Accept-Encoding' }
      : { vary: 'Accept-Encoding' },
  };
}

/** List queries remembered as parsed; the least recently asked is forgotten first. */
export const QUERIES_HELD = 1000;
const parsedQueries = new LRUCache<string, ReturnType<typeof parseReferralQuery>>({
  max: QUERIES_HELD,
});

/**
 * A list query of raw parameters with a caller's defaults, parsed and validated once for every
 * request that asks the same (agents of one view ask the same few queries over and over).
 */
export function parseListQuery(
  params: Readonly<Record<string, unknown>>,
  defaults: Parameters<typeof parseReferralQuery>[1],
): ReturnType<typeof parseReferralQuery> {
  const key = JSON.stringify([params, defaults]);
  const known = parsedQueries.get(key);
  if (known) return known;
  const parsed = parseReferralQuery(params, defaults);
  parsedQueries.set(key, parsed);
  return parsed;
}

/** The public feed's query of raw parameters, with the feed's defaults. */
export const publicFeedQuery = (params: Readonly<Record<string, unknown>>) =>
  parseListQuery(params, { ...listDefaults({ kind: 'public' }), size: PAGE_SIZE });

/**
 * A page of the public feed for a list query (its raw parameters), in the public projection: what
 * the server render of the feed shows.
 */
export async function publicFeedPage(
  readModel: ReadModel,
  params: Readonly<Record<string, unknown>>,
  signal?: AbortSignal,
) {
  const q = publicFeedQuery(params);
  if (!q.ok) return q;
  const page = await listPage(readModel, ALL, q.query, signal);
  return {
    ok: true as const,
    page: { ...page, content: page.content.map((o) => projectRow(o, 'public')) },
  };
}
