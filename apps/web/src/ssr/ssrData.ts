import type { QueryClient } from '@tanstack/react-query';
import type { PublicReferral } from '@referrals/shared';
import type { QueryParams } from '../api/apiClient';
import { apiKey } from '../api/queries';
import type { FetchedPage } from '../live/ReferralPage';
import { PUBLIC_FEED_PATH } from '../public/publicFeedRead';
import type { RenderBasis } from './renderBasis';

/** The id of the element that carries a server render's data. */
export const SSR_DATA_ID = 'ssr-data';

/** What a server-rendered public feed hands the browser: what it rendered with. */
export interface SsrData {
  readonly basis: RenderBasis;
  /** The first page, as the relay's list answers the query the page asks. */
  readonly page: FetchedPage<PublicReferral>;
}

/**
 * JSON safe inside an HTML script element: nothing in it can close the element or open a
 * comment (`<`, `>`, `&` escaped), and the two line separators JavaScript once refused.
 */
export const escapeJsonForHtml = (json: string): string =>
  json
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The data element of a server render (inert JSON: no script runs, the CSP allows it). */
export const ssrDataElement = (data: SsrData): string =>
  `<script type="application/json" id="${SSR_DATA_ID}">${escapeJsonForHtml(JSON.stringify(data))}</script>`;

const isSsrData = (v: unknown): v is SsrData => {
  if (!v || typeof v !== 'object' || !('basis' in v) || !('page' in v)) return false;
  const { basis, page } = v;
  return (
    typeof basis === 'object' &&
    basis !== null &&
    typeof (basis as RenderBasis).now === 'number' &&
    typeof page === 'object' &&
    page !== null &&
    Array.isArray((page as FetchedPage<unknown>).content)
  );
};

/** The server render's data in this document, or null on a page rendered only in the browser. */
export const readSsrData = (doc: Pick<Document, 'getElementById'>): SsrData | null => {
  const text = doc.getElementById(SSR_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const data: unknown = JSON.parse(text);
    return isSsrData(data) ? data : null;
  } catch {
    return null;
  }
};

/**
 * Puts the server render's page into the query cache under the request the feed asks for
 * (`params`), where the feed's first render takes it instead of reading it again.
 */
export const seedPublicFeed = (client: QueryClient, params: QueryParams, data: SsrData): void => {
  client.setQueryData(apiKey(PUBLIC_FEED_PATH, params), data.page);
};
