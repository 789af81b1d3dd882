/**
 * The public feed's server-rendered document, cached per brand, colour scheme and state.
 * Invariant: a document is served only for the read model's seq it was cut at (or while its
 * successor renders), and a key renders at most once a second.
 */
import { LRUCache } from 'lru-cache';
import { brandForHost, parseStateParam, ROUTES, STATE_QUERY_PARAM } from '@referrals/shared';
import { publicFeedPage } from '../http/referrals.js';
import { logger } from '../log.js';
import type { ReadModel } from '../readModel/api.js';
import type { SsrRenderer } from './ssrRenderer.js';

const log = logger('ssr');

/** A key's document is rendered again at most this often, however fast the market changes. */
export const MIN_RENDER_INTERVAL_MS = 1000;
/**
 * A document older than this is rendered again even when no referral changed, as its relative
 * times ("5 minutes ago") age; one younger is served while its successor renders.
 */
export const MAX_DOCUMENT_AGE_MS = 30_000;
/**
 * How long a request waits for a render when there is no document to send: past it the app shell
 * is sent (the browser renders the feed itself, as fast as before), and the render goes on to
 * serve the next request. A cold worker (its first render, on a busy machine) can take seconds.
 */
export const RENDER_WAIT_MS = 1000;
/** Keys held: brands x colour schemes x (states and All States), with room to spare. */
const MAX_KEYS = 256;

/** The client hint of the visitor's colour scheme (Chromium sends it once asked by Accept-CH). */
export const COLOUR_SCHEME_HINT = 'Sec-CH-Prefers-Color-Scheme';

/** What of a request the feed's document depends on. */
export interface FeedRequest {
  /** The host the page was asked of: it picks the brand. */
  readonly host: string;
  /** The raw `?state=` value, if any. */
  readonly state: string | undefined;
  /** The colour-scheme client hint, if the browser sent one. */
  readonly colourScheme: string | undefined;
  /** Whether the visitor is on a phone (see `isMobile`): the feed's narrow layout. */
  readonly mobile: boolean;
}

/** The client hint that says a phone (Chromium sends it with every request). */
export const MOBILE_HINT = 'Sec-CH-UA-Mobile';

/**
 * Whether a request comes from a phone: its mobile client hint, else its user agent (browsers
 * without client hints name "Mobi" in it on phones).
 */
export const isMobile = (hint: string | undefined, userAgent: string | undefined): boolean =>
  hint !== undefined ? hint.trim() === '?1' : /Mobi/.test(userAgent ?? '');

interface Rendered {
  /** Null: this key is rendered in the browser (a state no list can match, or a failed render). */
  readonly html: string | null;
  readonly seq: number;
  readonly at: number;
}

interface Entry {
  last: Rendered | null;
  rendering: Promise<Rendered> | null;
}

export interface PublicFeedHtmlDeps {
  readonly renderer: SsrRenderer;
  readonly readModel: ReadModel;
  readonly now?: () => number;
  /** The time zone dates are rendered in before the browser shows its own. */
  readonly timeZone?: string;
}

/**
 * The public feed's server-rendered document for a request, or null when it is to be rendered in
 * the browser (the caller then sends the plain `index.html`). Documents are cached per brand,
 * colour scheme and state with the read model's seq they were cut at: a request renders only
 * when the seq moved or the document aged, at most once a second per key, and the renders run
 * in the renderer's worker. A failed render answers null (logged once) and is tried again a
 * second later.
 */
export function publicFeedHtml(d: PublicFeedHtmlDeps) {
  const now = d.now ?? Date.now;
  const timeZone = d.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const entries = new LRUCache<string, Entry>({ max: MAX_KEYS });
  let failures = 0;

  const render = async (
    url: string,
    host: string,
    mode: 'light' | 'dark',
    mobile: boolean,
  ): Promise<Rendered> => {
    const seq = d.readModel.referralIndex.seq;
    const at = now();
    try {
      const params = await d.renderer.firstQuery(url);
      if (!params) return { html: null, seq, at };
      const answer = await publicFeedPage(d.readModel, params);
      if (!answer.ok)
        throw new Error(`the feed's first query is refused: ${answer.errors.join('; ')}`);
      const html = await d.renderer.render({
        url,
        host,
        basis: { now: at, timeZone, mode, mobile },
        page: answer.page,
      });
      return { html, seq: answer.page.seq, at };
    } catch (err) {
      failures += 1;
      if (failures === 1) log.warn({ err }, 'public feed not server-rendered: index.html served');
      else log.debug({ err }, 'public feed render failed');
      return { html: null, seq: -1, at };
    }
  };

  return async (r: FeedRequest): Promise<string | null> => {
    const brand = brandForHost(r.host);
    const mode = r.colourScheme?.includes('dark') ? 'dark' : 'light';
    const state = parseStateParam(r.state);
    const key = `${brand.id}|${mode}|${r.mobile ? 'phone' : 'wide'}|${state ?? ''}`;
    let entry = entries.get(key);
    if (!entry) {
      entry = { last: null, rendering: null };
      entries.set(key, entry);
    }
    const { last } = entry;
    const age = last ? now() - last.at : Infinity;
    const current = last?.seq === d.readModel.referralIndex.seq;
    if (last && (age < MIN_RENDER_INTERVAL_MS || (current && age < MAX_DOCUMENT_AGE_MS)))
      return last.html;
    const held = entry;
    const url = `/${ROUTES.publicReferrals}${state ? `?${STATE_QUERY_PARAM}=${encodeURIComponent(state)}` : ''}`;
    held.rendering ??= render(url, r.host, mode, r.mobile).then((done) => {
      held.last = done;
      held.rendering = null;
      return done;
    });
    // A document that is a few seconds behind is sent at once; its successor is on its way.
    if (last?.html && age < MAX_DOCUMENT_AGE_MS) return last.html;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<null>(
      (resolve) => (timer = setTimeout(resolve, RENDER_WAIT_MS, null)),
    );
    const done = await Promise.race([held.rendering.then((x) => x.html), late]);
    clearTimeout(timer);
    return done;
  };
}
